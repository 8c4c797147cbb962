// `elwood help [command]`: the top-level page, or one command's page.
import { parseArgs } from "../args/parse.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp, topLevelHelp } from "./help-text.js";

/** The table is passed as a function: it lists help itself, so it is built after this. */
export function helpCommand(commands: () => readonly CliCommand[]): CliCommand {
  return {
    name: "help",
    summary: "Show help for elwood or for one command.",
    usage: ["help [command]"],
    options: ["help"],
    details: "Examples:\n  elwood help\n  elwood help sessions",
    async run(argv, io) {
      const table = commands();
      // Options may stand before the word too (`elwood --help help`); none is taken but --help.
      const parsed = parseArgs(argv, this.options, "help");
      if (parsed.options.get("help") === true) {
        io.stdout.write(commandHelp(this));
        return 0;
      }
      const [name, ...extra] = parsed.positionals;
      if (extra.length > 0)
        throw usageError(
          `\`elwood help\` takes one command name; got ${JSON.stringify(parsed.positionals.join(" "))}.`,
        );
      if (name === undefined) {
        io.stdout.write(topLevelHelp(table));
        return 0;
      }
      const command = table.find((candidate) => candidate.name === name);
      if (command === undefined)
        throw usageError(`No command ${JSON.stringify(name)}; run \`elwood help\` for the list.`);
      io.stdout.write(commandHelp(command));
      return 0;
    },
  };
}
