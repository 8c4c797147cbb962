// defineAgent: one agent descriptor in, its whole public face out — the session class and
// the start / resume / startOrResume factories over it (seeds §5.1, §5.2, §5.8). The class
// and the factories build the same object: a factory constructs the class and awaits its
// start. Everything agent-specific comes from the descriptor, so a new agent is one folder
// plus one defineAgent call (prd/internals.md "Adding an agent").
import type { HookEventBase } from "../bridge/catalogue.js";
import type { AgentAdapter } from "../core/contract/adapter.js";
import type { ElwoodAgentSessionEvents } from "../core/contract/session.js";
import {
  type ReplacedSession,
  resumeAgentSession,
  startAgentSession,
} from "../core/launch/open-session.js";
import type {
  AgentOptions,
  CommonStartOptions,
  OpenConfigs,
  SessionConfig,
} from "../core/launch/session-options.js";
import { ElwoodError } from "../errors.js";
import { invalidOption } from "../options/fields.js";
import { assertSessionId, newSessionId } from "../state/session-id.js";
import { DEFAULT_TERMINAL_SIZE } from "../terminal/terminal.js";
import { AgentSession, type OpenedSession, type RuntimeObserver } from "./agent-session.js";

export interface AgentDefinition<Options, Handlers, Event extends HookEventBase, Posture> {
  readonly adapter: AgentAdapter<Options, Handlers, Event, Posture>;
  /** The agent's option schema (core/launch/session-options.ts `agentOptions`). */
  readonly options: AgentOptions<Options, Handlers, Posture>;
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
    definition: AgentDefinition<Options, Handlers, Event, Posture>,
  ): DefinedAgent<Events, StartOptions, ResumeOptions> => {
    const { adapter } = definition;
    const Agent = `${adapter.agent.charAt(0).toUpperCase()}${adapter.agent.slice(1)}`;
    const ENTRY: Record<OpenMode | "class", string> = {
      start: `start${Agent}`,
      resume: `resume${Agent}`,
      startOrResume: `startOrResume${Agent}`,
      class: `${Agent}Session`,
    };
    type Config = SessionConfig<Options, Handlers, Posture>;

    const start = async (
      config: Config,
      id: string,
      observe: RuntimeObserver,
      replacing?: ReplacedSession,
    ) => ({
      runtime: (await startAgentSession(adapter, config, id, observe as never, replacing)) as never,
      resumed: false,
    });
    // Resume when a resume config is planned; a planned start stands in only when there
    // is nothing to resume, and says which session it replaces (started_new_conversation).
    const open = async (
      configs: OpenConfigs<Options, Handlers, Posture>,
      id: string,
      freshId: string,
      observe: RuntimeObserver,
    ): Promise<OpenedSession> => {
      if (configs.resume === undefined) return start(configs.start as Config, freshId, observe);
      try {
        return {
          runtime: (await resumeAgentSession(
            adapter,
            configs.resume,
            id,
            observe as never,
          )) as never,
          resumed: true,
        };
      } catch (error) {
        if (configs.start === undefined || !ElwoodError.is(error, ...NOTHING_TO_RESUME))
          throw error;
        const reason = error.name as ReplacedSession["reason"];
        return start(configs.start, freshId, observe, { elwoodSessionId: id, reason });
      }
    };

    class Session extends AgentSession<Events> {
      constructor(
        options: AgentSessionOptions<StartOptions> = {} as AgentSessionOptions<StartOptions>,
      ) {
        // Validated once, now: cwd and a relative stateDir are fixed before a later chdir
        // can move them. A bad option rejects the first call that starts the session.
        assertOptionsObject(options);
        const {
          [OPEN_MODE]: requestedMode,
          [SESSION_OPENER]: opener,
          resumeOnly,
          ...rest
        } = options as AgentSessionOptions<StartOptions> & {
          readonly [OPEN_MODE]?: OpenMode;
          readonly [SESSION_OPENER]?: (observe: RuntimeObserver) => Promise<OpenedSession>;
        };
        const { elwoodSessionId, ...startOptions } = rest;
        const freshId = newSessionId();
        let configs: OpenConfigs<Options, Handlers, Posture> = {};
        let failure: unknown;
        try {
          if (resumeOnly !== undefined && typeof resumeOnly !== "boolean") {
            throw invalidOption("`resumeOnly` must be a boolean.", { option: "resumeOnly" });
          }
          if (elwoodSessionId !== undefined) assertSessionId(elwoodSessionId);
          if (resumeOnly === true && typeof elwoodSessionId !== "string") {
            throw invalidOption("`resumeOnly` needs the `elwoodSessionId` to resume.", {
              option: "resumeOnly",
            });
          }
          const use =
            requestedMode === "start" || requestedMode === "resume"
              ? requestedMode
              : resumeOnly === true
                ? "resumeOnly"
                : elwoodSessionId === undefined
                  ? "start"
                  : "startOrResume";
          // A start takes no elwoodSessionId: startClaude({ elwoodSessionId }) is refused.
          const input = requestedMode === "start" ? rest : startOptions;
          configs = definition.options.parse(input, use, ENTRY[requestedMode ?? "class"]);
        } catch (error) {
          failure = error;
        }
        const config = configs.start ?? configs.resume;
        super({
          agent: adapter.agent,
          cwd: config?.cwd ?? process.cwd(),
          elwoodSessionId: elwoodSessionId ?? freshId,
          initialSize: config?.initialSize ?? DEFAULT_TERMINAL_SIZE,
          open: (observe) => {
            if (opener !== undefined) return opener(observe);
            if (failure !== undefined) return Promise.reject(failure);
            return open(configs, elwoodSessionId ?? freshId, freshId, observe);
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
            throw invalidOption(`${ENTRY.start} needs \`cwd\`, the folder the agent works in.`, {
              option: "cwd",
            });
          }
          return construct(options, "start").start();
        },
        async resume(options) {
          assertOptionsObject(options);
          if (typeof (options as { elwoodSessionId?: unknown }).elwoodSessionId !== "string") {
            throw invalidOption(`${ENTRY.resume} needs \`elwoodSessionId\`.`);
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

function assertOptionsObject(options: unknown): asserts options is object {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw invalidOption(
      `Options must be an object; got ${options === null ? "null" : typeof options}.`,
    );
  }
}
