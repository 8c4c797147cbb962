// Finds the directories that hold the agents' executables the way a consumer
// project has them (issue 27): its own `node_modules/.bin` first, found from the module
// that called createAgentHome(), from the working directory and from where the kit is
// installed, then the PATH. The home's login shell (whose /etc/profile resets PATH)
// gets these folders back.
import { accessSync, constants } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ElwoodError } from "../../errors.js";
import type { AgentHomeDialect } from "./dialect.js";
import { AGENT_HOME_DIALECTS } from "./dialects.js";

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

/** Where the lookup starts, nearest first (the files come from {@link callSiteFiles}). */
export interface CliSearchRoots {
  /** The file that called createAgentHome(), when the stack names one. */
  readonly callerFile?: string;
  /** The kit's own file (inside the consumer's node_modules once installed). */
  readonly kitFile?: string;
  readonly cwd: string;
  readonly pathVariable: string | undefined;
}

/** The folders to search for `name`, in order, without duplicates. */
export function cliSearchPath(roots: CliSearchRoots): string[] {
  const starts = [
    ...(roots.callerFile === undefined ? [] : [dirname(roots.callerFile)]),
    roots.cwd,
    ...(roots.kitFile === undefined ? [] : [dirname(roots.kitFile)]),
  ];
  const onPath = (roots.pathVariable ?? "").split(delimiter).filter((dir) => isAbsolute(dir));
  return [...new Set([...starts.flatMap(nodeModulesBins), ...onPath])];
}

/**
 * The default `cliPaths`: the folder of each CLI found, plus the running node's folder
 * (codex's launcher is a node script). Finding neither CLI is an error naming `cliPaths`,
 * since a home without them can only fail later, with a less helpful message.
 */
export function defaultCliDirs(
  roots: CliSearchRoots,
  dialects: readonly Pick<AgentHomeDialect, "cliNames" | "packages">[] = AGENT_HOME_DIALECTS,
): string[] {
  const searched = cliSearchPath(roots);
  const found = new Set<string>();
  const names = dialects.flatMap((dialect) => dialect.cliNames);
  for (const name of names) {
    const dir = searched.find((candidate) => isExecutable(join(candidate, name)));
    if (dir !== undefined) found.add(resolve(dir));
  }
  if (found.size === 0) {
    throw new ElwoodError(
      "invalid_options",
      `createAgentHome() found none of ${names.map((name) => `\`${name}\``).join(", ")} in a node_modules/.bin above ${roots.callerFile ?? roots.cwd} or on PATH. Install them in your project (npm install --save-dev ${dialects.flatMap((dialect) => dialect.packages).join(" ")}) or pass \`cliPaths\` with the folders that hold them.`,
      { details: { option: "cliPaths", searched } },
    );
  }
  found.add(dirname(process.execPath));
  return [...found];
}

/**
 * The kit's own file and the first file outside it on the current call stack. Read
 * from `new Error().stack` text (V8's `at fn (file:line:col)` lines), so nothing global
 * such as Error.prepareStackTrace is touched; either is undefined when unreadable.
 */
export function callSiteFiles(stack: string | undefined): { kit?: string; caller?: string } {
  const files = (stack ?? "").split("\n").flatMap((line) => {
    const file = stackLineFile(line);
    return file === undefined ? [] : [file];
  });
  // files[0] is the function that made the stack: createAgentHome, in the kit.
  const kit = files[0];
  const caller = files.find((file) => file !== kit);
  return {
    ...(kit === undefined ? {} : { kit }),
    ...(caller === undefined ? {} : { caller }),
  };
}

function stackLineFile(line: string): string | undefined {
  const match = /^\s*at (?:.*?\()?((?:file:\/\/)?\/[^()]*?):\d+:\d+\)?\s*$/.exec(line);
  const location = match?.[1];
  if (location === undefined) return undefined;
  try {
    return location.startsWith("file://") ? fileURLToPath(location) : location;
  } catch {
    return undefined;
  }
}
