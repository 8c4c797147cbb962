// The argument grammar shared by every subcommand (spec §5.2): long options with
// `--name value` or `--name=value`, `--no-<name>` for negatable booleans, `-C dir`, and
// `--` ending options. Unknown options are refused with the nearest valid one named.
import { usageError } from "../usage-error.js";
import { OPTION_SPECS, type OptionName, type OptionSpec, SHORT_OPTIONS } from "./options.js";
import { nearest } from "./suggest.js";

export type OptionValue = boolean | string | readonly string[];

export interface ParsedArgs {
  /** Options given on the command line, by long name; a repeated string keeps the last. */
  readonly options: ReadonlyMap<OptionName, OptionValue>;
  readonly positionals: readonly string[];
}

export function parseArgs(
  argv: readonly string[],
  accepted: readonly OptionName[],
  command: string,
): ParsedArgs {
  const options = new Map<OptionName, OptionValue>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const [rawName, inline] = splitInline(arg.slice(2));
      const { spec, negated } = lookupLong(rawName, accepted, command);
      if (spec.kind === "boolean") {
        if (inline !== undefined) {
          throw usageError(`--${rawName} takes no value; use --${rawName} or --no-${spec.name}.`);
        }
        options.set(spec.name as OptionName, !negated);
        continue;
      }
      const value = inline ?? takeValue(argv, ++i, `--${spec.name}`, spec);
      store(options, spec, value);
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      const spec = SHORT_OPTIONS.get(arg.slice(1));
      if (spec === undefined || !accepted.includes(spec.name as OptionName)) {
        throw usageError(
          `Unknown option ${arg} for \`${command}\`; see \`elwood ${command} --help\`.`,
        );
      }
      if (spec.kind === "boolean") options.set(spec.name as OptionName, true);
      else store(options, spec, takeValue(argv, ++i, arg, spec));
      continue;
    }
    positionals.push(arg);
  }
  return { options, positionals };
}

function splitInline(body: string): [string, string | undefined] {
  const equals = body.indexOf("=");
  return equals < 0 ? [body, undefined] : [body.slice(0, equals), body.slice(equals + 1)];
}

function lookupLong(
  rawName: string,
  accepted: readonly OptionName[],
  command: string,
): { spec: OptionSpec; negated: boolean } {
  let spec = OPTION_SPECS.get(rawName);
  let negated = false;
  if (spec === undefined && rawName.startsWith("no-")) {
    const positive = OPTION_SPECS.get(rawName.slice(3));
    if (positive?.negatable) {
      spec = positive;
      negated = true;
    }
  }
  if (spec === undefined) {
    const spelled = accepted.flatMap((name) => {
      const known = OPTION_SPECS.get(name);
      return known?.negatable ? [name, `no-${name}`] : [name];
    });
    const guess = nearest(rawName, spelled);
    const hint =
      guess === undefined ? `see \`elwood ${command} --help\`` : `did you mean --${guess}?`;
    throw usageError(`Unknown option --${rawName}; ${hint}`, {
      option: rawName,
      suggestion: guess,
    });
  }
  if (!accepted.includes(spec.name as OptionName)) {
    throw usageError(
      `\`elwood ${command}\` does not take --${negated ? "no-" : ""}${spec.name}; see \`elwood ${command} --help\`.`,
      { option: spec.name },
    );
  }
  return { spec, negated };
}

function takeValue(
  argv: readonly string[],
  index: number,
  label: string,
  spec: OptionSpec,
): string {
  const value = argv[index];
  if (value === undefined) {
    throw usageError(`${label} needs a value (${label} <${spec.value ?? "value"}>).`);
  }
  return value;
}

function store(options: Map<OptionName, OptionValue>, spec: OptionSpec, value: string): void {
  const name = spec.name as OptionName;
  if (spec.kind === "list") {
    const previous = options.get(name);
    options.set(name, [...(Array.isArray(previous) ? previous : []), value]);
    return;
  }
  options.set(name, value);
}
