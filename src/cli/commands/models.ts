// `elwood models [--agent claude|codex]` (spec §5.11): placeholder until the library's
// model listing lands (issue 12); refuses clearly instead of printing nothing.
import { parseArgs } from "../args/parse.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

export const modelsCommand: CliCommand = {
  name: "models",
  summary: "List the models each agent offers (starts the agent briefly).",
  usage: ["models [--agent claude|codex] [--output text|json] [--timeout <n>]"],
  options: ["help", "agent", "output", "timeout", "state-dir", "verbose", "debug", "defaults"],
  details: `Starts each agent headless, reads its model picker, and tears it down again.

Examples:
  elwood models
  elwood models --agent codex --output json`,
  async run(argv, io) {
    const parsed = parseArgs(argv, this.options, "models");
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    throw usageError(
      "`elwood models` needs the library's model listing, which this build does not have yet.",
    );
  },
};
