import { ElwoodError } from "../../errors.js";
import type { SessionEvents } from "../context/session-events.js";
import type { TerminalPort } from "../contract/ports.js";
import type { ElwoodSessionStatus, ElwoodTerminalSize } from "../contract/status.js";

/** A turn-end reply that makes the agent keep going (Stop `decision: "block"`). */
export function isBlockingReply(reply: unknown): boolean {
  return (
    typeof reply === "object" &&
    reply !== null &&
    (reply as { decision?: unknown }).decision === "block"
  );
}

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

/**
 * Restores the caller's size after a narrow bootstrap (Claude boots at ≥ 100 columns).
 * A failure keeps the bootstrap size and warns; input is released either way.
 */
export function restoreRequestedSize(
  terminal: TerminalPort,
  requested: ElwoodTerminalSize,
  events: SessionEvents,
): void {
  const current = terminal.size;
  if (requested.cols === current.cols && requested.rows === current.rows) return;
  try {
    terminal.resize(requested);
    events.emitResize(requested);
  } catch (error) {
    events.emitWarning({
      source: "lifecycle",
      code: "resize_restore_failed",
      message: "Could not restore the requested terminal size after the narrow bootstrap.",
      requestedCols: requested.cols,
      requestedRows: requested.rows,
      errorCode: errorCodeOf(error),
    });
  }
}

/**
 * session_not_running for a call on a closed or closing session. During a close-down the
 * status machine still says the old live status, so the caller passes the status the
 * session is settling on; the message never names a live one (issue 11 saw "no longer
 * running (status "running")").
 */
export function notRunningError(
  displayName: string,
  status: ElwoodSessionStatus,
  exit: { readonly exitCode: number } | undefined,
): ElwoodError {
  const how = exit === undefined ? "" : ` (the agent process exited with code ${exit.exitCode})`;
  return new ElwoodError(
    "session_not_running",
    `The ${displayName} session is no longer running (status "${status}")${how}.`,
    { details: { status, ...(exit === undefined ? {} : { exitCode: exit.exitCode }) } },
  );
}
