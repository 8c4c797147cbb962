// The shared body of ClaudeSession and CodexSession (seeds §5.8): lazy, idempotent,
// concurrent-safe start; subscriptions buffered before start; shutdown methods that are
// no-ops before start; `close()` for `finally`. A `send`/`stream` turn starts the session
// and drains the core Turn (src/core/turn/): no turn logic lives here.

import {
  assertOptionsArgument,
  assertTurnText,
  checkTimeoutOptions,
  checkTurnOptions,
  checkWaitArguments,
} from "../core/contract/call-arguments.js";
import type { ElwoodLoopRequest, ElwoodLoopSnapshot } from "../core/contract/loops.js";
import type { AgentModelOption, ModelOperationOptions } from "../core/contract/models.js";
import type { CompactOptions, ElwoodAgentSession } from "../core/contract/session.js";
import type {
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodTerminalSize,
} from "../core/contract/status.js";
import type { ElwoodStreamEvent, SendOptions, TurnOptions } from "../core/contract/turn.js";
import type { ElwoodActivityEvent } from "../core/contract/types.js";
import { validateLoopRequest } from "../core/loops/validate.js";
import { compactTimeout } from "../core/operations/compact.js";
import { snapshotImageInputs } from "../core/operations/images.js";
import { modelTimeout, validModelId } from "../core/operations/models/run-models.js";
import { ElwoodError } from "../errors.js";
import type { ElwoodUnsubscribe } from "../events/emitter.js";
import { assertTerminalSize } from "../terminal/terminal.js";

type AnyHandler = (payload: never) => void;

interface Subscription {
  readonly event: string;
  readonly handler: AnyHandler;
  detach: ElwoodUnsubscribe | undefined;
}

export abstract class LazyAgentSession<Api extends ElwoodAgentSession, Events extends object> {
  readonly #open: () => Promise<Api>;
  readonly #subscriptions = new Set<Subscription>();
  #session: Api | undefined;
  #starting: Promise<Api> | undefined;

  protected constructor(options: { readonly open: () => Promise<Api> }) {
    this.#open = options.open;
  }

  /** The started raw session, or undefined before start. */
  get session(): Api | undefined {
    return this.#session;
  }

  get status(): ElwoodSessionStatus {
    return this.#session?.status ?? "starting";
  }

  /** Starts the session once; concurrent callers share the start in flight. */
  start(): Promise<Api> {
    if (this.#session !== undefined) return Promise.resolve(this.#session);
    this.#starting ??= this.#open().then(
      (session) => {
        this.#session = session;
        for (const subscription of this.#subscriptions) this.#attach(session, subscription);
        return session;
      },
      (error: unknown) => {
        // A failed start may be retried by the next call.
        this.#starting = undefined;
        throw error;
      },
    );
    return this.#starting;
  }

  /** Subscribing never forces a start: handlers attach when the session starts. */
  on<E extends keyof Events & string>(
    event: E,
    handler: (payload: Events[E]) => void,
  ): ElwoodUnsubscribe {
    const subscription: Subscription = { event, handler: handler as AnyHandler, detach: undefined };
    this.#subscriptions.add(subscription);
    if (this.#session !== undefined) this.#attach(this.#session, subscription);
    return () => {
      subscription.detach?.();
      this.#subscriptions.delete(subscription);
    };
  }

  off<E extends keyof Events & string>(event: E, handler: (payload: Events[E]) => void): void {
    for (const subscription of this.#subscriptions) {
      if (subscription.event !== event || subscription.handler !== (handler as AnyHandler))
        continue;
      subscription.detach?.();
      this.#subscriptions.delete(subscription);
    }
  }

  /** One turn's content, in arrival order, ending when the turn is complete. */
  stream(prompt: string, options: TurnOptions = {}): AsyncIterable<ElwoodStreamEvent> {
    return { [Symbol.asyncIterator]: () => this.#drainTurn(prompt, options) };
  }

  /** The turn's assistant messages joined by a blank line (drains `stream()`). */
  async send(prompt: string, options: TurnOptions = {}): Promise<string> {
    const texts: string[] = [];
    for await (const event of this.stream(prompt, options)) {
      if (event.type === "text") texts.push(event.text);
    }
    return texts.join("\n\n");
  }

  // The one per-turn step of this layer: start lazily, then yield the core Turn's events.
  async *#drainTurn(prompt: string, options: TurnOptions): AsyncGenerator<ElwoodStreamEvent> {
    // Prompt, options and images are checked (images copied) before a lazy start spawns.
    assertTurnText(prompt, "prompt");
    checkTurnOptions(options);
    const images = snapshotImageInputs(options.images);
    const session = await this.start();
    yield* session.stream(prompt, images === undefined ? options : { ...options, images });
  }

  statusDecisions(): readonly ElwoodStatusDecision[] {
    return this.#session?.statusDecisions() ?? [];
  }

  async waitForStatus(match: (status: ElwoodSessionStatus) => boolean, timeoutMs?: number) {
    checkWaitArguments(match, timeoutMs);
    return (await this.start()).waitForStatus(match, timeoutMs);
  }

  waitForActivity<E extends ElwoodActivityEvent>(
    match: (event: ElwoodActivityEvent) => event is E,
    timeoutMs?: number,
  ): Promise<E>;
  waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent>;
  async waitForActivity(match: (event: ElwoodActivityEvent) => boolean, timeoutMs?: number) {
    checkWaitArguments(match, timeoutMs);
    return (await this.start()).waitForActivity(match, timeoutMs);
  }

  async sendMessage(message: string, options?: SendOptions): Promise<void> {
    const snapshot = sendOptionsSnapshot(message, "message", options);
    return (await this.start()).sendMessage(message, snapshot);
  }

  async sendPrompt(prompt: string, options?: SendOptions): Promise<void> {
    const snapshot = sendOptionsSnapshot(prompt, "prompt", options);
    return (await this.start()).sendPrompt(prompt, snapshot);
  }

  async sendGuidance(message: string, options?: SendOptions): Promise<void> {
    const snapshot = sendOptionsSnapshot(message, "guidance message", options);
    return (await this.start()).sendGuidance(message, snapshot);
  }

  async sendKeys(input: string | Uint8Array): Promise<void> {
    if (typeof input !== "string" && !(input instanceof Uint8Array)) {
      throw new ElwoodError("invalid_options", "sendKeys takes a string or a Uint8Array.");
    }
    return (await this.start()).sendKeys(input);
  }

  async resize(size: ElwoodTerminalSize): Promise<void> {
    assertTerminalSize(size);
    return (await this.start()).resize(size);
  }

  async interrupt(options?: { readonly timeoutMs?: number }): Promise<void> {
    checkTimeoutOptions(options, "interrupt()");
    return (await this.start()).interrupt(options);
  }

  async compact(options?: CompactOptions): Promise<void> {
    compactTimeout(options);
    return (await this.start()).compact(options);
  }

  async listModels(options?: ModelOperationOptions): Promise<readonly AgentModelOption[]> {
    modelTimeout(options);
    return (await this.start()).listModels(options);
  }

  async setModel(id: string, options?: ModelOperationOptions): Promise<void> {
    validModelId(id);
    modelTimeout(options);
    return (await this.start()).setModel(id, options);
  }

  // Loops follow the lazy-start rule like every operational call (seeds §5.9).
  async createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    validateLoopRequest(request);
    return (await this.start()).createLoop(request);
  }

  async listLoops(): Promise<readonly ElwoodLoopSnapshot[]> {
    return (await this.start()).listLoops();
  }

  async cancelLoop(loopId: string): Promise<void> {
    if (typeof loopId !== "string") {
      throw new ElwoodError("loop_not_found", "No such active loop in this session.", {
        details: { loopId: typeof loopId },
      });
    }
    return (await this.start()).cancelLoop(loopId);
  }

  /** No-op before start; otherwise graceful stop. */
  async stop(): Promise<void> {
    const session = await this.#startedOrStarting();
    await session?.stop();
  }

  async kill(): Promise<void> {
    const session = await this.#startedOrStarting();
    await session?.kill();
  }

  async teardown(): Promise<void> {
    const session = await this.#startedOrStarting();
    await session?.teardown();
  }

  /** Stop, falling back to kill; a no-op before start, safe in `finally`. */
  async close(): Promise<void> {
    const session = await this.#startedOrStarting();
    if (session === undefined) return;
    try {
      await session.stop();
    } catch (stopError) {
      try {
        await session.kill();
      } catch (killError) {
        // Both failed: report both, not just the last (C-API-51).
        throw new ElwoodError(
          "termination_failed",
          "close() could not stop the session, and the kill fallback failed too; call teardown() to retry.",
          { cause: new AggregateError([stopError, killError], "stop() and kill() both failed") },
        );
      }
    }
  }

  // Shutdown never starts a session, but waits for one already starting.
  async #startedOrStarting(): Promise<Api | undefined> {
    if (this.#session !== undefined) return this.#session;
    if (this.#starting === undefined) return undefined;
    return this.#starting.catch(() => undefined);
  }

  #attach(session: Api, subscription: Subscription): void {
    const on = session.on as unknown as (event: string, handler: AnyHandler) => ElwoodUnsubscribe;
    subscription.detach = on.call(session, subscription.event, subscription.handler);
  }
}

// Text and options are checked, images copied, at the call: before a lazy start spawns.
function sendOptionsSnapshot(
  text: unknown,
  what: string,
  options: SendOptions | undefined,
): SendOptions | undefined {
  assertTurnText(text, what);
  assertOptionsArgument(options, "Send");
  const images = snapshotImageInputs(options?.images);
  return images === undefined ? options : { ...options, images };
}
