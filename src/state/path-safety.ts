// Symlink and ownership checks for state directories (§8.1). Nothing here follows
// a symlink at a state path, and every check runs before the path is changed.

import { constants, promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { errnoCode, stateCorrupt } from "./state-errors.js";

const DIRECTORY_NO_FOLLOW = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
const ROOT_UID = 0;

/** The uid whose files state must belong to. */
export function currentUid(): number {
  if (typeof process.getuid !== "function") throw new Error("POSIX uid is unavailable");
  return process.getuid();
}

async function lstatOrUndefined(target: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(target);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw stateCorrupt(`Cannot inspect state path ${target}`, target, error);
  }
}

/** Every proper ancestor of an absolute path, outermost first. */
export function ancestorsOf(target: string): string[] {
  const result: string[] = [];
  let current = path.dirname(target);
  while (true) {
    result.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) return result;
    current = parent;
  }
}

// System-owned aliases (macOS /tmp -> /private/tmp) are trusted; a symlink owned
// by anyone but root can be planted by a user to redirect state, so it is refused.
export async function assertSafeAncestors(
  target: string,
  options: { readonly create: boolean },
): Promise<void> {
  for (const ancestor of ancestorsOf(target)) {
    let stats = await lstatOrUndefined(ancestor);
    if (stats === undefined) {
      if (!options.create) return;
      await makeDirectory(ancestor, 0o700);
      stats = await lstatOrUndefined(ancestor);
      if (stats === undefined) throw stateCorrupt(`State path ${ancestor} vanished`, ancestor);
    }
    if (stats.isSymbolicLink()) {
      if (stats.uid !== ROOT_UID)
        throw stateCorrupt(
          `State path ancestor ${ancestor} is a symlink owned by uid ${stats.uid}; use a real directory.`,
          ancestor,
        );
      continue;
    }
    if (!stats.isDirectory())
      throw stateCorrupt(`State path ancestor ${ancestor} is not a directory`, ancestor);
  }
}

async function makeDirectory(target: string, mode: number): Promise<boolean> {
  try {
    await fs.mkdir(target, { mode });
    return true;
  } catch (error) {
    if (errnoCode(error) === "EEXIST") return false;
    throw stateCorrupt(`Cannot create state directory ${target}`, target, error);
  }
}

function assertOwnedDirectoryStats(target: string, stats: Stats): void {
  if (stats.isSymbolicLink())
    throw stateCorrupt(`State directory ${target} is a symlink; refusing to follow it.`, target);
  if (!stats.isDirectory()) throw stateCorrupt(`State path ${target} is not a directory`, target);
  const uid = currentUid();
  if (stats.uid !== uid)
    throw stateCorrupt(
      `State directory ${target} is owned by uid ${stats.uid}, expected ${uid}.`,
      target,
    );
}

/** Read-side check: "missing", or a real directory we own; anything else throws. */
export async function inspectOwnedDirectory(target: string): Promise<"missing" | "present"> {
  const stats = await lstatOrUndefined(target);
  if (stats === undefined) return "missing";
  assertOwnedDirectoryStats(target, stats);
  return "present";
}

export interface EnsureDirectoryOptions {
  /** Mode for a newly created directory. */
  readonly mode: number;
  /** When true the directory is always set to exactly `mode` (through a no-follow fd). */
  readonly enforceMode: boolean;
}

// mkdir never follows a final symlink (EEXIST), and the no-follow descriptor makes
// the ownership check and chmod apply to the directory itself, never a link target.
export async function ensureOwnedDirectory(
  target: string,
  options: EnsureDirectoryOptions,
): Promise<boolean> {
  const before = await lstatOrUndefined(target);
  if (before !== undefined) assertOwnedDirectoryStats(target, before);
  const created = before === undefined && (await makeDirectory(target, options.mode));
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(target, DIRECTORY_NO_FOLLOW);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ELOOP" || code === "ENOTDIR")
      throw stateCorrupt(`State directory ${target} is not a real directory`, target, error);
    throw stateCorrupt(`Cannot open state directory ${target}`, target, error);
  }
  try {
    const stats = await handle.stat();
    assertOwnedDirectoryStats(target, stats);
    if (options.enforceMode && (stats.mode & 0o7777) !== options.mode)
      await handle.chmod(options.mode);
  } finally {
    await handle.close();
  }
  return created;
}

/** fsyncs a directory so a rename or unlink inside it is durable. */
export async function syncDirectory(target: string): Promise<void> {
  const handle = await fs.open(target, DIRECTORY_NO_FOLLOW);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
