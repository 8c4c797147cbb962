// Start and resume options, validated once at the entry point (STYLE §4) by zod: one
// schema of the options every agent shares, extended by each agent with its own, gives
// one SessionConfig that flows unchanged to the launch. Unknown keys are refused (strict,
// prd/decisions.md). Each field's message is written beside it; a zod issue becomes an
// ElwoodError before anything is spawned or written. Table: prd/internals.md "Options".
import path from "node:path";
import { z } from "zod";
import { DEFAULT_HOOK_TIMEOUT_MS, MAX_HOOK_TIMEOUT_MS } from "../../bridge/limits.js";
import { ElwoodError, type ElwoodErrorDetails } from "../../errors.js";
import { assertTerminalSize, DEFAULT_TERMINAL_SIZE } from "../../terminal/terminal.js";
import type { ElwoodTerminalSize } from "../contract/status.js";

export interface CommonStartOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  readonly initialSize?: ElwoodTerminalSize;
  readonly persona?: string;
  readonly autoupdate?: boolean;
  readonly autotrust?: boolean;
  readonly hookTimeoutMs?: number;
  readonly strictVersionCheck?: boolean;
  /** Path to the CLI, for setups where the login shell cannot find it (nvm, Electron). */
  readonly executable?: string;
  /** Environment for the login shell and the CLI; defaults to the parent's `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** One session's options, validated and defaulted once; the launch reads them as they are. */
export interface SessionConfig<Launch = unknown, Handlers = unknown, Posture = unknown> {
  readonly cwd: string;
  readonly stateDir: string | undefined;
  readonly initialSize: ElwoodTerminalSize;
  readonly persona: string | undefined;
  readonly autoupdate: boolean;
  readonly autotrust: boolean;
  readonly hookTimeoutMs: number;
  readonly strictVersionCheck: boolean;
  readonly executable: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly hooks: Handlers | undefined;
  /** What the agent's launch needs beyond the posture (model, effort, overrides). */
  readonly launch: Launch;
  /** Only the posture fields the caller set; resume merges them over the record's. */
  readonly posture: Posture;
}

/** What a field's message function reads of its issue. */
interface IssueAt {
  readonly input?: unknown;
  readonly path?: PropertyKey[] | undefined;
}

// An issue's `params` carry a specific error name and details (custom checks only).
interface IssueParams {
  readonly error?: string;
  readonly details?: ElwoodErrorDetails;
}

/** A non-empty string without NUL. */
export const text = (option: string) =>
  z
    .string({ error: `\`${option}\` must be a non-empty string.` })
    .refine((value) => value.length > 0 && !value.includes("\0"), {
      error: `\`${option}\` must be a non-empty string.`,
    })
    .optional();

export const flag = (option: string) =>
  z.boolean({ error: `\`${option}\` must be a boolean.` }).optional();

/** One of a closed set; the message lists the set (and `error` may name a specific error). */
export function oneOf<const T extends readonly string[]>(
  option: string,
  values: T,
  error = "invalid_options",
) {
  const list = values.map((value) => `"${value}"`).join(", ");
  return z
    .custom<T[number]>((value) => typeof value === "string" && values.includes(value), {
      error: (issue) => `\`${option}\` must be one of ${list}; got ${JSON.stringify(issue.input)}.`,
      params: { error, details: { validValues: [...values] } } satisfies IssueParams,
    })
    .optional();
}

/** An array of non-empty strings (an empty array is allowed). */
export function textList(option: string) {
  const error = `\`${option}\` must be an array of non-empty strings.`;
  const item = z.string({ error }).refine((value) => value.trim() !== "" && !value.includes("\0"), {
    error,
  });
  return z.array(item, { error }).readonly().optional();
}

/** A plain object (not null, not an array). */
export const plainObject = (message: string) =>
  z.record(z.string(), z.unknown(), { error: message }).optional();

const handler = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function");
const toolHandlers = z.record(z.string(), handler.optional());

// Event names outside the agent's catalogue are accepted and never called (decisions.md).
const hooks = z
  .record(z.string(), z.union([handler, toolHandlers], { error: hookEntryMessage }).optional(), {
    error: "`hooks` must be an object of handlers keyed by hook event name.",
  })
  .optional();

function hookEntryMessage(issue: IssueAt) {
  const where = `hooks.${String(issue.path?.at(-1))}`;
  const entry = issue.input;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    return `\`${where}\` must be a handler function or an object of handler functions keyed by tool name; got ${describe(entry)}.`;
  const [tool, value] =
    Object.entries(entry).find(([, v]) => v !== undefined && typeof v !== "function") ?? [];
  return `\`${where}.${String(tool)}\` must be a handler function; got ${describe(value)}.`;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

const envEntry = (issue: IssueAt) => `\`env.${String(issue.path?.at(-1))}\` must be a string.`;
const environment = z
  .record(
    z.string().refine((key) => key !== "" && !key.includes("=") && !key.includes("\0")),
    z.string({ error: envEntry }).optional(),
    {
      error: (issue) =>
        issue.code === "invalid_key"
          ? envEntry(issue)
          : "`env` must be an object of environment variables.",
    },
  )
  .optional();

const hookTimeoutMessage = "`hookTimeoutMs` must be a positive integer number of milliseconds.";

/** The options every agent shares, in the order of CommonStartOptions. */
const COMMON = z.strictObject({
  cwd: text("cwd"),
  stateDir: text("stateDir"),
  initialSize: z
    .unknown()
    .optional()
    .transform((size, context) =>
      size === undefined ? DEFAULT_TERMINAL_SIZE : checked(() => assertTerminalSize(size), context),
    ),
  persona: text("persona"),
  autoupdate: flag("autoupdate").default(false),
  autotrust: flag("autotrust").default(false),
  hookTimeoutMs: z
    .number({ error: hookTimeoutMessage })
    .refine((ms) => Number.isInteger(ms) && ms > 0 && ms <= MAX_HOOK_TIMEOUT_MS, {
      error: hookTimeoutMessage,
    })
    .optional()
    .default(DEFAULT_HOOK_TIMEOUT_MS),
  strictVersionCheck: flag("strictVersionCheck").default(false),
  executable: text("executable"),
  env: environment,
  hooks,
});

// A field whose one rule is an existing assert function (the terminal size's).
function checked<T>(check: () => T, context: z.RefinementCtx): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ElwoodError)) throw error;
    const params: IssueParams = { error: error.name, details: error.details };
    context.addIssue({ code: "custom", message: error.message, params });
    return z.NEVER;
  }
}

/** The agent's fields after validation, with the common ones. */
type Values<Shape extends z.ZodRawShape> = z.output<typeof COMMON> & z.output<z.ZodObject<Shape>>;

export interface AgentOptionsSpec<Shape extends z.ZodRawShape, Launch, Posture> {
  /** The agent's own options (start and resume); each carries its message. */
  readonly fields: Shape;
  /** The agent's options that only shape a fresh conversation; resume refuses them. */
  readonly startOnly: readonly (keyof Shape & string)[];
  /** Splits the validated values into launch and posture; throws on a cross-field conflict. */
  split(values: Values<Shape>): { readonly launch: Launch; readonly posture: Posture };
}

/** How an entry point opens: the configs for a fresh start and for a resume it needs. */
export interface OpenConfigs<Launch, Handlers, Posture> {
  readonly start?: SessionConfig<Launch, Handlers, Posture>;
  readonly resume?: SessionConfig<Launch, Handlers, Posture>;
}

/** An agent's option schema: start, resume, or both from one validation. */
export interface AgentOptions<Launch, Handlers, Posture> {
  /** `entry` names the caller in messages (startClaude, ClaudeSession, …). */
  parse(
    options: object,
    use: "start" | "resume" | "startOrResume" | "resumeOnly",
    entry: string,
  ): OpenConfigs<Launch, Handlers, Posture>;
}

export function agentOptions<Shape extends z.ZodRawShape, Launch, Handlers, Posture>(
  spec: AgentOptionsSpec<Shape, Launch, Posture>,
): AgentOptions<Launch, Handlers, Posture> {
  const start = COMMON.extend(spec.fields);
  const startOnly = ["persona", ...spec.startOnly];
  const omitted = Object.fromEntries(startOnly.map((key) => [key, true as const]));
  const resume = start.omit(omitted as never);
  const config = (values: Values<Shape>): SessionConfig<Launch, Handlers, Posture> => {
    const cwd = path.resolve(values.cwd ?? process.cwd());
    return {
      cwd,
      stateDir: values.stateDir === undefined ? undefined : path.resolve(cwd, values.stateDir),
      initialSize: values.initialSize,
      persona: values.persona,
      autoupdate: values.autoupdate,
      autotrust: values.autotrust,
      hookTimeoutMs: values.hookTimeoutMs,
      strictVersionCheck: values.strictVersionCheck,
      executable: values.executable,
      env: values.env ?? process.env,
      hooks: values.hooks as Handlers | undefined,
      ...spec.split(values),
    };
  };
  return {
    parse(options, use, entry) {
      if (use === "resume") return { resume: config(parsed(resume, options, entry) as never) };
      const values = parsed(start, options, entry) as Values<Shape>;
      const fresh = config(values);
      if (use === "start") return { start: fresh };
      // Resuming drops what only shapes a fresh conversation (spec §5.2 startOrResume).
      const kept = Object.entries(values).filter(([key]) => !startOnly.includes(key));
      const resumed = config(Object.fromEntries(kept) as Values<Shape>);
      return use === "resumeOnly" ? { resume: resumed } : { start: fresh, resume: resumed };
    },
  };
}

function parsed(schema: z.ZodType, options: object, entry: string): unknown {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  if (issue.code === "unrecognized_keys") {
    const option = issue.keys[0] ?? "";
    throw invalidOption(`\`${option}\` is not an option of ${entry}.`, { option });
  }
  const option = issue.path[0];
  if (typeof option !== "string") throw invalidOption(`${entry} options must be an object.`);
  const params = (issue.code === "custom" ? issue.params : undefined) as IssueParams | undefined;
  throw new ElwoodError<string>(params?.error ?? "invalid_options", issue.message, {
    details: { option, ...params?.details },
  });
}

export function invalidOption(message: string, details: Record<string, unknown> = {}) {
  return new ElwoodError("invalid_options", message, { details });
}
