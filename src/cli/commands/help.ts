// `elwood help [command]`: the top-level page, or one command's page.
import { parseArgs } from "../args/parse.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp, topLevelHelp } from "./help-text.js";

export const helpCommand: CliCommand = {
  name: "help",
  summary: "Show help for elwood or for one command.",
  usage: ["help [command]"],
  options: ["help"],
  details: "Examples:\n  elwood help\n  elwood help sessions",
  async run(argv, io) {
    const { COMMANDS } = await import("./index.js");
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
      io.stdout.write(topLevelHelp(COMMANDS));
      return 0;
    }
    const command = COMMANDS.find((candidate) => candidate.name === name);
    if (command === undefined)
      throw usageError(`No command ${JSON.stringify(name)}; run \`elwood help\` for the list.`);
    io.stdout.write(commandHelp(command));
    return 0;
  },
};
