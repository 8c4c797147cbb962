// Copilot's half of the tool-environment scrub (bridge/tool-env.ts). Copilot runs every
// tool command and every hook command as `/bin/bash -c "<command>"` from its own
// environment, and with `--bash-env on` each of those shells first sources BASH_ENV
// (seen on 1.0.102: `--secret-env-vars` strips the hooks' environment too, so it cannot
// serve). This script, written per launch, unsets the bridge variables in every bash
// that sources it except those whose whole command is one of Elwood's own hook commands
// or the bash client inside one (./plugin.ts `hookExecutionStrings`): the client needs
// the credential, a tool never does. A tool command equal to one of those runs only the
// client, which prints the bridge's reply and never the credential.
import { BRIDGE_ENV_NAMES } from "../../bridge/tool-env.js";
import { shellQuote } from "../../shell/login-shell.js";

export const COPILOT_BASH_ENV_FILE_NAME = "copilot-bash-env.sh";

export function copilotBashEnvScript(options: {
  /** What bash runs for Elwood's hooks, exactly: the hook commands and the client. */
  readonly hookCommands: readonly string[];
  /** The caller's own BASH_ENV, sourced first so nothing it does brings the variables back. */
  readonly userBashEnv: string | undefined;
}): string {
  const lines = [
    "# Elwood (generated per launch): sourced by Copilot's bash shells (BASH_ENV).",
    "# Keeps the hook bridge's credential out of tool commands.",
  ];
  const user = options.userBashEnv;
  if (user !== undefined && user.length > 0) {
    const quoted = shellQuote(user);
    lines.push(`if [ -r ${quoted} ]; then . ${quoted}; fi`);
  }
  const patterns = options.hookCommands.map(shellQuote).join("|");
  lines.push(
    // A quoted case pattern matches literally: only the exact hook commands keep them.
    `case "\${BASH_EXECUTION_STRING-}" in`,
    `  ${patterns}) ;;`,
    `  *) unset ${BRIDGE_ENV_NAMES.join(" ")} ;;`,
    "esac",
  );
  return `${lines.join("\n")}\n`;
}
