// The raw live session handed to callers (api.md §5.3 surface): a thin, typed face over
// one SessionRuntime. Promise-returning methods reject, never throw synchronously.
import type { HookEventBase } from "../../bridge/catalogue.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { ElwoodTerminal } from "../../terminal/terminal.js";
import type { CoreEventMap } from "../context/session-events.js";
import { checkTimeoutOptions } from "../contract/call-arguments.js";
import type { ElwoodLoopRequest, ElwoodLoopSnapshot } from "../contract/loops.js";
import type { AgentModelOption, ModelOperationOptions } from "../contract/models.js";
import type { CompactOptions, ElwoodAgentSessionEvents } from "../contract/session.js";
import type {
  ElwoodAgentId,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodTerminalSize,
} from "../contract/status.js";
import type { ElwoodStreamEvent, SendOptions, TurnOptions } from "../contract/turn.js";
import type { ElwoodActivityEvent } from "../contract/types.js";
import type { SessionRuntime } from "./runtime.js";
import type { RuntimeOperations } from "./runtime-operations.js";

type CoreEventName = keyof CoreEventMap & string;

export interface AgentSessionApiOptions {
  readonly agent: ElwoodAgentId;
  readonly runtime: SessionRuntime<unknown, unknown, HookEventBase>;
  readonly terminal: ElwoodTerminal;
}

export class AgentSessionApi<Events extends ElwoodAgentSessionEvents> {
  readonly agent: ElwoodAgentId;
  readonly #runtime: SessionRuntime<unknown, unknown, HookEventBase>;
  readonly #terminal: ElwoodTerminal;

  constructor(options: AgentSessionApiOptions) {
    this.agent = options.agent;
    this.#runtime = options.runtime;
    this.#terminal = options.terminal;
  }

  get elwoodSessionId(): string {
    return this.#runtime.elwoodSessionId;
  }

  get cwd(): string {
    return this.#runtime.cwd;
  }

  get status(): ElwoodSessionStatus {
    return this.#runtime.status;
  }

  get terminal(): ElwoodTerminal {
    return this.#terminal;
  }

  /** For an agent's own methods (Claude's login()): the runtime's session commands. */
  protected get operations(): RuntimeOperations {
    return this.#runtime.operations;
  }

  statusDecisions(): readonly ElwoodStatusDecision[] {
    return this.#runtime.statusDecisions();
  }

  waitForStatus(
    match: (status: ElwoodSessionStatus) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodSessionStatus> {
    return guard(() => this.#runtime.waitForStatus(match, timeoutMs));
  }

  waitForActivity<E extends ElwoodActivityEvent>(
    match: (event: ElwoodActivityEvent) => event is E,
    timeoutMs?: number,
  ): Promise<E>;
  waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent>;
  waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent> {
    return guard(() => this.#runtime.waitForActivity(match, timeoutMs));
  }

  // Every adapter event name is a core event name (common, `hook:*`, `*:transcript`).
  on<E extends keyof Events & string>(
    event: E,
    handler: (payload: Events[E]) => void,
  ): ElwoodUnsubscribe {
    return this.#runtime.events.on(event as CoreEventName, handler as (payload: unknown) => void);
  }

  off<E extends keyof Events & string>(event: E, handler: (payload: Events[E]) => void): void {
    this.#runtime.events.off(event as CoreEventName, handler as (payload: unknown) => void);
  }

  stream(prompt: string, options?: TurnOptions): AsyncIterable<ElwoodStreamEvent> {
    return this.#runtime.stream(prompt, options);
  }

  send(prompt: string, options?: TurnOptions): Promise<string> {
    return guard(() => this.#runtime.send(prompt, options));
  }

  sendPrompt(prompt: string, options?: SendOptions): Promise<void> {
    return guard(() => this.#runtime.sendPrompt(prompt, options));
  }

  sendMessage(message: string, options?: SendOptions): Promise<void> {
    return guard(() => this.#runtime.sendMessage(message, options));
  }

  sendGuidance(message: string, options?: SendOptions): Promise<void> {
    return guard(() => this.#runtime.sendGuidance(message, options));
  }

  sendKeys(input: string | Uint8Array): Promise<void> {
    return guard(() => this.#runtime.sendKeys(input));
  }

  resize(size: ElwoodTerminalSize): Promise<void> {
    return guard(() => this.#runtime.resize(size));
  }

  interrupt(options?: { readonly timeoutMs?: number }): Promise<void> {
    return guard(() => {
      checkTimeoutOptions(options, "interrupt()");
      return this.#runtime.interrupt(options);
    });
  }

  /** Types the CLI's /compact after the current turn; resolves when compaction ends. */
  compact(options?: CompactOptions): Promise<void> {
    return guard(() => this.#runtime.operations.compact(options));
  }

  /** Reads the `/model` picker's rows, then closes it with Escape: nothing changes. */
  listModels(options?: ModelOperationOptions): Promise<readonly AgentModelOption[]> {
    return guard(() => this.#runtime.operations.models.listModels(options));
  }

  /** Switches this session's model through the picker; the saved default is kept. */
  setModel(id: string, options?: ModelOperationOptions): Promise<void> {
    return guard(() => this.#runtime.operations.models.setModel(id, options));
  }

  /** Elwood schedules the loop itself; `/loop` text is never parsed by sendMessage. */
  createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    return guard(() => this.#runtime.loops.create(request));
  }

  /** Also works on a stopped or exited session (definitions kept for resume). */
  listLoops(): Promise<readonly ElwoodLoopSnapshot[]> {
    return guard(() => this.#runtime.loops.list());
  }

  cancelLoop(loopId: string): Promise<void> {
    return guard(() => this.#runtime.loops.cancel(loopId));
  }

  stop(): Promise<void> {
    return guard(() => this.#runtime.stop());
  }

  kill(): Promise<void> {
    return guard(() => this.#runtime.kill());
  }

  teardown(): Promise<void> {
    return guard(() => this.#runtime.teardown());
  }
}

// Turns a synchronous throw into a rejection (api.md: "MUST reject and never throw").
export function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}
