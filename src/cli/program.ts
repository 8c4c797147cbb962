// Dispatch (spec §5.2, issue 27): the first bare word picks its command wherever the
// options stand (`elwood --agent codex sessions`); any other words are a prompt for
// `run`, and `run` or `--` makes a command's name a prompt. Help and version read no
// config and start nothing.
import { ElwoodError } from "../index.js";
import { splitCommandWord } from "./args/command-word.js";
import { topLevelHelp } from "./commands/help-text.js";
import { COMMANDS } from "./commands/index.js";
import { describeError, exitCodeFor } from "./exit-codes.js";
import type { CliIo } from "./io/cli-io.js";
import { VERSION } from "./version.js";

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { word, rest } = splitCommandWord(argv);
    const command = COMMANDS.find((candidate) => candidate.name === word);
    // The options before the word are the command's own, as if written after it.
    if (command !== undefined) return await command.run(rest, io);
    const [first] = argv;
    if (first === undefined || first === "--help" || first === "-h") {
      io.stdout.write(topLevelHelp(COMMANDS));
      return 0;
    }
    if (first === "--version") {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
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
