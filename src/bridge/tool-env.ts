// Keeps the bridge credential out of the agent's tools (prd/bridge.md "Where the
// credential lives"). The CLI itself needs ELWOOD_HOOK_TOKEN in its environment (Claude
// fills its http hook header from there; command hook clients read it), but every tool
// the model runs would inherit it and could print it into the transcript. Each CLI
// offers one way to strip it from tool subprocesses only:
// - Claude sources the script named by CLAUDE_ENV_FILE before each Bash command;
// - Codex builds each shell tool's environment from `shell_environment_policy`.

import { shellQuote } from "../shell/login-shell.js";
import { HOOK_PORT_ENV, HOOK_TOKEN_ENV } from "./limits.js";

/** Variables that reach the bridge; tools never need them. */
export const BRIDGE_ENV_NAMES: readonly string[] = [HOOK_TOKEN_ENV, HOOK_PORT_ENV];

/** The variable Claude Code reads for a script to source before each Bash command. */
export const CLAUDE_ENV_FILE = "CLAUDE_ENV_FILE";

/**
 * The script for CLAUDE_ENV_FILE: sources the user's own CLAUDE_ENV_FILE first (when the
 * caller's environment named one), then unsets the bridge variables, so nothing the
 * user's script does can bring them back.
 */
export function toolEnvScrubScript(
  options: { readonly userEnvFile?: string | undefined } = {},
): string {
  const lines = [
    "# Elwood (generated per launch): sourced by Claude Code before each Bash command.",
    "# Keeps the hook bridge's credential out of tool processes.",
  ];
  const userFile = options.userEnvFile;
  if (userFile !== undefined && userFile.length > 0) {
    const quoted = shellQuote(userFile);
    lines.push(`if [ -r ${quoted} ]; then . ${quoted}; fi`);
  }
  lines.push(`unset ${BRIDGE_ENV_NAMES.join(" ")}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Codex `-c` overrides that blank the bridge variables in every shell tool's
 * environment. `set` (not `exclude`) because an `exclude` override would replace the
 * user's own exclude list, silently un-hiding whatever they hid; `set` adds one key to
 * the `set` table and leaves the rest of their policy alone. Codex runs hook commands
 * with its own environment, not this policy, so the hook clients keep the token.
 */
export function codexShellPolicyOverrides(): string[] {
  return BRIDGE_ENV_NAMES.map((name) => `shell_environment_policy.set.${name}=""`);
}
