// Folders teardown may find owned by someone else (issue 21 item 5): another local user
// can create `<tmpdir>/elwood-<uid>` in the sticky /tmp before us, and a private root can
// end up root-owned after a `sudo` run. Such a folder is never used and never removed;
// teardown skips it and says so, instead of failing the whole teardown.

import { promises as fs } from "node:fs";
import { currentUid } from "./path-safety.js";
import { removeOwnedTree } from "./remove-tree.js";
import { errnoCode, stateCorrupt } from "./state-errors.js";

export interface SkippedFolder {
  readonly path: string;
  readonly reason: "foreign_owner" | "symlink" | "not_a_directory";
}

/** Whether `target` is missing, a real directory owned by `uid`, or one to skip. */
export async function classifyFolder(
  target: string,
  uid: number = currentUid(),
): Promise<"missing" | "ours" | SkippedFolder> {
  let stats: Awaited<ReturnType<typeof fs.lstat>>;
  try {
    stats = await fs.lstat(target);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return "missing";
    throw stateCorrupt(`Cannot inspect ${target}`, target, error);
  }
  if (stats.isSymbolicLink()) return { path: target, reason: "symlink" };
  if (!stats.isDirectory()) return { path: target, reason: "not_a_directory" };
  if (stats.uid !== uid) return { path: target, reason: "foreign_owner" };
  return "ours";
}

export interface FolderRemoval {
  readonly removed: boolean;
  readonly skipped?: SkippedFolder;
}

/**
 * Removes `parent/child` when both are ours; skips (and names) the first that is not.
 * Nothing under a skipped folder is touched.
 */
export async function removeOwnedChild(
  parent: string,
  child: string,
  uid: number = currentUid(),
): Promise<FolderRemoval> {
  for (const folder of [parent, child]) {
    const found = await classifyFolder(folder, uid);
    if (found === "missing") return { removed: false };
    if (found !== "ours") return { removed: false, skipped: found };
  }
  return { removed: await removeOwnedTree(child) };
}
