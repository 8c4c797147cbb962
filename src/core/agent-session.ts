// The raw live session handed to callers (api.md §5.3 surface): a thin, typed face over
// one SessionRuntime. Promise-returning methods reject, never throw synchronously.
import type { HookEventBase } from "../bridge/catalogue.js";
import type { Unsubscribe } from "../events/emitter.js";
import type { ElwoodTerminal } from "../terminal/terminal.js";
import type { ElwoodLoopEvent, ElwoodLoopRequest, ElwoodLoopSnapshot } from "./loops/types.js";
import type { CompactOptions } from "./operations/compact.js";
import type { ImageInput } from "./operations/images.js";
import type { SessionRuntime } from "./runtime.js";
import type {
  AgentKind,
  ElwoodActivityEvent,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodWarningEvent,
  HookErrorEvent,
  StatusEvent,
  TerminalExitEvent,
  TerminalSize,
} from "./types.js";

/** Events every agent session has (the ElwoodAgentSession event names). */
export interface CommonSessionEvents {
  "terminal:data": string;
  "terminal:exit": TerminalExitEvent;
  status: StatusEvent;
  activity: ElwoodActivityEvent;
  warning: ElwoodWarningEvent;
  hookError: HookErrorEvent;
  resize: TerminalSize;
  /** Live-only loop lifecycle (§5.9); never carries a loop's message. */
  loop: ElwoodLoopEvent;
}

export interface SendOptions {
  /** Attached in order before the text, in the same queue op (api.md "Images"). */
  readonly images?: readonly ImageInput[];
}

/**
 * What every raw agent session offers, whatever the agent (C-API-27): identity and status,
 * the common events, waits, io and lifecycle. Both `ClaudeSessionApi` and `CodexSessionApi`
 * satisfy it structurally, so one function can drive either.
 */
export interface ElwoodAgentSession {
  readonly agent: AgentKind;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly status: ElwoodSessionStatus;
  readonly terminal: ElwoodTerminal;
  statusDecisions(): readonly ElwoodStatusDecision[];
  waitForStatus(
    match: (status: ElwoodSessionStatus) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodSessionStatus>;
  waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent>;
  on<E extends keyof CommonSessionEvents>(
    event: E,
    handler: (payload: CommonSessionEvents[E]) => void,
  ): Unsubscribe;
  off<E extends keyof CommonSessionEvents>(
    event: E,
    handler: (payload: CommonSessionEvents[E]) => void,
  ): void;
  sendPrompt(prompt: string, options?: SendOptions): Promise<void>;
  sendMessage(message: string, options?: SendOptions): Promise<void>;
  sendGuidance(message: string, options?: SendOptions): Promise<void>;
  sendKeys(input: string | Uint8Array): Promise<void>;
  resize(size: TerminalSize): Promise<void>;
  interrupt(options?: { readonly timeoutMs?: number }): Promise<void>;
  compact(options?: CompactOptions): Promise<void>;
  createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot>;
  listLoops(): Promise<readonly ElwoodLoopSnapshot[]>;
  cancelLoop(loopId: string): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
  teardown(): Promise<void>;
}

export class AgentSessionApi<Events extends CommonSessionEvents> {
  readonly agent: AgentKind;
  readonly #runtime: SessionRuntime<unknown, unknown, HookEventBase>;
  readonly #terminal: ElwoodTerminal;

  constructor(options: {
    readonly agent: AgentKind;
    readonly runtime: SessionRuntime<unknown, unknown, HookEventBase>;
    readonly terminal: ElwoodTerminal;
  }) {
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

  statusDecisions(): readonly ElwoodStatusDecision[] {
    return this.#runtime.statusDecisions();
  }

  waitForStatus(
    match: (status: ElwoodSessionStatus) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodSessionStatus> {
    return guard(() => this.#runtime.waitForStatus(match, timeoutMs));
  }

  waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent> {
    return guard(() => this.#runtime.waitForActivity(match, timeoutMs));
  }

  on<E extends keyof Events & string>(
    event: E,
    handler: (payload: Events[E]) => void,
  ): Unsubscribe {
    return this.#runtime.events.on(event, handler as (payload: unknown) => void);
  }

  off<E extends keyof Events & string>(event: E, handler: (payload: Events[E]) => void): void {
    this.#runtime.events.off(event, handler as (payload: unknown) => void);
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

  resize(size: TerminalSize): Promise<void> {
    return guard(() => this.#runtime.resize(size));
  }

  interrupt(options?: { readonly timeoutMs?: number }): Promise<void> {
    return guard(() => this.#runtime.interrupt(options));
  }

  /** Types the CLI's /compact after the current turn; resolves when compaction ends. */
  compact(options?: CompactOptions): Promise<void> {
    return guard(() => this.#runtime.operations.compact(options));
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
function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}
