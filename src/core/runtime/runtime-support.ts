// Small facts the runtime and the launcher share.
import type { ElwoodTerminalSize } from "../contract/status.js";

/** An errno-like code safe to put in a warning; anything else becomes UnknownError. */
export function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[A-Z][A-Z0-9_]{1,31}$/.test(code) ? code : "UnknownError";
}

/** The PTY size a CLI starts at: the caller's, widened to the adapter's bootstrap minimum. */
export function bootstrapSize(
  minCols: number | undefined,
  requested: ElwoodTerminalSize,
): ElwoodTerminalSize {
  return { cols: Math.max(minCols ?? 0, requested.cols), rows: requested.rows };
}
