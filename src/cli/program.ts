// Dispatch (spec §5.2): a reserved first word picks its command; anything else is a
// prompt for `run`. Help and version read no config and start nothing.
import { ElwoodError } from "../index.js";
import { topLevelHelp } from "./commands/help-text.js";
import { COMMANDS } from "./commands/index.js";
import { describeError, exitCodeFor } from "./exit-codes.js";
import type { CliIo } from "./io/cli-io.js";
import { VERSION } from "./version.js";

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const [first, ...rest] = argv;
    if (first === undefined || first === "--help" || first === "-h") {
      io.stdout.write(topLevelHelp(COMMANDS));
      return 0;
    }
    if (first === "--version") {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    const command = COMMANDS.find((candidate) => candidate.name === first);
    if (command !== undefined) return await command.run(rest, io);
    const run = COMMANDS.find((candidate) => candidate.name === "run");
    if (run === undefined) throw new Error("the run command is not registered");
    return await run.run(argv, io);
  } catch (error) {
    // Errors a command did not report itself (argument errors before an output mode).
    const { message } = describeError(error);
    io.stderr.write(`elwood: ${message}\n`);
    if (!(error instanceof ElwoodError))
      io.stderr.write("elwood: this is a bug; please report it.\n");
    return exitCodeFor(error);
  }
}
