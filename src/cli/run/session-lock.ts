// One live owner per session id (spec §5.6, C-CLI-16): a proper-lockfile lock at
// `<stateDir>/locks/<id>.lock`, outside the session dir so teardown cannot pull it away
// mid-run. `elwood sessions` reports a held lock as `live`.
import { promises as fs } from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
import { ElwoodError } from "../../index.js";

const STALE_MS = 10_000;

function lockPaths(stateDir: string, id: string) {
  const dir = path.join(stateDir, "locks");
  // proper-lockfile wants a file to lock; with realpath off it need not exist.
  return { dir, file: path.join(dir, id), lockfilePath: path.join(dir, `${id}.lock`) };
}

async function ensureLockDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stats = await fs.lstat(dir);
  const uid = typeof process.getuid === "function" ? process.getuid() : stats.uid;
  if (!stats.isDirectory() || stats.uid !== uid || (stats.mode & 0o077) !== 0) {
    throw new ElwoodError(
      "state_corrupt",
      `${dir} must be a private folder owned by you (mode 700, not a symlink); fix or remove it.`,
      { details: { path: dir } },
    );
  }
}

/** Takes the session's lock; a second live owner gets `invalid_options` (exit 2). */
export async function lockSession(stateDir: string, id: string): Promise<() => Promise<void>> {
  const { dir, file, lockfilePath } = lockPaths(stateDir, id);
  await ensureLockDir(dir);
  try {
    const release = await lockfile.lock(file, {
      realpath: false,
      lockfilePath,
      stale: STALE_MS,
      // A lost lock (the machine slept past `stale`) must not crash the run.
      onCompromised: () => undefined,
    });
    return async () => {
      await release().catch(() => undefined);
    };
  } catch (error) {
    if ((error as { code?: unknown }).code === "ELOCKED") {
      throw new ElwoodError(
        "invalid_options",
        `Session ${id} is in use by another elwood process; wait for it to finish (see \`elwood sessions\`).`,
        { details: { elwoodSessionId: id } },
      );
    }
    throw new ElwoodError("state_corrupt", `Could not lock session ${id} in ${dir}.`, {
      cause: error,
    });
  }
}

/** True when a live process holds the session's lock. */
export async function isSessionLive(stateDir: string, id: string): Promise<boolean> {
  const { file, lockfilePath } = lockPaths(stateDir, id);
  return lockfile
    .check(file, { realpath: false, lockfilePath, stale: STALE_MS })
    .catch(() => false);
}
