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
    "The agent exited by itself before the turn completed; resume the session to continue the conversation.",
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
