// A subcommand is one file exporting one CliCommand, registered in commands/index.ts.
import type { OptionName } from "../args/options.js";
import type { CliIo } from "../io/cli-io.js";

export interface CliCommand {
  /** The reserved first word, e.g. "sessions". */
  readonly name: string;
  /** One line for the top-level help. */
  readonly summary: string;
  /** Usage lines, without the leading "elwood ". */
  readonly usage: readonly string[];
  /** Options listed in this command's help (and accepted by its parser). */
  readonly options: readonly OptionName[];
  /** Extra help paragraphs (notes, examples), printed after the options. */
  readonly details: string;
  /** Runs with the arguments after the command word; resolves to the exit status. */
  run(argv: readonly string[], io: CliIo): Promise<number>;
}
