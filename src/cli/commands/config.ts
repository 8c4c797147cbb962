// `elwood config path|show|get|set|unset|effective` (spec §5.5, C-CLI-14/19): the config
// file edited with dotted keys, atomically and silently; `effective` shows what a run
// would use and where each value comes from. None of them starts an agent.
import { AGENT_IDS, EXAMPLE_AGENT } from "../agents/registry.js";
import { splitCommandWord } from "../args/command-word.js";
import { RUN_OPTIONS } from "../args/options.js";
import { parseArgs } from "../args/parse.js";
import { nearest } from "../args/suggest.js";
import { configValue } from "../config/layers.js";
import { EMPTY_CONFIG, loadConfig, parseConfig } from "../config/load.js";
import { configPath } from "../config/paths.js";
import { writePrivateText } from "../config/private-file.js";
import { CONFIG_KEYS, type ConfigKey, type ElwoodConfig, isConfigKey } from "../config/schema.js";
import type { CliIo } from "../io/cli-io.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { effectiveConfig } from "./config-effective.js";
import { commandHelp } from "./help-text.js";

const ACTIONS = ["path", "show", "get", "set", "unset", "effective", "help"] as const;

export const configCommand: CliCommand = {
  name: "config",
  summary: "Read or change the config file; show the effective settings.",
  usage: [
    "config path",
    "config show",
    "config get <key>",
    "config set <key> <value>",
    "config unset <key>",
    "config effective [run options]",
  ],
  options: ["help"],
  details: `Keys: ${Object.keys(CONFIG_KEYS).join(", ")}.
The file is $ELWOOD_CONFIG, else $XDG_CONFIG_HOME/elwood/config.json, else
~/.config/elwood/config.json. It must be yours and private (mode 600).
Precedence: flag > ELWOOD_* environment > config file > built-in; --no-defaults
ignores the file and the environment.

Examples:
  elwood config set agent ${EXAMPLE_AGENT}
  elwood config set timeout 15m
  elwood config get ${AGENT_IDS[0]}.model
  elwood config effective --agent ${AGENT_IDS[0]} --high-trust`,
  async run(argv, io) {
    // Options may stand before the action too: `elwood --no-defaults config effective`.
    const { word: action, rest } = splitCommandWord(argv);
    if (action === undefined || action === "help") {
      parseArgs(rest, ["help"], "config"); // refuses an option `config` itself has no use for
      io.stdout.write(commandHelp(this));
      return 0;
    }
    if (!(ACTIONS as readonly string[]).includes(action)) {
      const guess = nearest(action, ACTIONS);
      throw usageError(
        `Unknown config action ${JSON.stringify(action)}; ${guess === undefined ? `use one of ${ACTIONS.join(", ")}` : `did you mean \`elwood config ${guess}\`?`}`,
      );
    }
    if (action === "effective")
      return effectiveConfig(parseArgs(rest, RUN_OPTIONS, "config effective"), io);
    const parsed = parseArgs(rest, ["help"], `config ${action}`);
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    return editConfig(action, parsed.positionals, io);
  },
};

async function editConfig(action: string, words: readonly string[], io: CliIo): Promise<number> {
  const file = configPath(io.env, io.cwd);
  const expect = (count: number, shape: string) => {
    if (words.length !== count) throw usageError(`Usage: elwood config ${action}${shape}`);
  };
  switch (action) {
    case "path":
      expect(0, "");
      io.stdout.write(`${file}\n`);
      return 0;
    case "show":
      expect(0, "");
      io.stdout.write(`${JSON.stringify(await loadConfig(file), null, 2)}\n`);
      return 0;
    case "get": {
      expect(1, " <key>");
      const value = configValue(await loadConfig(file), checkedKey(words[0]!));
      if (value !== undefined) io.stdout.write(`${String(value)}\n`);
      return 0;
    }
    case "set": {
      expect(2, " <key> <value>");
      const key = checkedKey(words[0]!);
      const config = withValue(await loadConfig(file), key, parseValue(key, words[1]!));
      await save(file, config);
      return 0;
    }
    default: {
      expect(1, " <key>");
      const key = checkedKey(words[0]!);
      await save(file, withValue(await loadConfig(file), key, undefined));
      return 0;
    }
  }
}

function checkedKey(key: string): ConfigKey {
  if (isConfigKey(key)) return key;
  const guess = nearest(key, Object.keys(CONFIG_KEYS));
  throw usageError(
    `Unknown config key ${JSON.stringify(key)}; ${guess === undefined ? `keys are ${Object.keys(CONFIG_KEYS).join(", ")}` : `did you mean ${guess}?`}`,
  );
}

function parseValue(key: ConfigKey, text: string): string | boolean {
  if (CONFIG_KEYS[key] === "string") return text;
  if (text === "true" || text === "false") return text === "true";
  throw usageError(`${key} is true or false; got ${JSON.stringify(text)}.`);
}

function withValue(
  config: ElwoodConfig,
  key: ConfigKey,
  value: string | boolean | undefined,
): ElwoodConfig {
  const copy = structuredClone(config) as Record<string, unknown>;
  const [head, tail] = key.split(".") as [string, string | undefined];
  if (tail === undefined) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else {
    const section = { ...((copy[head] as Record<string, unknown> | undefined) ?? {}) };
    if (value === undefined) delete section[tail];
    else section[tail] = value;
    if (Object.keys(section).length === 0) delete copy[head];
    else copy[head] = section;
  }
  return copy as ElwoodConfig;
}

async function save(file: string, config: ElwoodConfig): Promise<void> {
  const text = `${JSON.stringify({ ...EMPTY_CONFIG, ...config }, null, 2)}\n`;
  parseConfig(text, file); // the same strict check as reading: never write what cannot be read
  await writePrivateText(file, text);
}
