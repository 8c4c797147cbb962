// defineAgent: one agent descriptor in, its public face out: the session class, and the
// start / resume / startOrResume factories that construct it and await its start (seeds
// §5.1, §5.2, §5.8; prd/internals.md "Adding an agent").
import type { HookEventBase } from "../bridge/catalogue.js";
import type { TimeSource } from "../core/context/clock.js";
import type { AgentAdapter } from "../core/contract/adapter.js";
import type { ElwoodAgentSessionEvents } from "../core/contract/session.js";
import type { AgentAppFacts } from "../core/launch/app-facts.js";
import { missingConversationOf } from "../core/launch/conversation-check.js";
import type { RuntimeObserver } from "../core/launch/launcher.js";
import {
  type ReplacedSession,
  resumeAgentSession,
  startAgentSession,
} from "../core/launch/open-session.js";
import type {
  AgentOptions,
  CommonStartOptions,
  OpenConfigs,
} from "../core/launch/session-options.js";
import { ElwoodError } from "../errors.js";
import { invalidOption } from "../options/fields.js";
import { assertSessionId, newSessionId } from "../state/session-id.js";
import { DEFAULT_TERMINAL_SIZE } from "../terminal/terminal.js";
import { type RegisteredAgent, registeredAgent } from "./agent-registry.js";
import { AgentSession, type AgentSessionInit } from "./agent-session.js";

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

export type AgentSessionClass<S, StartOptions extends CommonStartOptions> = new (
  options?: AgentSessionOptions<StartOptions>,
) => S;

export interface DefinedAgent<
  Events extends ElwoodAgentSessionEvents,
  StartOptions extends CommonStartOptions,
  ResumeOptions extends { readonly elwoodSessionId: string },
> {
  readonly Session: AgentSessionClass<AgentSession<Events>, StartOptions>;
  /** The eager factories over `Session` or an agent's subclass of it (ClaudeSession). */
  factories<S extends AgentSession<Events>>(
    Session: AgentSessionClass<S, StartOptions>,
  ): {
    start(options: StartOptions): Promise<S>;
    resume(options: ResumeOptions): Promise<S>;
    startOrResume(
      options: StartOrResumeOptions<StartOptions>,
    ): Promise<{ readonly session: S; readonly resumed: boolean }>;
  };
  /**
   * Its registry entry (src/agents.ts): what serve, the CLI and the web page read of it,
   * over `Session` or an agent's subclass of it.
   */
  register<const Facts extends AgentAppFacts>(
    app: Facts,
    Session?: AgentSessionClass<AgentSession<Events>, StartOptions>,
  ): RegisteredAgent<Facts>;
}

type OpenMode = "start" | "resume" | "startOrResume";

/** How a factory tells the class which way to open; not reachable from the package root. */
const OPEN_MODE = Symbol("elwood.openMode");

// Internal: a session class given this option opens with it instead of launching a CLI
// (how fake-CLI tests put a real ClaudeSession over a runtime of fake ports).
export const SESSION_OPENER = Symbol("elwood.sessionOpener");

// Internal: the TimeSource of a launched session's one clock (how the loop e2e runs loop
// time faster).
export const SESSION_TIME = Symbol("elwood.sessionTime");

const NOTHING_TO_RESUME = ["state_not_found", "resume_unavailable", "adapter_mismatch"] as const;

/** The type arguments name the agent's public event map and option types; the rest is inferred. */
export function defineAgent<
  Events extends ElwoodAgentSessionEvents,
  StartOptions extends CommonStartOptions,
  ResumeOptions extends { readonly elwoodSessionId: string },
>() {
  return <Options, Handlers, Event extends HookEventBase, Posture>(definition: {
    readonly adapter: AgentAdapter<Options, Handlers, Event, Posture>;
    readonly options: AgentOptions<Options, Handlers, Posture>;
  }): DefinedAgent<Events, StartOptions, ResumeOptions> => {
    const { adapter } = definition;
    const Agent = `${adapter.agent.charAt(0).toUpperCase()}${adapter.agent.slice(1)}`;

    // Resume when a resume config is planned; a planned start stands in only when there
    // is nothing to resume, and says which session it replaces (started_new_conversation,
    // or conversation_missing when the CLI's files no longer hold the conversation).
    const open = async (
      configs: OpenConfigs<Options, Handlers, Posture>,
      id: string,
      freshId: string,
      observe: RuntimeObserver<Event>,
    ) => {
      const start = (replacing?: ReplacedSession) =>
        startAgentSession(adapter, configs.start!, freshId, observe, replacing);
      if (configs.resume === undefined) return { runtime: await start(), resumed: false };
      try {
        const runtime = await resumeAgentSession(adapter, configs.resume, id, observe);
        return { runtime, resumed: true };
      } catch (error) {
        if (configs.start === undefined || !ElwoodError.is(error, ...NOTHING_TO_RESUME))
          throw error;
        const reason = error.name as ReplacedSession["reason"];
        const missing = missingConversationOf(error);
        const replacing = { previousElwoodSessionId: id, reason, ...(missing && { missing }) };
        return { runtime: await start(replacing), resumed: false };
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
          [SESSION_TIME]: time,
          resumeOnly,
          ...rest
        } = options as AgentSessionOptions<StartOptions> & {
          readonly [OPEN_MODE]?: OpenMode;
          readonly [SESSION_OPENER]?: AgentSessionInit["open"];
          readonly [SESSION_TIME]?: TimeSource;
        };
        const { elwoodSessionId, ...startOptions } = rest;
        const entry = requestedMode === undefined ? `${Agent}Session` : `${requestedMode}${Agent}`;
        const freshId = newSessionId();
        let configs: OpenConfigs<Options, Handlers, Posture> = {};
        let failure: unknown;
        try {
          // The factories take no default cwd (spec §5.1): only the classes do.
          if (requestedMode === "start" && rest.cwd === undefined) {
            throw invalidOption(`${entry} needs \`cwd\`, the folder the agent works in.`, {
              option: "cwd",
            });
          }
          if (requestedMode === "resume" && typeof elwoodSessionId !== "string") {
            throw invalidOption(`${entry} needs \`elwoodSessionId\`.`);
          }
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
          configs = definition.options.parse(input, use, entry, time);
        } catch (error) {
          failure = error;
        }
        const config = configs.start ?? configs.resume;
        super({
          agent: adapter.agent,
          cwd: config?.cwd ?? process.cwd(),
          elwoodSessionId: elwoodSessionId ?? freshId,
          initialSize: config?.initialSize ?? DEFAULT_TERMINAL_SIZE,
          time,
          open: (observe) => {
            if (opener !== undefined) return opener(observe);
            if (failure !== undefined) return Promise.reject(failure);
            // The runtime is invariant in its hook event type; here it is this agent's.
            return open(configs, elwoodSessionId ?? freshId, freshId, observe as never) as never;
          },
        });
      }
    }

    const factories: DefinedAgent<Events, StartOptions, ResumeOptions>["factories"] = (
      SessionClass,
    ) => {
      const construct = async (options: unknown, mode: OpenMode) => {
        assertOptionsObject(options);
        return new SessionClass({ ...options, [OPEN_MODE]: mode } as never).start();
      };
      return {
        start: (options) => construct(options, "start"),
        resume: (options) => construct(options, "resume"),
        async startOrResume(options) {
          const session = await construct(options, "startOrResume");
          return { session, resumed: session.isResumed };
        },
      };
    };
    return {
      Session,
      factories,
      register: (app, SessionClass = Session) =>
        registeredAgent({
          adapter,
          app,
          Session: SessionClass as never,
          start: factories(SessionClass).start as never,
        }),
    };
  };
}

function assertOptionsObject(options: unknown): asserts options is object {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw invalidOption(
      `Options must be an object; got ${options === null ? "null" : typeof options}.`,
    );
  }
}

/**
 * What an agent's folder declares for its registry line (prd/adding-an-agent.md): its
 * adapter, its option schema and its app facts.
 */
export interface AgentDefinition<
  Options,
  Handlers,
  Event extends HookEventBase,
  Posture,
  Facts extends AgentAppFacts,
> {
  readonly adapter: AgentAdapter<Options, Handlers, Event, Posture>;
  readonly options: AgentOptions<Options, Handlers, Posture>;
  readonly app: Facts;
}

/**
 * The registry line of an agent with no public face of its own in the package root:
 * its definition, defined and registered over the plain session class.
 */
export function registerAgent<
  Options,
  Handlers,
  Event extends HookEventBase,
  Posture,
  const Facts extends AgentAppFacts,
>(definition: AgentDefinition<Options, Handlers, Event, Posture, Facts>): RegisteredAgent<Facts> {
  return defineAgent<
    ElwoodAgentSessionEvents,
    CommonStartOptions,
    CommonStartOptions & { readonly elwoodSessionId: string }
  >()(definition).register(definition.app);
}
