// The errors a turn fails or ends with, shared by the turn owner (./turns.ts).
import { ElwoodError } from "../../errors.js";

export function isExitError(error: unknown): error is ElwoodError {
  return (
    error instanceof ElwoodError &&
    error.name === "session_not_running" &&
    error.details.status === "exited"
  );
}

export function exitedMidTurn(exitCode?: unknown): ElwoodError {
  return new ElwoodError(
    "session_not_running",
    // No bare "resume to continue": a CLI that exits because its conversation is gone
    // would exit again (issue 47); resume* checks the conversation before it spawns.
    "The agent exited by itself before the turn completed; its last screen (session.terminal) says why. Resuming the session continues the conversation if the CLI still has it on disk, and fails resume_unavailable naming the file if not.",
    { details: { status: "exited", ...(typeof exitCode === "number" ? { exitCode } : {}) } },
  );
}

export function timeout(what: string, timeoutMs: number): ElwoodError {
  return new ElwoodError("wait_timeout", `Timed out waiting for ${what}.`, {
    details: { timeoutMs },
  });
}

export function asElwoodError(error: unknown): ElwoodError {
  if (error instanceof ElwoodError) return error;
  return new ElwoodError("session_not_running", "The prompt could not be delivered.", {
    cause: error,
  });
}
