// One session per agent (issue 20, seeds §5.8; prd/internals.md "session/"): the class a
// caller constructs and what the factories return. Each method checks its arguments, starts
// the session lazily and calls the runtime part that does the work.

import type { HookEventBase } from "../bridge/catalogue.js";
import { SessionClock, type TimeSource } from "../core/context/clock.js";
import type { ElwoodAttachHandle, ElwoodAttachOptions } from "../core/contract/attach.js";
import {
  assertNotCommandText,
  assertOptionsArgument,
  assertTurnText,
  checkDialogAnswer,
  checkTimeoutOptions,
  checkTurnOptions,
  checkWaitArguments,
} from "../core/contract/call-arguments.js";
import type { ElwoodLoopRequest, ElwoodLoopSnapshot } from "../core/contract/loops.js";
import type { AgentModelOption, ModelOperationOptions } from "../core/contract/models.js";
import type {
  ElwoodAgentSession,
  ElwoodAgentSessionEvents,
  ElwoodDialogAnswer,
  ElwoodDialogAnswerOptions,
  ElwoodTerminalView,
} from "../core/contract/session.js";
import type {
  ElwoodAgentId,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodTerminalSize,
} from "../core/contract/status.js";
import type { ElwoodStreamEvent, SendOptions, TurnOptions } from "../core/contract/turn.js";
import type { ElwoodActivityEvent } from "../core/contract/types.js";
import type { RuntimeObserver } from "../core/launch/launcher.js";
import { checkLoopId, validateLoopRequest } from "../core/loops/validate.js";
import { compactTimeout } from "../core/operations/compact.js";
import { snapshotImages } from "../core/operations/images.js";
import { modelTimeout, validModelId } from "../core/operations/models/model-operations.js";
import type { SessionRuntime } from "../core/runtime/runtime.js";
import { waitForActivity, waitForStatus } from "../core/runtime/waits.js";
import { DEFAULT_DIALOG_ANSWER_TIMEOUT_MS } from "../core/screen/dialog-answers.js";
import { ElwoodError } from "../errors.js";
import type { ElwoodUnsubscribe } from "../events/emitter.js";
import { assertTerminalSize } from "../terminal/terminal.js";
import type { ElwoodTokenUsage } from "../transcript/usage.js";
import { attachToSession, checkAttachOptions } from "./attach.js";
import { SessionSubscriptions } from "./session-subscriptions.js";
import { terminalView } from "./terminal-view.js";

export interface OpenedSession {
  readonly runtime: SessionRuntime;
  readonly resumed: boolean;
}

export interface AgentSessionInit {
  readonly agent: ElwoodAgentId;
  readonly cwd: string;
  readonly elwoodSessionId: string;
  /** Called once per start attempt; hands `observe` the runtime before its first event. */
  readonly open: (observe: RuntimeObserver<HookEventBase>) => Promise<OpenedSession>;
  /** The size the terminal view reports before start. */
  readonly initialSize: ElwoodTerminalSize;
  readonly time?: TimeSource | undefined;
}

export class AgentSession<Events extends ElwoodAgentSessionEvents = ElwoodAgentSessionEvents>
  implements ElwoodAgentSession
{
  readonly agent: ElwoodAgentId;
  readonly cwd: string;
  readonly terminal: ElwoodTerminalView;
  readonly #init: AgentSessionInit;
  readonly #subscriptions = new SessionSubscriptions();
  #opened: OpenedSession | undefined;
  #starting: Promise<OpenedSession> | undefined;

  constructor(init: AgentSessionInit) {
    this.#init = init;
    this.agent = init.agent;
    this.cwd = init.cwd;
    this.terminal = terminalView(
      () => this.#opened?.runtime,
      init.initialSize,
      (listener) => this.on("terminal:data", listener),
    );
  }

  /** The Elwood session id: known before start (a fallback fresh start may replace it). */
  get elwoodSessionId(): string {
    return this.#opened?.runtime.elwoodSessionId ?? this.#init.elwoodSessionId;
  }

  /** This session once started, undefined before (the raw session of seeds §5.8). */
  get session(): this | undefined {
    return this.#opened === undefined ? undefined : this;
  }

  get status(): ElwoodSessionStatus {
    return this.#opened?.runtime.context.status.status ?? "starting";
  }

  /** Summed since this object started the session (issue 26): a resume counts from zero. */
  get usage(): ElwoodTokenUsage | undefined {
    return this.#opened?.runtime.turns.usage;
  }

  /** Whether the start resumed a recorded conversation (false before start). */
  get isResumed(): boolean {
    return this.#opened?.resumed ?? false;
  }

  /** Starts the session once; concurrent callers share the start in flight. */
  async start(): Promise<this> {
    await this.live();
    return this;
  }

  statusDecisions(): readonly ElwoodStatusDecision[] {
    return this.#opened?.runtime.context.status.decisions() ?? [];
  }

  /** Subscribing never forces a start: handlers attach when the session starts. */
  on<E extends keyof Events & string>(
    event: E,
    handler: (payload: Events[E]) => void,
  ): ElwoodUnsubscribe {
    return this.#subscriptions.add(event, handler as (payload: never) => void);
  }

  off<E extends keyof Events & string>(event: E, handler: (payload: Events[E]) => void): void {
    this.#subscriptions.remove(event, handler as (payload: never) => void);
  }

  async waitForStatus(
    match: (status: ElwoodSessionStatus) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodSessionStatus> {
    checkWaitArguments(match, timeoutMs);
    return waitForStatus((this.#runtime ?? (await this.live())).context, match, timeoutMs);
  }

  waitForActivity<E extends ElwoodActivityEvent>(
    match: (event: ElwoodActivityEvent) => event is E,
    timeoutMs?: number,
  ): Promise<E>;
  waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent>;
  async waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent> {
    checkWaitArguments(match, timeoutMs);
    return waitForActivity((this.#runtime ?? (await this.live())).context, match, timeoutMs);
  }

  stream(prompt: string, options: TurnOptions = {}): AsyncIterable<ElwoodStreamEvent> {
    return { [Symbol.asyncIterator]: () => this.#turn(prompt, options) };
  }

  async send(prompt: string, options: TurnOptions = {}): Promise<string> {
    const texts: string[] = [];
    for await (const event of this.stream(prompt, options)) {
      if (event.type === "text") texts.push(event.text);
    }
    return texts.join("\n\n");
  }

  /** Queued: sent at the next ready, one message per ready (api.md "Submission APIs"). */
  async sendMessage(message: string, options?: SendOptions): Promise<void> {
    const images = submissionImages(message, "message", options, this.cwd);
    return (this.#runtime ?? (await this.live())).submissions.submit("message", message, images);
  }

  /** Typed as soon as no other submission is being typed; does not wait for ready. */
  async sendPrompt(prompt: string, options?: SendOptions): Promise<void> {
    const images = submissionImages(prompt, "prompt", options, this.cwd);
    return (this.#runtime ?? (await this.live())).submissions.submit("prompt", prompt, images);
  }

  /** Into a running turn now; before first readiness or while blocked, like a message. */
  async sendGuidance(message: string, options?: SendOptions): Promise<void> {
    const images = submissionImages(message, "guidance message", options, this.cwd);
    return (this.#runtime ?? (await this.live())).submissions.guidance(message, images);
  }

  /** Raw input: outside the queue, never sanitized, never waits. */
  async sendKeys(input: string | Uint8Array): Promise<void> {
    if (typeof input !== "string" && !(input instanceof Uint8Array)) {
      throw new ElwoodError("invalid_options", "sendKeys takes a string or a Uint8Array.");
    }
    (this.#runtime ?? (await this.live())).submissions.takeRawInput(input);
  }

  /** Keys for the dialog on screen, pressed again while it stays untouched (issue 47). */
  async answerDialog(
    keys: string | readonly string[],
    options?: ElwoodDialogAnswerOptions,
  ): Promise<ElwoodDialogAnswer> {
    const checked = checkDialogAnswer(keys, options);
    const timeoutMs = checked.timeoutMs ?? DEFAULT_DIALOG_ANSWER_TIMEOUT_MS;
    return (this.#runtime ?? (await this.live())).dialogAnswers.answer(checked.keys, timeoutMs);
  }

  async resize(size: ElwoodTerminalSize): Promise<void> {
    const checked = assertTerminalSize(size);
    (this.#runtime ?? (await this.live())).size.resize(checked);
  }

  async attach(options: ElwoodAttachOptions): Promise<ElwoodAttachHandle> {
    const checked = checkAttachOptions(options);
    return attachToSession(await this.start(), checked);
  }

  /** One Escape when a turn is in flight; resolves at the next ready (C-API-38). */
  async interrupt(options?: { readonly timeoutMs?: number }): Promise<void> {
    const timeoutMs = checkTimeoutOptions(options, "interrupt()");
    return (this.#runtime ?? (await this.live())).interrupt.request(timeoutMs);
  }

  /** Types the CLI's /compact after the current turn; resolves when compaction ends. */
  async compact(options?: { readonly timeoutMs?: number }): Promise<void> {
    const timeoutMs = compactTimeout(options);
    return (this.#runtime ?? (await this.live())).operations.compact(timeoutMs);
  }

  /** Reads the `/model` picker's rows, then closes it with Escape: nothing changes. */
  async listModels(options?: ModelOperationOptions): Promise<readonly AgentModelOption[]> {
    const timeoutMs = modelTimeout(options);
    return (this.#runtime ?? (await this.live())).operations.models.listModels(timeoutMs);
  }

  /** Switches this session's model through the picker; the saved default is kept. */
  async setModel(id: string, options?: ModelOperationOptions): Promise<void> {
    const modelId = validModelId(id);
    const timeoutMs = modelTimeout(options);
    return (this.#runtime ?? (await this.live())).operations.models.setModel(modelId, timeoutMs);
  }

  /** Elwood schedules the loop itself; `/loop` text is never parsed by sendMessage. */
  async createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    const valid = validateLoopRequest(request);
    return (this.#runtime ?? (await this.live())).loops.create(valid);
  }

  /** Also works on a stopped or exited session (definitions kept for resume). */
  async listLoops(): Promise<readonly ElwoodLoopSnapshot[]> {
    return (this.#runtime ?? (await this.live())).loops.list();
  }

  async cancelLoop(loopId: string): Promise<void> {
    const id = checkLoopId(loopId);
    return (this.#runtime ?? (await this.live())).loops.cancel(id);
  }

  /** Graceful stop; a no-op before start. */
  async stop(): Promise<void> {
    await (await this.#startedOrStarting())?.shutdown.request("stop");
  }

  /** Force kill, clearing loops; a no-op before start. */
  async kill(): Promise<void> {
    await (await this.#startedOrStarting())?.shutdown.request("kill");
  }

  /** Kill and remove Elwood's state for this session; a no-op before start. */
  async teardown(): Promise<void> {
    await (await this.#startedOrStarting())?.shutdown.request("teardown");
  }

  /** Stop, falling back to kill; a no-op before start, safe in `finally`. */
  async close(): Promise<void> {
    await (await this.#startedOrStarting())?.shutdown.stopOrKill();
  }

  async *#turn(prompt: string, options: TurnOptions): AsyncGenerator<ElwoodStreamEvent> {
    assertTurnText(prompt, "prompt");
    assertNotCommandText(prompt, "send()/stream()");
    const checked = checkTurnOptions(options);
    const images = snapshotImages(checked.images, this.cwd);
    const calledAt = performance.now();
    const runtime = this.#runtime ?? (await this.#liveWithin(checked.timeoutMs));
    const spentMs = performance.now() - calledAt;
    yield* runtime.submissions.stream(prompt, { ...checked, images, spentMs });
  }

  // A call's `timeoutMs` covers a lazy start too (prd/decisions.md "A call's bound covers the
  // start"); a start slower than it goes on for whoever shares it.
  async #liveWithin(timeoutMs: number | undefined): Promise<SessionRuntime> {
    const starting = this.live();
    if (timeoutMs === undefined) return starting;
    // No runtime (so no session clock) exists yet: a clock of its own on the same time.
    return new SessionClock(this.#init.time).within(starting, timeoutMs, () => {
      starting.catch(() => undefined);
      return new ElwoodError(
        "wait_timeout",
        `Timed out waiting for the turn (timeoutMs ${timeoutMs}); the session was still starting.`,
        { details: { timeoutMs } },
      );
    });
  }

  // Started: calls reach the runtime in the same tick (an interrupt's Escape is written
  // before interrupt() returns), as on any live session.
  get #runtime(): SessionRuntime | undefined {
    return this.#opened?.runtime;
  }

  /** The runtime once started (also for Claude's login()); concurrent callers share a start. */
  protected async live(): Promise<SessionRuntime> {
    if (this.#opened !== undefined) return this.#opened.runtime;
    if (this.#starting === undefined) this.#subscriptions.announceStarting();
    // Listeners attach to the runtime as soon as it exists, so one subscribed before
    // start sees the start-up itself (running, terminal output, warnings, a failed start).
    // Hooks some CLIs send only when someone listens are registered for these listeners.
    const subscriptions = this.#subscriptions;
    const observe = Object.assign((runtime: SessionRuntime) => subscriptions.attachAll(runtime), {
      listensTo: (eventName: string) => subscriptions.listensTo(eventName),
    });
    this.#starting ??= this.#init.open(observe).then(
      (opened) => {
        this.#opened = opened;
        subscriptions.attachAll(opened.runtime);
        return opened;
      },
      (error: unknown) => {
        // A failed start may be retried by the next call.
        this.#starting = undefined;
        subscriptions.forgetRuntime();
        throw error;
      },
    );
    return (await this.#starting).runtime;
  }

  // Shutdown never starts a session, but waits for one already starting.
  async #startedOrStarting(): Promise<SessionRuntime | undefined> {
    if (this.#opened !== undefined) return this.#opened.runtime;
    return (await this.#starting?.catch(() => undefined))?.runtime;
  }
}

// The send methods' text and options, checked at the call; images validated and copied.
function submissionImages(
  text: unknown,
  what: string,
  options: SendOptions | undefined,
  cwd: string,
) {
  assertTurnText(text, what);
  assertOptionsArgument(options, "Send");
  return snapshotImages(options?.images, cwd);
}
