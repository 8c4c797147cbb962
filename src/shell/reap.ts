// Process-group reaping (api.md "stop / kill / teardown", lifecycle §1.6, C-LIFE-10):
// SIGKILL the leader's whole group so orphans such as the hook bridge die too, even
// after the leader itself has exited.

import { ElwoodError } from "../errors.js";

/** SIGKILLs process group `pid`; true if the group existed, false if it was already empty. */
export function reapProcessGroup(pid: number): boolean {
  // -0 and -1 would signal our own group or every process we may signal: refuse those.
  if (!Number.isInteger(pid) || pid <= 1) {
    throw new ElwoodError(
      "invalid_options",
      `A process group id must be an integer above 1; got ${pid}.`,
      {
        details: { pid },
      },
    );
  }
  try {
    process.kill(-pid, "SIGKILL");
    return true;
  } catch (cause) {
    if (errorCode(cause) === "ESRCH") return false;
    throw new ElwoodError(
      "termination_failed",
      `Could not SIGKILL process group ${pid}; its processes may still be running. Retry, or kill them by hand.`,
      { cause, details: { pid } },
    );
  }
}

function errorCode(error: unknown): unknown {
  return typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined;
}
