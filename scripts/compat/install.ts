// Installs one CLI version from the npm registry into a per-user cache OUTSIDE the repo
// (${XDG_CACHE_HOME:-~/.cache}/elwood/cli-versions/<cli>@<version>) and returns its
// binary; an existing install of the same version is reused. "pinned" means the
// exact-pinned devDependency in this checkout's node_modules (nothing is installed).
import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AGENT_HOME_DIALECTS } from "../../src/testing/agent-home/dialects.js";
import { CLI_NAMES, type CliName } from "../../test/support/cli-binaries.js";

/** Each agent's npm package, as the kit's home dialect names it. */
export const CLI_PACKAGE = Object.fromEntries(
  CLI_NAMES.map((name) => {
    const dialect = AGENT_HOME_DIALECTS.find((candidate) => candidate.agent === name);
    const [pkg] = dialect?.packages ?? [];
    if (pkg === undefined) throw new Error(`the kit names no npm package for ${name}`);
    return [name, pkg];
  }),
) as Readonly<Record<CliName, string>>;

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const EXACT_VERSION = /^\d+\.\d+\.\d+$/;

export interface InstalledCli {
  readonly cli: CliName;
  readonly version: string;
  /** Absolute path of the executable; undefined for the pinned devDependency. */
  readonly binary: string | undefined;
  readonly isPinned: boolean;
}

export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "elwood", "cli-versions");
}

function installedVersion(packageRoot: string): string | undefined {
  try {
    const json = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof json.version === "string" ? json.version : undefined;
  } catch {
    return undefined;
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The devDependency's exact version (package.json pins it). */
export function pinnedVersion(cli: CliName): string {
  const root = join(REPOSITORY_ROOT, "node_modules", CLI_PACKAGE[cli]);
  const version = installedVersion(root);
  if (version === undefined) throw new Error(`expected ${root}/package.json; run npm ci first`);
  return version;
}

/** `npm view <package> version`: the newest release the registry serves today. */
export function latestVersion(cli: CliName): string {
  return execFileSync("npm", ["view", CLI_PACKAGE[cli], "version"], { encoding: "utf8" }).trim();
}

export function installCli(cli: CliName, requested: string): InstalledCli {
  const version = requested === "latest" ? latestVersion(cli) : requested;
  if (version === "pinned" || version === pinnedVersion(cli)) {
    return { cli, version: pinnedVersion(cli), binary: undefined, isPinned: true };
  }
  if (!EXACT_VERSION.test(version)) {
    throw new Error(
      `expected an exact ${cli} version like 1.2.3 (or "pinned" / "latest"), found "${requested}"`,
    );
  }
  const prefix = join(cacheRoot(), `${cli}@${version}`);
  const binary = join(prefix, "node_modules", ".bin", cli);
  const packageRoot = join(prefix, "node_modules", CLI_PACKAGE[cli]);
  if (isExecutable(binary) && installedVersion(packageRoot) === version) {
    return { cli, version, binary, isPinned: false };
  }
  mkdirSync(prefix, { recursive: true });
  console.log(`installing ${CLI_PACKAGE[cli]}@${version} into ${prefix}`);
  // Newer Claude releases declare Node >= 22 but run on Node 20: npm only warns.
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `${CLI_PACKAGE[cli]}@${version}`,
    ],
    { stdio: "inherit" },
  );
  if (!isExecutable(binary)) throw new Error(`npm installed no executable at ${binary}`);
  return { cli, version, binary, isPinned: false };
}
