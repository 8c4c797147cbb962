// Claude's half of the tool-environment scrub (bridge/tool-env.ts): Claude sources the
// script named by CLAUDE_ENV_FILE before each Bash command.
import { BRIDGE_ENV_NAMES } from "../../bridge/tool-env.js";
import { shellQuote } from "../../shell/login-shell.js";

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
