// Help pages, generated from the command table and the option table so they never
// drift from what the parser accepts.
import { AGENT_IDS, agentEntry, EXAMPLE_AGENT } from "../agents/registry.js";
import { OPTION_SPECS, optionLabel } from "../args/options.js";
import type { CliCommand } from "./command.js";

export function commandHelp(command: CliCommand): string {
  const usage = command.usage.map((line) => `  elwood ${line}`).join("\n");
  const labels = command.options.map((name) => {
    const spec = OPTION_SPECS.get(name);
    return spec === undefined ? undefined : { label: optionLabel(spec), help: spec.help };
  });
  const rows = labels.filter((row) => row !== undefined);
  const width = Math.min(42, Math.max(...rows.map((row) => row.label.length), 0));
  const options = rows
    .map((row) =>
      row.label.length > width
        ? `  ${row.label}\n  ${" ".repeat(width)}  ${row.help}`
        : `  ${row.label.padEnd(width)}  ${row.help}`,
    )
    .join("\n");
  return `${command.summary}\n\nUsage:\n${usage}\n${rows.length > 0 ? `\nOptions:\n${options}\n` : ""}${command.details === "" ? "" : `\n${command.details.trimEnd()}\n`}`;
}

export function topLevelHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const list = commands
    .map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`)
    .join("\n");
  const names = AGENT_IDS.map((id) => agentEntry(id).displayName);
  return `elwood — ask the real ${names.slice(0, -1).join(", ")}${names.length > 1 ? " or " : ""}${names.at(-1)} CLI from a shell or a script.

Usage:
  elwood [options] <prompt...>      same as \`elwood run\`
  elwood [options] <command> [options] [args]

The first word that is not an option (or an option's value) picks the command, so
options may come before it: \`elwood --agent ${EXAMPLE_AGENT} sessions\` lists sessions. Any other
first word starts the prompt. To ask about a command's name, make it a prompt:
\`elwood run sessions\` or \`elwood -- sessions\`.

Commands:
${list}

Examples:
  elwood "summarize README.md"
  git diff | elwood --agent ${EXAMPLE_AGENT} "review this diff"
  elwood --output json "list the TODOs" | jq -r .response
  elwood resume <session-id> "and now fix the first one"
  elwood sessions

Run \`elwood <command> --help\` for a command's options.
Exit status: 0 ok, 1 agent or cleanup failure, 2 usage or config error, 124 timeout, 130 interrupted.
`;
}
