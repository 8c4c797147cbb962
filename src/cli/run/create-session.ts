// Builds the library session for a run through the public API only: the agent's own
// session class from the registry, new or resumed, with the posture the settings resolved.
import {
  ELWOOD_AGENTS,
  type ElwoodSessionStatus,
  type ElwoodStatusDecision,
  type ElwoodStatusEvent,
  type ElwoodStreamEvent,
  type ElwoodTerminalExitEvent,
  type ElwoodTerminalSize,
  type ElwoodTokenUsage,
  type ElwoodUnsubscribe,
  type ElwoodWarningEvent,
} from "../../index.js";
import type { Agent } from "../config/run-settings.js";

/** What a run needs from either session class. */
export interface RunnableSession {
  readonly session: { readonly elwoodSessionId: string } | undefined;
  readonly status: ElwoodSessionStatus;
  /** Tokens of every model request the run made so far; undefined until one was read. */
  readonly usage: ElwoodTokenUsage | undefined;
  start(): Promise<unknown>;
  on(event: "status", handler: (event: ElwoodStatusEvent) => void): ElwoodUnsubscribe;
  on(event: "warning", handler: (event: ElwoodWarningEvent) => void): ElwoodUnsubscribe;
  on(event: "terminal:exit", handler: (event: ElwoodTerminalExitEvent) => void): ElwoodUnsubscribe;
  on(event: "terminal:data", handler: (data: string) => void): ElwoodUnsubscribe;
  resize(size: ElwoodTerminalSize): Promise<void>;
  stream(
    prompt: string,
    options?: { readonly images?: readonly { readonly path: string }[] },
  ): AsyncIterable<ElwoodStreamEvent>;
  statusDecisions(): readonly ElwoodStatusDecision[];
  interrupt(options?: { readonly timeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
  teardown(): Promise<void>;
}

export interface LaunchPlan {
  readonly agent: Agent;
  readonly cwd: string;
  readonly stateDir: string;
  readonly resumeId: string | undefined;
  readonly trust: boolean;
  readonly model: string | undefined;
  readonly reasoningEffort: string | undefined;
  /** The agent's posture options by session option name (`sandbox`), only those chosen. */
  readonly posture: Readonly<Record<string, string | undefined>>;
  /** The PTY's starting size (`--head` takes the viewer's); the library default otherwise. */
  readonly initialSize?: ElwoodTerminalSize;
  /** The environment the login shell and the agent get. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function createSession(plan: LaunchPlan): RunnableSession {
  const common = {
    cwd: plan.cwd,
    stateDir: plan.stateDir,
    autotrust: plan.trust,
    env: plan.env,
    ...defined({ elwoodSessionId: plan.resumeId, initialSize: plan.initialSize }),
  };
  const options = {
    ...common,
    ...defined({ model: plan.model, reasoningEffort: plan.reasoningEffort, ...plan.posture }),
  };
  return ELWOOD_AGENTS.get(plan.agent).createSession(options);
}
