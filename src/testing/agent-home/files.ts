// The shell startup files of an agent home (each agent's own files are its dialect's,
// in agent-home/<agent>/). A pure function, no I/O.
import { shellQuote } from "../../shell/login-shell.js";

/** Startup lines shared by .profile and .bashrc: PATH first, then the variables. */
export function shellProfile(
  cliDirs: readonly string[],
  variables: Readonly<Record<string, string>>,
  extraLines: readonly string[],
): string {
  const lines = ["# Written by @with-logic/elwood/testing createAgentHome()."];
  // Prepend each directory once, even when .profile and .bashrc both run.
  for (const dir of [...cliDirs].reverse()) {
    const quoted = shellQuote(dir);
    lines.push(`case ":$PATH:" in *:${quoted}:*) ;; *) PATH=${quoted}:"$PATH" ;; esac`);
  }
  lines.push("export PATH");
  for (const [name, value] of Object.entries(variables)) {
    lines.push(`export ${name}=${shellQuote(value)}`);
  }
  lines.push(...extraLines, "");
  return lines.join("\n");
}
