// Owner-only files (§8.2): rename-atomic, fsync-backed writes and no-follow,
// ownership-checked reads. A crashed writer leaves at most a temp file, which is
// never read as state and is swept by the next write to the same directory.

import { randomBytes } from "node:crypto";
import { constants, promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { ElwoodError } from "../errors.js";
import { currentUid, syncDirectory } from "./path-safety.js";
import { errnoCode, stateCorrupt } from "./state-errors.js";

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const TEMP_PATTERN = /^\..+\.(\d+)-[0-9a-f]{12}\.tmp$/;
/** Largest state file read back (50 loops of 64 KiB, JSON-escaped, fit well within). */
export const MAX_STATE_FILE_BYTES = 32 * 1024 * 1024;

function assertPrivateFileStats(target: string, stats: Stats): void {
  if (!stats.isFile()) throw stateCorrupt(`State file ${target} is not a regular file`, target);
  const uid = currentUid();
  if (stats.uid !== uid)
    throw stateCorrupt(
      `State file ${target} is owned by uid ${stats.uid}, expected ${uid}.`,
      target,
    );
  if ((stats.mode & 0o077) !== 0)
    throw stateCorrupt(
      `State file ${target} has group/world permissions (${(stats.mode & 0o777).toString(8)}); expected 600.`,
      target,
    );
}

/** Reads an owner-only state file as UTF-8; undefined when it does not exist. */
export async function readPrivateFile(target: string): Promise<string | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(target, READ_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP")
      throw stateCorrupt(
        `State file ${target} is a symlink; refusing to follow it.`,
        target,
        error,
      );
    throw stateCorrupt(`Cannot open state file ${target}`, target, error);
  }
  try {
    const stats = await handle.stat();
    assertPrivateFileStats(target, stats);
    if (stats.size > MAX_STATE_FILE_BYTES)
      throw stateCorrupt(
        `State file ${target} is larger than ${MAX_STATE_FILE_BYTES} bytes`,
        target,
      );
    const bytes = await handle.readFile();
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof ElwoodError) throw error;
    throw stateCorrupt(`Cannot read state file ${target} as UTF-8`, target, error);
  } finally {
    await handle.close();
  }
}

// An existing target must be our own regular file: replacing a planted symlink
// would be harmless to its target, but it signals tampering, so it is refused.
async function assertReplaceable(target: string): Promise<void> {
  let stats: Stats;
  try {
    stats = await fs.lstat(target);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return;
    throw stateCorrupt(`Cannot inspect state file ${target}`, target, error);
  }
  if (stats.isSymbolicLink())
    throw stateCorrupt(`State file ${target} is a symlink; refusing to replace it.`, target);
  if (!stats.isFile()) throw stateCorrupt(`State file ${target} is not a regular file`, target);
  if (stats.uid !== currentUid())
    throw stateCorrupt(`State file ${target} is owned by uid ${stats.uid}`, target);
}

function tempNameFor(name: string): string {
  return `.${name}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM";
  }
}

// Temp files of live writers (including this process) are left alone so that
// concurrent writers never break each other's rename.
export async function removeStaleTempFiles(dir: string): Promise<number> {
  let removed = 0;
  for (const entry of await fs.readdir(dir)) {
    const match = TEMP_PATTERN.exec(entry);
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isProcessAlive(pid)) continue;
    try {
      await fs.unlink(path.join(dir, entry));
      removed += 1;
    } catch (error) {
      if (errnoCode(error) !== "ENOENT") throw error;
    }
  }
  return removed;
}

async function writeNewFile(target: string, data: string, mode: number): Promise<void> {
  const handle = await fs.open(target, CREATE_FLAGS, mode);
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.uid !== currentUid())
      throw stateCorrupt(`New state file ${target} is not our own regular file`, target);
    if ((stats.mode & 0o777) !== mode) await handle.chmod(mode);
    await handle.writeFile(data, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `dir/name` as a 0600 file: temp file, fsync, rename, fsync the directory. */
export async function writePrivateFileAtomic(
  dir: string,
  name: string,
  data: string,
): Promise<string> {
  const target = path.join(dir, name);
  await assertReplaceable(target);
  await removeStaleTempFiles(dir);
  const temp = path.join(dir, tempNameFor(name));
  try {
    await writeNewFile(temp, data, 0o600);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
  return target;
}

async function existsNoFollow(target: string): Promise<boolean> {
  try {
    await fs.lstat(target);
    return true;
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return false;
    throw stateCorrupt(`Cannot inspect state file ${target}`, target, error);
  }
}

// link(2) never replaces an existing name, so this creates `dir/name` completely
// or not at all and leaves any existing file (or planted link) untouched.
export async function createFileIfAbsent(
  dir: string,
  name: string,
  data: string,
  mode: number,
): Promise<boolean> {
  const target = path.join(dir, name);
  if (await existsNoFollow(target)) return false;
  const temp = path.join(dir, tempNameFor(name));
  try {
    await writeNewFile(temp, data, mode);
    await fs.link(temp, target);
    await syncDirectory(dir);
    return true;
  } catch (error) {
    if (errnoCode(error) === "EEXIST") return false;
    throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** Unlinks an owner-only file after checking it (a symlink is refused, not followed). */
export async function removePrivateFile(dir: string, name: string): Promise<boolean> {
  const target = path.join(dir, name);
  await assertReplaceable(target);
  try {
    await fs.unlink(target);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return false;
    throw error;
  }
  await syncDirectory(dir);
  return true;
}
