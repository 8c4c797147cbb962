// Whether a process id names a process that still runs. A zombie does not: it has exited
// and only waits for its parent (or, orphaned, for pid 1) to reap it. Some container inits
// reap orphans seconds late, and `kill(pid, 0)` succeeds on a zombie, so code that reads a
// pid-named lock or temp file must not take a zombie for its live owner.
import { readFileSync } from "node:fs";

export function isProcessRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs under another user.
    if ((error as { code?: unknown }).code !== "EPERM") return false;
  }
  return !isZombie(pid);
}

// /proc/<pid>/stat is "pid (comm) state …"; comm may hold spaces and parentheses, so the
// state is the first field after the LAST ")". Without /proc (macOS) zombies cannot be told.
function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state === "Z" || state === "X";
}
