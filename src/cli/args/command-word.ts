// Where a command word stands (issue 27): options may come before it, as in
// `elwood --agent codex sessions`, so the word is the first argument that is neither an
// option nor an option's value. `--` ends the search: what follows is prompt text.
import { OPTION_SPECS, SHORT_OPTIONS } from "./options.js";

export interface CommandWordSplit {
  /** The first bare word, or undefined when there is none before `--`. */
  readonly word: string | undefined;
  /** Every other argument, in the order given (the word removed). */
  readonly rest: readonly string[];
}

export function splitCommandWord(argv: readonly string[]): CommandWordSplit {
  const index = commandWordIndex(argv);
  if (index === undefined) return { word: undefined, rest: argv };
  return { word: argv[index], rest: [...argv.slice(0, index), ...argv.slice(index + 1)] };
}

function commandWordIndex(argv: readonly string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") return undefined;
    if (!arg.startsWith("-") || arg === "-") return i;
    if (takesSeparateValue(arg)) i++;
  }
  return undefined;
}

// An unknown option is taken as a flag without a value; the command's own parser then
// refuses it by name, so a typo can never turn its neighbour into the command word.
function takesSeparateValue(arg: string): boolean {
  if (arg.startsWith("--")) {
    if (arg.includes("=")) return false;
    const spec = OPTION_SPECS.get(arg.slice(2));
    return spec !== undefined && spec.kind !== "boolean";
  }
  const spec = SHORT_OPTIONS.get(arg.slice(1));
  return spec !== undefined && spec.kind !== "boolean";
}
