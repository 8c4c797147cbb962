// Finds the directories that hold the claude and codex executables, so an agent
// home's login shell (whose /etc/profile resets PATH) can still find them.
import { accessSync, constants } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";

const CLI_NAMES = ["claude", "codex"] as const;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `node_modules/.bin` folders from `start` up to the filesystem root, nearest first. */
function nodeModulesBins(start: string): string[] {
  const dirs: string[] = [];
  let current = resolve(start);
  for (;;) {
    dirs.push(join(current, "node_modules", ".bin"));
    const parent = dirname(current);
    if (parent === current) return dirs;
    current = parent;
  }
}

/**
 * The default CLI directories: where `claude`/`codex` are found on the current PATH
 * or in a `node_modules/.bin` above the working directory, plus the directory of the
 * running node (codex's launcher is a node script).
 */
export function defaultCliDirs(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string[] {
  const candidates = [
    ...(env.PATH ?? "").split(delimiter).filter(Boolean),
    ...nodeModulesBins(cwd),
  ];
  const found = new Set<string>();
  for (const name of CLI_NAMES) {
    const dir = candidates.find((candidate) => isExecutable(join(candidate, name)));
    if (dir !== undefined) found.add(resolve(dir));
  }
  found.add(dirname(process.execPath));
  return [...found];
}
