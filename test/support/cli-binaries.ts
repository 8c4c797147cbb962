// Locates the claude, codex and gemini executables for e2e tests: the exact-pinned
// devDependencies by default, or another version via ELWOOD_TEST_CLAUDE_BIN /
// ELWOOD_TEST_CODEX_BIN so the same tests run against older CLIs. The compat matrix
// (scripts/compat/) and the screen capture tool set the same variables: one code path.
import { accessSync, constants } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export type CliName = "claude" | "codex" | "gemini";
/** Every CLI a fixture's home can lead to. */
export type FixtureCliName = CliName;

export const CLI_BINARY_VARIABLE: Readonly<Record<FixtureCliName, string>> = {
  claude: "ELWOOD_TEST_CLAUDE_BIN",
  codex: "ELWOOD_TEST_CODEX_BIN",
  gemini: "ELWOOD_TEST_GEMINI_BIN",
};

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Absolute path of the CLI to test; throws with the fix when it is missing. */
export function cliBinary(name: FixtureCliName, env: NodeJS.ProcessEnv = process.env): string {
  const variable = CLI_BINARY_VARIABLE[name];
  const override = env[variable];
  const path = override ? resolve(override) : join(REPOSITORY_ROOT, "node_modules", ".bin", name);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    const fix = override ? `check ${variable}` : "run npm install";
    throw new Error(`expected an executable ${name} at ${path}, found none; ${fix}`);
  }
  return path;
}

/** The folder holding the CLI, for an agent home's PATH. */
export function cliBinaryDir(name: FixtureCliName, env: NodeJS.ProcessEnv = process.env): string {
  return dirname(cliBinary(name, env));
}
