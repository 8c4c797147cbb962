// defineAgent: one agent descriptor in, its whole public face out — start / resume /
// startOrResume and the lazy session class (seeds §5.1, §5.2, §5.8). Everything agent-
// specific comes from the descriptor (adapter, option normalizer, start-only options), so
// a new agent is one folder plus one defineAgent call (prd/internals.md "Adding an agent").
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
import { AgentSessionApi, type AgentSessionApiOptions } from "../core/runtime/agent-session.js";
import { ElwoodError } from "../errors.js";
import { LazyAgentSession } from "./lazy-session.js";

export interface AgentDefinition<
  StartOptions extends CommonStartOptions,
  ResumeOptions extends ResumeOptionsBase,
  Options,
  Handlers,
  Event extends HookEventBase,
  Posture,
  Api,
> {
  readonly adapter: AgentAdapter<Options, Handlers, Event, Posture>;
  /** Validates start or resume options; throws ElwoodError before anything is spawned. */
  normalize(
    options: StartOptions | ResumeOptions,
  ): NormalizedAgentOptions<Options, Handlers, Posture>;
  /** Options that only shape a fresh conversation; startOrResume drops them to resume. */
  readonly startOnlyOptions: readonly (keyof StartOptions & string)[];
  /** The raw session class, when the agent adds methods (Claude's login()). */
  readonly sessionApi?: new (
    options: AgentSessionApiOptions,
  ) => Api;
}

export interface ResumeOptionsBase {
  readonly elwoodSessionId: string;
}

/**
 * The options of an agent's lazy session class: start options with cwd optional; with
 * `elwoodSessionId`, the first start resumes that session (startOrResume rules).
 */
export type AgentSessionOptions<StartOptions extends CommonStartOptions> = Omit<
  StartOrResumeOptions<StartOptions>,
  "cwd"
> & { readonly cwd?: string };

/**
 * startOrResume's options: start options plus the session to try resuming first;
 * `elwoodSessionId: undefined` (a stored id that may not exist yet) means start fresh.
 */
export type StartOrResumeOptions<StartOptions> = StartOptions & {
  readonly elwoodSessionId?: string | undefined;
};

export interface DefinedAgent<
  Events extends ElwoodAgentSessionEvents,
  StartOptions extends CommonStartOptions,
  ResumeOptions extends ResumeOptionsBase,
  Api extends AgentSessionApi<Events>,
> {
  start(options: StartOptions): Promise<Api>;
  resume(options: ResumeOptions): Promise<Api>;
  /** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
  startOrResume(
    options: StartOrResumeOptions<StartOptions>,
  ): Promise<{ readonly session: Api; readonly resumed: boolean }>;
  readonly Session: new (
    options?: AgentSessionOptions<StartOptions>,
  ) => LazyAgentSession<Api, Events> & { readonly cwd: string };
}

const NOTHING_TO_RESUME = ["state_not_found", "resume_unavailable", "adapter_mismatch"] as const;

/**
 * `defineAgent<Events, StartOptions, ResumeOptions>()(definition)`: the type arguments
 * name the agent's public event map and option types; the rest is inferred.
 */
export function defineAgent<
  Events extends ElwoodAgentSessionEvents,
  StartOptions extends CommonStartOptions,
  ResumeOptions extends ResumeOptionsBase,
  Api extends AgentSessionApi<Events> = AgentSessionApi<Events>,
>() {
  return <Options, Handlers, Event extends HookEventBase, Posture>(
    definition: AgentDefinition<
      StartOptions,
      ResumeOptions,
      Options,
      Handlers,
      Event,
      Posture,
      Api
    >,
  ): DefinedAgent<Events, StartOptions, ResumeOptions, Api> => {
    const { adapter } = definition;
    // The public entry's name for messages: "resumeClaude", "resumeCodex", …
    const resumeName = `resume${adapter.agent.charAt(0).toUpperCase()}${adapter.agent.slice(1)}`;
    const open = async (
      options: StartOptions | ResumeOptions,
      elwoodSessionId: string | undefined,
      replacing?: ReplacedSession,
    ): Promise<Api> => {
      const normalized = definition.normalize(options);
      const request = {
        adapter,
        common: normalized.common,
        launchOptions: normalized.launch,
        postureOverrides: normalized.postureOverrides,
        hooks: normalized.hooks,
      };
      const { runtime, terminal } =
        elwoodSessionId === undefined
          ? await startAgentSession(request, replacing)
          : await resumeAgentSession({ ...request, elwoodSessionId });
      const api = { agent: adapter.agent, runtime: runtime as never, terminal };
      return definition.sessionApi === undefined
        ? (new AgentSessionApi<Events>(api) as Api)
        : new definition.sessionApi(api);
    };
    const start = (options: StartOptions) => open(options, undefined);
    const resume = (options: ResumeOptions) => {
      if (
        typeof options !== "object" ||
        options === null ||
        typeof options.elwoodSessionId !== "string"
      ) {
        return Promise.reject(invalidOption(`${resumeName} needs \`elwoodSessionId\`.`));
      }
      return open(options, options.elwoodSessionId);
    };
    const startOrResume = async (options: StartOrResumeOptions<StartOptions>) => {
      assertOptionsObject(options);
      const { elwoodSessionId, ...startOptions } = options;
      let replacing: ReplacedSession | undefined;
      if (elwoodSessionId !== undefined) {
        const shared = Object.fromEntries(
          Object.entries(startOptions).filter(
            ([key]) => !(definition.startOnlyOptions as readonly string[]).includes(key),
          ),
        );
        try {
          const resumeOptions = { ...shared, elwoodSessionId } as unknown as ResumeOptions;
          return { session: await resume(resumeOptions), resumed: true };
        } catch (error) {
          if (!ElwoodError.is(error, ...NOTHING_TO_RESUME)) throw error;
          replacing = { elwoodSessionId, reason: error.name as ReplacedSession["reason"] };
        }
      }
      const fresh = await open(startOptions as unknown as StartOptions, undefined, replacing);
      return { session: fresh, resumed: false };
    };

    class Session extends LazyAgentSession<Api, Events> {
      readonly cwd: string;

      constructor(
        options: AgentSessionOptions<StartOptions> = {} as AgentSessionOptions<StartOptions>,
      ) {
        // cwd and a relative stateDir are fixed now, so a later chdir cannot move the project;
        // the rest is validated by the first start, before it spawns anything.
        assertOptionsObject(options);
        const cwd = normalizeCwd(options.cwd);
        const givenStateDir = optionalString(options.stateDir, "stateDir");
        const stateDir = givenStateDir === undefined ? undefined : path.resolve(cwd, givenStateDir);
        const startOptions = {
          ...options,
          cwd,
          ...(stateDir === undefined ? {} : { stateDir }),
        } as unknown as StartOrResumeOptions<StartOptions>;
        const open =
          startOptions.elwoodSessionId === undefined
            ? () => start(startOptions)
            : async () => (await startOrResume(startOptions)).session;
        super({ open });
        this.cwd = cwd;
      }
    }
    return { start, resume, startOrResume, Session };
  };
}

function assertOptionsObject(options: unknown): asserts options is object {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw invalidOption(
      `Options must be an object; got ${options === null ? "null" : typeof options}.`,
    );
  }
}
