// defineAgent: one agent descriptor in, its whole public face out — the session class and
// the start / resume / startOrResume factories over it (seeds §5.1, §5.2, §5.8). The class
// and the factories build the same object: a factory constructs the class and awaits its
// start. Everything agent-specific comes from the descriptor, so a new agent is one folder
// plus one defineAgent call (prd/internals.md "Adding an agent").
import path from "node:path";
import type { HookEventBase } from "../bridge/catalogue.js";
import type { AgentAdapter } from "../core/contract/adapter.js";
import type { ElwoodAgentSessionEvents } from "../core/contract/session.js";
import {
  type CommonStartOptions,
  invalidOption,
  type NormalizedAgentOptions,
  normalizeCwd,
  optionalString,
} from "../core/launch/common-options.js";
import {
  type ReplacedSession,
  resumeAgentSession,
  startAgentSession,
} from "../core/launch/open-session.js";
import type { SessionRuntime } from "../core/runtime/runtime.js";
import { ElwoodError } from "../errors.js";
import { newSessionId } from "../state/session-id.js";
import { DEFAULT_TERMINAL_SIZE } from "../terminal/terminal.js";
import { AgentSession, type OpenedSession, type RuntimeObserver } from "./agent-session.js";

export interface AgentDefinition<
  StartOptions extends CommonStartOptions,
  ResumeOptions extends ResumeOptionsBase,
  Options,
  Handlers,
  Event extends HookEventBase,
  Posture,
> {
  readonly adapter: AgentAdapter<Options, Handlers, Event, Posture>;
  /** Validates start or resume options; throws ElwoodError before anything is spawned. */
  normalize(
    options: StartOptions | ResumeOptions,
  ): NormalizedAgentOptions<Options, Handlers, Posture>;
  /** Options that only shape a fresh conversation; startOrResume drops them to resume. */
  readonly startOnlyOptions: readonly (keyof StartOptions & string)[];
}

export interface ResumeOptionsBase {
  readonly elwoodSessionId: string;
}

/**
 * The options of an agent's session class: start options with cwd optional; with
 * `elwoodSessionId`, the first start resumes that session (startOrResume rules).
 */
export type AgentSessionOptions<StartOptions extends CommonStartOptions> = Omit<
  StartOrResumeOptions<StartOptions>,
  "cwd"
> & {
  readonly cwd?: string;
  /**
   * With `elwoodSessionId`: resume that session or fail with the resume's error
   * (state_not_found, resume_unavailable, adapter_mismatch), never starting a fresh
   * conversation in its place — the lazy twin of resumeClaude/resumeCodex.
   */
  readonly resumeOnly?: boolean;
};

/**
 * startOrResume's options: start options plus the session to try resuming first;
 * `elwoodSessionId: undefined` (a stored id that may not exist yet) means start fresh.
 */
export type StartOrResumeOptions<StartOptions> = StartOptions & {
  readonly elwoodSessionId?: string | undefined;
};

/** A session class built by defineAgent, or an agent's subclass of it (ClaudeSession). */
export type AgentSessionClass<S, StartOptions extends CommonStartOptions> = new (
  options?: AgentSessionOptions<StartOptions>,
) => S;

export interface DefinedAgent<
  Events extends ElwoodAgentSessionEvents,
  StartOptions extends CommonStartOptions,
  ResumeOptions extends ResumeOptionsBase,
> {
  readonly Session: AgentSessionClass<AgentSession<Events>, StartOptions>;
  /** The eager factories over `Session` (or the agent's subclass of it). */
  factories<S extends AgentSession<Events>>(
    Session: AgentSessionClass<S, StartOptions>,
  ): AgentFactories<S, StartOptions, ResumeOptions>;
}

export interface AgentFactories<S, StartOptions, ResumeOptions> {
  start(options: StartOptions): Promise<S>;
  resume(options: ResumeOptions): Promise<S>;
  /** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
  startOrResume(
    options: StartOrResumeOptions<StartOptions>,
  ): Promise<{ readonly session: S; readonly resumed: boolean }>;
}

type OpenMode = "start" | "resume" | "startOrResume";

/** How a factory tells the class which way to open; not reachable from the package root. */
const OPEN_MODE = Symbol("elwood.openMode");

/**
 * Internal seam, not reachable from the package root: a session class given this option
 * opens with it instead of launching a CLI — how fake-CLI tests put a real ClaudeSession
 * over a runtime of fake ports.
 */
export const SESSION_OPENER = Symbol("elwood.sessionOpener");

const NOTHING_TO_RESUME = ["state_not_found", "resume_unavailable", "adapter_mismatch"] as const;

/**
 * `defineAgent<Events, StartOptions, ResumeOptions>()(definition)`: the type arguments
 * name the agent's public event map and option types; the rest is inferred.
 */
export function defineAgent<
  Events extends ElwoodAgentSessionEvents,
  StartOptions extends CommonStartOptions,
  ResumeOptions extends ResumeOptionsBase,
>() {
  return <Options, Handlers, Event extends HookEventBase, Posture>(
    definition: AgentDefinition<StartOptions, ResumeOptions, Options, Handlers, Event, Posture>,
  ): DefinedAgent<Events, StartOptions, ResumeOptions> => {
    const { adapter } = definition;
    const entry = (verb: string) =>
      `${verb}${adapter.agent.charAt(0).toUpperCase()}${adapter.agent.slice(1)}`;

    const open = async (
      options: StartOptions | ResumeOptions,
      elwoodSessionId: string,
      mode: "start" | "resume",
      observe: RuntimeObserver,
      replacing?: ReplacedSession,
    ): Promise<OpenedSession> => {
      const normalized = definition.normalize(options);
      const request = {
        adapter,
        common: normalized.common,
        launchOptions: normalized.launch,
        postureOverrides: normalized.postureOverrides,
        hooks: normalized.hooks,
        elwoodSessionId,
        observe: (runtime: SessionRuntime<Event>) => observe(runtime as never),
      };
      const runtime =
        mode === "start"
          ? await startAgentSession(request, replacing)
          : await resumeAgentSession(request);
      return { runtime: runtime as never, resumed: mode === "resume" };
    };

    // startOrResume: resume when there is something to resume; else a fresh start that
    // says which session it stands in for (the started_new_conversation warning).
    const openEither = async (
      options: StartOrResumeOptions<StartOptions>,
      freshId: string,
      observe: RuntimeObserver,
    ): Promise<OpenedSession> => {
      const { elwoodSessionId, ...startOptions } = options;
      if (elwoodSessionId === undefined) {
        return open(startOptions as unknown as StartOptions, freshId, "start", observe);
      }
      const startOnly = definition.startOnlyOptions as readonly string[];
      const shared = Object.fromEntries(
        Object.entries(startOptions).filter(([key]) => !startOnly.includes(key)),
      );
      try {
        const resumeOptions = { ...shared, elwoodSessionId } as unknown as ResumeOptions;
        return await open(resumeOptions, elwoodSessionId, "resume", observe);
      } catch (error) {
        if (!ElwoodError.is(error, ...NOTHING_TO_RESUME)) throw error;
        const reason = error.name as ReplacedSession["reason"];
        return open(startOptions as unknown as StartOptions, freshId, "start", observe, {
          elwoodSessionId,
          reason,
        });
      }
    };

    class Session extends AgentSession<Events> {
      constructor(
        options: AgentSessionOptions<StartOptions> = {} as AgentSessionOptions<StartOptions>,
      ) {
        // cwd and a relative stateDir are fixed now, so a later chdir cannot move the
        // project; the rest is validated by the first start, before it spawns anything.
        assertOptionsObject(options);
        const given = options as AgentSessionOptions<StartOptions> & {
          readonly [OPEN_MODE]?: OpenMode;
          readonly [SESSION_OPENER]?: (observe: RuntimeObserver) => Promise<OpenedSession>;
        };
        const cwd = normalizeCwd(given.cwd);
        const givenStateDir = optionalString(given.stateDir, "stateDir");
        const stateDir = givenStateDir === undefined ? undefined : path.resolve(cwd, givenStateDir);
        const { [OPEN_MODE]: requestedMode, [SESSION_OPENER]: opener, resumeOnly, ...rest } = given;
        if (resumeOnly !== undefined && typeof resumeOnly !== "boolean") {
          throw invalidOption("`resumeOnly` must be a boolean.", { option: "resumeOnly" });
        }
        if (resumeOnly === true && typeof given.elwoodSessionId !== "string") {
          throw invalidOption("`resumeOnly` needs the `elwoodSessionId` to resume.", {
            option: "resumeOnly",
          });
        }
        const fixed = {
          ...rest,
          cwd,
          ...(stateDir === undefined ? {} : { stateDir }),
        } as unknown as StartOrResumeOptions<StartOptions>;
        const mode: OpenMode =
          requestedMode ??
          (resumeOnly === true
            ? "resume"
            : fixed.elwoodSessionId === undefined
              ? "start"
              : "startOrResume");
        const freshId = newSessionId();
        super({
          agent: adapter.agent,
          cwd,
          elwoodSessionId: fixed.elwoodSessionId ?? freshId,
          initialSize: initialSizeOf(given.initialSize),
          open: (observe) => {
            if (opener !== undefined) return opener(observe);
            if (mode === "resume") {
              const id = fixed.elwoodSessionId as string;
              return open(fixed as unknown as ResumeOptions, id, "resume", observe);
            }
            if (mode === "start") {
              return open(fixed as unknown as StartOptions, freshId, "start", observe);
            }
            return openEither(fixed, freshId, observe);
          },
        });
      }
    }

    const factories = <S extends AgentSession<Events>>(
      SessionClass: AgentSessionClass<S, StartOptions>,
    ): AgentFactories<S, StartOptions, ResumeOptions> => {
      const construct = (options: object, mode: OpenMode): S =>
        new SessionClass({
          ...options,
          [OPEN_MODE]: mode,
        } as unknown as AgentSessionOptions<StartOptions>);
      return {
        async start(options) {
          assertOptionsObject(options);
          // The factories take no default cwd (spec §5.1): only the classes do.
          if ((options as { cwd?: unknown }).cwd === undefined) {
            throw invalidOption(`${entry("start")} needs \`cwd\`, the folder the agent works in.`, {
              option: "cwd",
            });
          }
          return construct(options, "start").start();
        },
        async resume(options) {
          assertOptionsObject(options);
          if (typeof (options as { elwoodSessionId?: unknown }).elwoodSessionId !== "string") {
            throw invalidOption(`${entry("resume")} needs \`elwoodSessionId\`.`);
          }
          return construct(options, "resume").start();
        },
        async startOrResume(options) {
          assertOptionsObject(options);
          const session = await construct(options, "startOrResume").start();
          return { session, resumed: session.isResumed };
        },
      };
    };

    return { Session, factories };
  };
}

function initialSizeOf(value: unknown) {
  const size = value as { cols?: unknown; rows?: unknown } | undefined;
  return typeof size?.cols === "number" && typeof size.rows === "number"
    ? { cols: size.cols, rows: size.rows }
    : DEFAULT_TERMINAL_SIZE;
}

function assertOptionsObject(options: unknown): asserts options is object {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw invalidOption(
      `Options must be an object; got ${options === null ? "null" : typeof options}.`,
    );
  }
}
