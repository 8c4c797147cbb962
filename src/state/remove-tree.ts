// Teardown removal (§8.4): deletes one owned directory tree without following any
// symlink, so a link planted inside state can never reach outside it.

import { promises as fs } from "node:fs";
import { ElwoodError } from "../errors.js";
import { inspectOwnedDirectory } from "./path-safety.js";

/** Removes `target` when it exists; false when there was nothing to remove. */
export async function removeOwnedTree(target: string): Promise<boolean> {
  if ((await inspectOwnedDirectory(target)) === "missing") return false;
  try {
    // fs.rm lstat()s every entry and unlinks symlinks rather than descending into them.
    await fs.rm(target, { recursive: true, force: true });
  } catch (error) {
    throw new ElwoodError("teardown_failed", `Could not remove ${target}; remove it by hand.`, {
      details: { path: target },
      cause: error,
    });
  }
  return true;
}
