// Exit statuses (spec §5.6): 0 success, 1 agent or cleanup failure, 2 usage or config,
// 124 timeout, 130 interrupt. A primary failure's status survives a cleanup failure.
import { ELWOOD_AGENTS, ElwoodError, type ElwoodErrorName } from "../index.js";

export const EXIT = { ok: 0, failure: 1, usage: 2, timeout: 124, interrupted: 130 } as const;

/** Mistakes in what the user asked for: fixable by changing the command or config. */
const USAGE_ERRORS: ReadonlySet<ElwoodErrorName> = new Set<ElwoodErrorName>([
  "invalid_options",
  "no_agent_found",
  // Each agent's own "fix the command" errors (its invalid effort, its high-trust conflict).
  ...ELWOOD_AGENTS.agents.flatMap((agent) => agent.app.usageErrorNames as ElwoodErrorName[]),
  "invalid_image",
  "state_not_found",
  "adapter_mismatch",
  "resume_unavailable",
]);

export function exitCodeFor(error: unknown): number {
  if (error instanceof ElwoodError && USAGE_ERRORS.has(error.name)) return EXIT.usage;
  return EXIT.failure;
}

/** A content-free code and message for any thrown value. */
export function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof ElwoodError) return { code: error.name, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: "internal_error", message };
}
