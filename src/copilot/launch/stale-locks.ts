// Copilot marks a conversation it has open with `inuse.<pid>.lock` (and `inuse.<pid>.hold`)
// in its session folder, and a launch that finds a lock whose pid it takes for alive opens
// on a "Session in use" dialog instead of the composer. After a crash Elwood has already
// ended every process of the earlier launch, but the CLI it SIGKILLed may still be a
// zombie waiting for pid 1 to reap it (seconds, under some container inits), and Copilot
// takes a zombie for a live owner. So before Copilot reopens a conversation, the locks
// whose owner has exited (dead or zombie) are removed; a lock of a process that really
// runs is kept, and that Copilot still shows its dialog (prd/copilot.md).
import { lstat, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { isProcessRunning } from "../../shell/process-alive.js";

const IN_USE_FILE = /^inuse\.(\d+)\.(lock|hold)$/;

/**
 * How long an owner that still runs is given to finish exiting. Elwood ends every process of
 * the earlier launch before a resume, but a killed Copilot (a 235 MB native binary) can take
 * a moment to go on a loaded machine; a resume that came first opened on an in-use session
 * with no composer (a fresh-clone run, killed mid-hook). A live owner is kept after it.
 */
const OWNER_EXIT_GRACE_MS = 5_000;
const OWNER_POLL_MS = 100;

/** Removes the in-use files of exited owners from `sessionDir`; resolves with their names. */
export async function removeExitedOwnersLocks(
  sessionDir: string,
  options: { readonly exitGraceMs?: number } = {},
): Promise<string[]> {
  const names = await readdir(sessionDir).catch(() => [] as string[]);
  const owners = names.flatMap((name) => {
    const match = IN_USE_FILE.exec(name);
    return match === null ? [] : [Number(match[1])];
  });
  const deadline = Date.now() + (options.exitGraceMs ?? OWNER_EXIT_GRACE_MS);
  while (owners.some(isProcessRunning) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, OWNER_POLL_MS));
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = IN_USE_FILE.exec(name);
    if (match === null || isProcessRunning(Number(match[1]))) continue;
    const path = join(sessionDir, name);
    // Only the CLI's own regular files: a symlink or folder planted under the name stays.
    const stats = await lstat(path).catch(() => undefined);
    if (stats?.isFile() !== true) continue;
    await unlink(path).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}
