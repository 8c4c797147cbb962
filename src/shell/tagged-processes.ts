// Reaping what a CLI's tools left behind (issue 16, C-LIFE-10). The CLIs run tool
// commands in process groups of their own, so the group reap misses them, and once the
// CLI has died (crashed, OOM-killed) they are re-parented away from our tree. Every
// process started under a session inherits a per-launch tag in its environment; on
// Linux, /proc/<pid>/environ finds them wherever they now hang. Elsewhere only the
// group reap applies (prd/decisions.md "Crash recovery").
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

/** The environment variable carrying a launch's tag; tools inherit it. */
export const LAUNCH_TAG_ENV = "ELWOOD_LAUNCH_TAG";

export function newLaunchTag(): string {
  return randomBytes(16).toString("hex");
}

/**
 * SIGKILLs every process of this user whose environment carries `tag` (never this
 * process). Returns how many were signalled; 0 where /proc is not available.
 */
export function killTaggedProcesses(tag: string): number {
  if (process.platform !== "linux" || !/^[0-9a-f]{32}$/.test(tag)) return 0;
  const entry = Buffer.from(`${LAUNCH_TAG_ENV}=${tag}\0`);
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return 0;
  }
  let killed = 0;
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) continue;
    if (!environCarries(pid, entry)) continue;
    try {
      process.kill(pid, "SIGKILL");
      killed += 1;
    } catch {
      // Exited meanwhile, or not ours to signal.
    }
  }
  return killed;
}

function environCarries(pid: number, entry: Buffer): boolean {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false; // gone, or another user's process
  }
  // A whole variable: at the start, or right after the previous variable's NUL.
  for (let at = environ.indexOf(entry); at >= 0; at = environ.indexOf(entry, at + 1)) {
    if (at === 0 || environ[at - 1] === 0) return true;
  }
  return false;
}
