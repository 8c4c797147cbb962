// Locates each registered agent's executable for e2e tests: the exact-pinned
// devDependencies by default, or another version via ELWOOD_TEST_<AGENT>_BIN (e.g.
// ELWOOD_TEST_CODEX_BIN) so the same tests run against older CLIs. The compat matrix
// (scripts/compat/) and the screen capture tool set the same variables: one code path.
// The agents and their binaries come from the registry (src/agents.ts).
import { accessSync, constants } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ELWOOD_AGENTS, type ElwoodAgentKind } from "../../src/agents.js";

export type CliName = ElwoodAgentKind;

/** Every registered agent, in the registry's order. */
export const CLI_NAMES: readonly CliName[] = ELWOOD_AGENTS.ids;

export const CLI_BINARY_VARIABLE = Object.fromEntries(
  CLI_NAMES.map((name) => [name, `ELWOOD_TEST_${name.toUpperCase()}_BIN`]),
) as Readonly<Record<CliName, string>>;

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Absolute path of the CLI to test; throws with the fix when it is missing. */
export function cliBinary(name: CliName, env: NodeJS.ProcessEnv = process.env): string {
  const variable = CLI_BINARY_VARIABLE[name];
  const override = env[variable];
  const binary = ELWOOD_AGENTS.get(name).binary;
  const path = override ? resolve(override) : join(REPOSITORY_ROOT, "node_modules", ".bin", binary);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    const fix = override ? `check ${variable}` : "run npm install";
    throw new Error(`expected an executable ${name} at ${path}, found none; ${fix}`);
  }
  return path;
}

/** The folder holding the CLI, for an agent home's PATH. */
export function cliBinaryDir(name: CliName, env: NodeJS.ProcessEnv = process.env): string {
  return dirname(cliBinary(name, env));
}
