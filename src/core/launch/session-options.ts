// Start and resume options, validated once by zod at the entry point (STYLE §4) into one
// SessionConfig the launch reads unchanged (prd/internals.md "Options").
import path from "node:path";
import { z } from "zod";
import { DEFAULT_HOOK_TIMEOUT_MS, MAX_HOOK_TIMEOUT_MS } from "../../bridge/limits.js";
import { HOOK_EVENTS_MODES, type HookEventsMode } from "../../bridge/registration.js";
import {
  checked,
  environment,
  flag,
  handlerMap,
  oneOf,
  parseOptions,
  text,
} from "../../options/fields.js";
import { assertTerminalSize, DEFAULT_TERMINAL_SIZE } from "../../terminal/terminal.js";
import type { TimeSource } from "../context/clock.js";
import { MAX_TIMER_MS } from "../contract/call-arguments.js";
import type { ElwoodTerminalSize } from "../contract/status.js";
import { DEFAULT_COMPOSER_WAIT_MS } from "../turn/composer-guard.js";

export interface CommonStartOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  readonly initialSize?: ElwoodTerminalSize;
  readonly persona?: string;
  readonly autoupdate?: boolean;
  readonly autotrust?: boolean;
  readonly hookTimeoutMs?: number;
  /**
   * `"declared"` (default): the CLI waits only on events with a handler in `hooks` at start
   * (and the ones Elwood acts on); every other event is observed without blocking, and a
   * decision returned for one is a `hookError` (`undeclared_decision`). `"all"`: every event
   * blocks, as before, so a handler added to `hooks` later can still decide.
   */
  readonly hookEvents?: HookEventsMode;
  /** How long a due prompt waits behind a person's untouched draft, then composer_occupied. */
  readonly composerWaitMs?: number;
  readonly strictVersionCheck?: boolean;
  /** Path to the CLI, for setups where the login shell cannot find it (nvm, Electron). */
  readonly executable?: string;
  /** Environment for the login shell and the CLI; defaults to the parent's `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A whole number of milliseconds from 1 to `max`, `fallback` when absent. */
const milliseconds = (error: string, max: number, fallback: number) =>
  z
    .number({ error })
    .refine((ms) => Number.isInteger(ms) && ms > 0 && ms <= max, { error })
    .optional()
    .default(fallback);

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
  hookTimeoutMs: milliseconds(
    "`hookTimeoutMs` must be a positive integer number of milliseconds.",
    MAX_HOOK_TIMEOUT_MS,
    DEFAULT_HOOK_TIMEOUT_MS,
  ),
  hookEvents: oneOf("hookEvents", HOOK_EVENTS_MODES).default("declared"),
  composerWaitMs: milliseconds(
    "`composerWaitMs` must be a positive integer number of milliseconds (at most 2147483647).",
    MAX_TIMER_MS,
    DEFAULT_COMPOSER_WAIT_MS,
  ),
  strictVersionCheck: flag("strictVersionCheck").default(false),
  executable: text("executable"),
  env: environment,
  hooks: handlerMap,
});

/** One session's options, validated and defaulted once; the launch reads them as they are. */
export type SessionConfig<Launch = unknown, Handlers = unknown, Posture = unknown> = Readonly<
  Omit<z.output<typeof COMMON>, "cwd" | "env" | "hooks"> & {
    /** Absolute; `stateDir` is resolved against it. */
    cwd: string;
    env: Readonly<Record<string, string | undefined>>;
    hooks: Handlers | undefined;
    /** What the agent's launch needs beyond the posture (model, effort, overrides). */
    launch: Launch;
    /** Only the posture fields the caller set; resume merges them over the record's. */
    posture: Posture;
    /** The session clock's time source, set only by a test (SESSION_TIME); the system's. */
    time?: TimeSource;
  }
>;

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
export type OpenConfigs<Launch, Handlers, Posture> = Readonly<
  Partial<Record<"start" | "resume", SessionConfig<Launch, Handlers, Posture>>>
>;

/** An agent's option schema: start, resume, or both from one validation. */
export interface AgentOptions<Launch, Handlers, Posture> {
  /** `entry` names the caller in messages (startClaude, ClaudeSession, …). */
  parse(
    options: object,
    use: "start" | "resume" | "startOrResume" | "resumeOnly",
    entry: string,
    time?: TimeSource,
  ): OpenConfigs<Launch, Handlers, Posture>;
}

export function agentOptions<Shape extends z.ZodRawShape, Launch, Handlers, Posture>(
  spec: AgentOptionsSpec<Shape, Launch, Posture>,
): AgentOptions<Launch, Handlers, Posture> {
  const start = COMMON.extend(spec.fields);
  const startOnly = ["persona", ...spec.startOnly];
  const omitted = Object.fromEntries(startOnly.map((key) => [key, true as const]));
  const resume = start.omit(omitted as never);
  return {
    parse(options, use, entry, time) {
      // `hooks` is the caller's own object, checked above (a copy would lose its prototype).
      const { hooks } = options as { readonly hooks?: unknown };
      const config = (values: Values<Shape>): SessionConfig<Launch, Handlers, Posture> => {
        const cwd = path.resolve(values.cwd ?? process.cwd());
        const common = Object.fromEntries(COMMON.keyof().options.map((key) => [key, values[key]]));
        return {
          ...(common as z.output<typeof COMMON>),
          cwd,
          stateDir: values.stateDir === undefined ? undefined : path.resolve(cwd, values.stateDir),
          env: values.env ?? process.env,
          hooks: hooks as Handlers | undefined,
          ...spec.split(values),
          ...(time === undefined ? {} : { time }),
        };
      };
      if (use === "resume")
        return { resume: config(parseOptions(resume, options, entry) as never) };
      const values = parseOptions(start, options, entry) as Values<Shape>;
      const fresh = config(values);
      if (use === "start") return { start: fresh };
      // Resuming drops what only shapes a fresh conversation (spec §5.2 startOrResume).
      const kept = Object.entries(values).filter(([key]) => !startOnly.includes(key));
      const resumed = config(Object.fromEntries(kept) as Values<Shape>);
      return use === "resumeOnly" ? { resume: resumed } : { start: fresh, resume: resumed };
    },
  };
}
