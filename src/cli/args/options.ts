// Every option the `elwood` command knows, in one table. A subcommand lists the names it
// accepts; the parser refuses the rest by name, so a flag means one thing everywhere.
// Each agent's posture flags come from its registry entry (cli/agents/registry.ts).
import {
  AGENT_CHOICES,
  AGENT_IDS,
  agentEntry,
  POSTURE_FLAGS,
  POSTURE_SETTINGS,
  type PostureFlag,
} from "../agents/registry.js";

export type OptionKind = "boolean" | "string" | "list";

export interface OptionSpec {
  /** Long name without dashes, e.g. "cwd" for --cwd. */
  readonly name: string;
  readonly short?: string;
  readonly kind: OptionKind;
  /** Also accept --no-<name> (booleans only), which sets false. */
  readonly negatable?: boolean;
  /** Placeholder shown in help for options taking a value. */
  readonly value?: string;
  readonly help: string;
}

const OPTIONS = [
  { name: "help", short: "h", kind: "boolean", help: "Show help for the command and exit." },
  { name: "version", kind: "boolean", help: "Print the version and exit." },
  {
    name: "cwd",
    short: "C",
    kind: "string",
    value: "dir",
    help: "Workspace folder (default: the current directory).",
  },
  {
    name: "agent",
    kind: "string",
    value: AGENT_CHOICES,
    help: `Which agent to run (default: auto-detect, ${AGENT_IDS.map((id) => agentEntry(id).displayName).join(", then ")}).`,
  },
  { name: "model", kind: "string", value: "id", help: "Model for the agent." },
  {
    name: "reasoning-effort",
    kind: "string",
    value: "level",
    help: "Reasoning effort for the agent.",
  },
  {
    name: "image",
    kind: "list",
    value: "path",
    help: "Attach an image to the prompt (repeatable, in order).",
  },
  {
    name: "trust",
    kind: "boolean",
    negatable: true,
    help: "Answer the folder-trust prompts (default on; --no-trust turns it off).",
  },
  {
    name: "high-trust",
    kind: "boolean",
    negatable: true,
    help: `${AGENT_IDS.map((id) => agentEntry(id).app.highTrustSummary).join(", or ")}.`,
  },
  {
    name: "timeout",
    kind: "string",
    value: "n(ms|s|m|h)",
    help: "Give up after this long, launch included (exit 124).",
  },
  { name: "keep", kind: "boolean", help: "Keep the session's state for resume (the default)." },
  { name: "ephemeral", kind: "boolean", help: "Tear the session's state down after the run." },
  {
    name: "show-session-id",
    kind: "boolean",
    help: "Print the session id on stderr after the run.",
  },
  {
    name: "resume",
    kind: "string",
    value: "id",
    help: "Continue a kept session (same as `elwood resume <id>`).",
  },
  {
    name: "persona",
    kind: "string",
    value: "text",
    help: "A setup message sent first; its reply is discarded.",
  },
  {
    name: "output",
    kind: "string",
    value: "text|json|jsonl",
    help: "Output format on stdout (default text).",
  },
  {
    name: "stream",
    kind: "boolean",
    negatable: true,
    help: "Text mode: print each message as it arrives.",
  },
  {
    name: "verbose",
    kind: "boolean",
    negatable: true,
    help: "Warnings, phases and tool names on stderr.",
  },
  { name: "debug", kind: "boolean", help: "Full sanitized event detail on stderr." },
  {
    name: "head",
    kind: "boolean",
    help: "Show the agent's own screen on this terminal's stderr while it works (view only).",
  },
  {
    name: "state-dir",
    kind: "string",
    value: "dir",
    help: "Where session state is kept (default ~/.local/state/elwood).",
  },
  {
    name: "defaults",
    kind: "boolean",
    negatable: true,
    help: "Ignore the config file and every ELWOOD_* variable.",
  },
  {
    name: "port",
    kind: "string",
    value: "n",
    help: "TCP port for `elwood serve` (default: a free port).",
  },
  {
    name: "host",
    kind: "string",
    value: "addr",
    help: "Address `elwood serve` binds (default 127.0.0.1, loopback only).",
  },
  {
    name: "allow-remote",
    kind: "boolean",
    help: "Let `elwood serve` bind a non-loopback --host (token sent in clear).",
  },
  {
    name: "approval-expiry",
    kind: "string",
    value: "seconds",
    help: "How long `elwood serve` holds a permission prompt for an answer (default 300).",
  },
  {
    name: "detach-key",
    kind: "string",
    value: "ctrl-x",
    help: "Key that detaches `elwood attach` (default ctrl-]).",
  },
  {
    name: "read-only",
    kind: "boolean",
    help: "`elwood attach`: watch without typing (the server refuses input too).",
  },
  {
    name: "url",
    kind: "string",
    value: "url",
    help: "The `elwood serve` to use (token in ELWOOD_SERVE_TOKEN); default: found locally.",
  },
] as const satisfies readonly OptionSpec[];

export type OptionName = (typeof OPTIONS)[number]["name"] | PostureFlag;

const POSTURE_OPTIONS: readonly OptionSpec[] = POSTURE_SETTINGS.map((setting) => {
  // An agent's flag may not redefine one of elwood's own (a flag means one thing everywhere).
  if (OPTIONS.some((spec) => spec.name === setting.flag)) {
    throw new Error(`The ${setting.agent} posture flag --${setting.flag} is an elwood option.`);
  }
  return { name: setting.flag, kind: "string", value: setting.valueLabel, help: setting.help };
});

export const OPTION_SPECS: ReadonlyMap<string, OptionSpec> = new Map(
  [...OPTIONS, ...POSTURE_OPTIONS].map((spec) => [spec.name, spec]),
);

export const SHORT_OPTIONS: ReadonlyMap<string, OptionSpec> = new Map(
  OPTIONS.filter(
    (spec): spec is (typeof OPTIONS)[number] & { short: string } => "short" in spec,
  ).map((spec) => [spec.short, spec]),
);

/** The options `run` (and `resume`, `config effective`) accept. */
export const RUN_OPTIONS: readonly OptionName[] = [
  "help",
  "cwd",
  "agent",
  "model",
  "reasoning-effort",
  "image",
  "trust",
  "high-trust",
  ...POSTURE_FLAGS,
  "timeout",
  "keep",
  "ephemeral",
  "show-session-id",
  "resume",
  "persona",
  "output",
  "stream",
  "verbose",
  "debug",
  "head",
  "state-dir",
  "defaults",
];

/** How an option is written in help and messages: `--no-trust`, `-C, --cwd <dir>`. */
export function optionLabel(spec: OptionSpec): string {
  const long = spec.name === "defaults" ? "--no-defaults" : `--${spec.name}`;
  const value = spec.value === undefined ? "" : ` <${spec.value}>`;
  const negation = spec.negatable && spec.name !== "defaults" ? ` / --no-${spec.name}` : "";
  return `${spec.short === undefined ? "" : `-${spec.short}, `}${long}${value}${negation}`;
}
