// The adapter-neutral live session: owns the status machine, the control queue, the
// screen watcher, readiness, hook and transcript signals, and shutdown. Everything
// agent-specific comes from the AgentAdapter descriptor (ARCHITECTURE "Layers").
import type { HookEventBase } from "../../bridge/catalogue.js";
import type { HookDispatchError, HookOutcome } from "../../bridge/outcome.js";
import { ElwoodError } from "../../errors.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import { KEYS } from "../../terminal/input.js";
import { assertTerminalSize } from "../../terminal/terminal.js";
import type { TranscriptWarning } from "../../transcript/types.js";
import { CloseSignal } from "../context/close-signal.js";
import { ControlQueue } from "../context/control-queue.js";
import { SessionEvents } from "../context/session-events.js";
import { StatusMachine } from "../context/status-machine.js";
import { TimerSet } from "../context/timer-set.js";
import type { AgentAdapter, TranscriptItem } from "../contract/adapter.js";
import type { TerminalPort } from "../contract/ports.js";
import type {
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodTerminalSize,
} from "../contract/status.js";
import type { ElwoodStreamEvent, SendOptions, TurnOptions } from "../contract/turn.js";
import type { ElwoodActivityEvent } from "../contract/types.js";
import { SessionLoops } from "../loops/session-loops.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { ScreenWatcher } from "../screen/screen-watcher.js";
import { SessionTurns } from "../turn/session-turns.js";
import { AgentSignals } from "./agent-signals.js";
import { ExitWatch, type ProcessExit } from "./exit-watch.js";
import { releaseFirstReady } from "./first-ready.js";
import { DEFAULT_INTERRUPT_TIMEOUT_MS, InterruptControl } from "./interrupt.js";
import { InitialReadiness } from "./readiness.js";
import { RuntimeOperations } from "./runtime-operations.js";
import type { RuntimeOptions } from "./runtime-options.js";
import { createScreenHost } from "./runtime-screen-host.js";
import { errorCodeOf, notRunningError, restoreRequestedSize } from "./runtime-support.js";
import { ShutdownCoordinator, type ShutdownKind } from "./shutdown.js";
import { sessionWaitSource, waitForActivity, waitForStatus } from "./waits.js";

export class SessionRuntime<Options, Handlers, Event extends HookEventBase> {
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly events: SessionEvents;
  readonly #options: RuntimeOptions<Options, Handlers, Event>;
  readonly #adapter: AgentAdapter<Options, Handlers, Event>;
  readonly #status: StatusMachine;
  readonly #queue: ControlQueue;
  readonly #loops: SessionLoops;
  readonly #watcher: ScreenWatcher;
  readonly #readiness: InitialReadiness;
  readonly #shutdown: ShutdownCoordinator;
  readonly #signals: AgentSignals<Event>;
  readonly #timers = new TimerSet();
  readonly #exitWatch = new ExitWatch();
  readonly #disposers: ElwoodUnsubscribe[] = [];
  #requestedSize: ElwoodTerminalSize;
  #isClosed = false;
  /** The final status a close-down in progress will settle on (reported before it lands). */
  #closingStatus: "exited" | "stopped" | "killed" | "torn_down" | undefined;
  #renderCount = 0;
  readonly #interrupts = new InterruptControl();
  readonly #operations: RuntimeOperations;
  readonly #turns: SessionTurns;
  readonly #closeSignal = new CloseSignal();

  constructor(options: RuntimeOptions<Options, Handlers, Event>) {
    this.#options = options;
    this.#adapter = options.adapter;
    this.elwoodSessionId = options.elwoodSessionId;
    this.cwd = options.cwd;
    this.#requestedSize = options.requestedSize;
    this.events = new SessionEvents({
      elwoodSessionId: options.elwoodSessionId,
      agent: options.adapter.agent,
      terminal: options.terminal,
    });
    this.#operations = new RuntimeOperations({
      displayName: options.adapter.displayName,
      facts: options.adapter.operations ?? {},
      env: options.env ?? {},
      terminal: options.terminal,
      events: this.events,
      queue: () => this.#queue,
      status: () => this.#status.status,
      reading: () => this.#watcher.evaluate(),
      isClosed: () => this.#isClosed || this.#status.isTerminal,
      notRunning: () => this.#notRunning(),
    });
    this.#turns = new SessionTurns({
      queue: () => this.#queue,
      status: () => this.#status,
      events: this.events,
      terminal: options.terminal,
      evaluateScreen: () => this.#watcher.evaluate(),
      renderCount: () => this.#renderCount,
      isClosed: () => this.#isClosed,
      notRunning: () => this.#notRunning(),
      waitForSafeScreen: () => this.#waitForSafeScreen(),
      sleep: (ms) => this.#untilClosed(this.#timers.sleep(ms)),
      untilClosed: (wait) => this.#untilClosed(wait),
      onCallerInput: () => this.#loops.onCallerInput(),
      admitImages: (images) => this.#operations.admitImages(images),
    });
    this.#status = new StatusMachine({
      onChange: (change) => {
        this.#turns.onStatus(change.status);
        this.events.emitStatus(change.status, change.previous);
        options.transcript.setActive(change.status === "running" || change.status === "blocked");
        // Loops see the ready first (to rearm), then queued caller input gets first claim on
        // it, and only a ready transition nothing else took submits a due loop.
        this.#loops.onStatus(change.status, this.#queue.activeKind);
        if (change.status === "ready" || change.status === "running") this.#queue.pump();
        if (change.status === "ready") this.#loops.dispatch();
      },
    });
    this.#queue = new ControlQueue({
      isReady: () => this.#status.status === "ready",
      consumeReady: () => this.#status.apply("submitted", "queued submission dispatched"),
    });
    this.#loops = new SessionLoops({
      options: options.loops,
      emit: (event) => this.events.emitLoop(event),
      isLive: () => !this.#isClosed && !this.#status.isTerminal,
      canSubmitNow: () => !this.#isClosed && this.#status.status === "ready" && this.#queue.isIdle,
      submit: (message) => this.#turns.submit("loop", "readiness", message),
    });
    this.#watcher = new ScreenWatcher(
      createScreenHost({
        autotrust: options.autotrust,
        cwd: options.cwd,
        terminal: options.terminal,
        adapter: options.adapter,
        status: this.#status,
        events: this.events,
        readiness: () => this.#readiness,
        queue: () => this.#queue,
        turn: this.#turns.ledger,
        timers: this.#timers,
        isClosed: () => this.#isClosed,
        renderCount: () => this.#renderCount,
      }),
    );
    this.#readiness = new InitialReadiness({
      isResume: options.isResume,
      signals: options.adapter.signals,
      setTimer: (callback, ms) => this.#timers.set(callback, ms),
      isBlocked: () => this.#status.isBlocked || this.#watcher.latest?.dialog !== undefined,
      onReady: (reason) => this.#becomeInitiallyReady(reason),
    });
    this.#signals = new AgentSignals({
      adapter: options.adapter,
      events: this.events,
      transcript: options.transcript,
      state: options.state,
      status: this.#status,
      turn: this.#turns.ledger,
      readiness: () => this.#readiness,
      onTurnEndText: (text) => this.#turns.onTurnEndText(text),
    });
    this.#shutdown = new ShutdownCoordinator({
      process: options.process,
      reap: options.reap,
      waitForExit: (timeoutMs) => this.#exitWatch.wait(timeoutMs),
      finish: (kind) => this.#finishShutdown(kind),
    });
    this.#disposers.push(
      options.terminal.onRender(() => {
        this.#renderCount += 1;
        this.#readiness.onFirstFrame();
        this.#watcher.scheduleEvaluation();
      }),
      options.process.onExit((exit) => this.#onProcessExit(exit)),
    );
    this.#status.apply("started", "process and bridge are up");
  }

  get status(): ElwoodSessionStatus {
    return this.#status.status;
  }

  get terminal(): TerminalPort {
    return this.#options.terminal;
  }

  get agentSessionId(): string | undefined {
    return this.#signals.agentSessionId;
  }

  statusDecisions(): readonly ElwoodStatusDecision[] {
    return this.#status.decisions();
  }

  waitForStatus(match: (status: ElwoodSessionStatus) => boolean, timeoutMs?: number) {
    return waitForStatus(sessionWaitSource(this.events, this.#status.status), match, timeoutMs);
  }

  waitForActivity(match: (event: ElwoodActivityEvent) => boolean, timeoutMs?: number) {
    return waitForActivity(sessionWaitSource(this.events, this.#status.status), match, timeoutMs);
  }

  // ── turns and submissions (all through the core Turn: src/core/turn/) ──────
  /** One turn's content, in arrival order, ending when the turn is complete (core Turn). */
  stream(prompt: string, options: TurnOptions = {}): AsyncIterable<ElwoodStreamEvent> {
    return this.#turns.stream(prompt, options);
  }

  /** Drains `stream()`: the turn's assistant messages joined by a blank line. */
  send(prompt: string, options: TurnOptions = {}): Promise<string> {
    return this.#turns.send(prompt, options);
  }

  sendMessage(message: string, { images }: SendOptions = {}): Promise<void> {
    return this.#turns.submit("message", "readiness", message, undefined, images);
  }

  sendPrompt(prompt: string, { images }: SendOptions = {}): Promise<void> {
    return this.#turns.submit("prompt", "immediate", prompt, undefined, images);
  }

  sendGuidance(message: string, { images }: SendOptions = {}): Promise<void> {
    return this.#turns.guidance(message, images);
  }

  /** Raw input: outside the queue, never sanitized, never waits. */
  async sendKeys(input: string | Uint8Array): Promise<void> {
    this.#assertLive();
    this.#loops.onCallerInput();
    if (typeof input !== "string" && !(input instanceof Uint8Array)) {
      throw new ElwoodError("invalid_options", "sendKeys takes a string or a Uint8Array.");
    }
    this.#turns.ledger.yieldToRawInput();
    this.#options.terminal.sendInput(input);
  }

  async resize(size: ElwoodTerminalSize): Promise<void> {
    this.#assertLive();
    this.#requestedSize = assertTerminalSize(size);
    const floor = this.#readiness.isDone ? 0 : (this.#adapter.bootstrapMinCols ?? 0);
    const applied = { cols: Math.max(floor, size.cols), rows: size.rows };
    this.#options.terminal.resize(applied);
    this.events.emitResize(applied);
  }

  /** One Escape when a turn is in flight; resolves at the next ready (C-API-38). */
  interrupt(options: { readonly timeoutMs?: number } = {}): Promise<void> {
    if (this.#status.isTerminal || this.#isClosed) return Promise.reject(this.#notRunning());
    // No turn in flight (idle, or before first readiness): nothing to interrupt, nothing written.
    if (!this.#status.hasBeenReady || this.#status.status === "ready") return Promise.resolve();
    return this.#interrupts.request({
      timeoutMs: options.timeoutMs ?? DEFAULT_INTERRUPT_TIMEOUT_MS,
      sendEscape: () => this.#options.terminal.sendInput(KEYS.escape),
      waitForReady: (timeoutMs) => this.waitForStatus((next) => next === "ready", timeoutMs),
    });
  }

  // ── loops (§5.9): Elwood schedules them; nothing is forwarded to the agent ──
  get loops(): Pick<SessionLoops, "create" | "list" | "cancel"> {
    return this.#loops;
  }

  /** Session commands (operations/): one queue slot each, never consuming the ready. */
  get operations(): RuntimeOperations {
    return this.#operations;
  }

  // ── shutdown ───────────────────────────────────────────────────────────────
  stop(): Promise<void> {
    return this.#shutdown.request("stop");
  }

  kill(): Promise<void> {
    return this.#shutdown.request("kill");
  }

  teardown(): Promise<void> {
    return this.#shutdown.request("teardown");
  }

  // ── signals from the bridge and the transcript (wired by the launcher) ─────
  /** A validated hook event, before its handler runs. */
  handleHookEvent(event: Event): void {
    if (!this.#isClosed) this.#signals.onHook(event);
  }

  /** Every dispatch outcome, after its handler settled. */
  handleHookOutcome(outcome: HookOutcome): void {
    if (!this.#isClosed) this.#signals.onOutcome(outcome);
  }

  handleHookError(error: HookDispatchError): void {
    if (!this.#isClosed) this.events.emitHookError(error);
  }

  handleTranscriptItems(items: readonly TranscriptItem[], transcriptPath: string): void {
    for (const item of items) {
      this.events.emitTranscriptItem(item, transcriptPath);
      this.#turns.onTranscriptItem(item);
    }
  }

  handleTranscriptRecord(record: unknown): void {
    if (!this.#isClosed) this.#signals.onTranscriptRecord();
    const summary = this.#adapter.summarizeTranscriptRecord?.(record);
    if (summary !== undefined) this.events.emitTranscriptSummary(summary);
  }

  handleTranscriptWarning(warning: TranscriptWarning, transcriptPath: string): void {
    if (this.#isClosed && warning.code !== "transcript_poll_stopped") return;
    this.events.emitTranscriptWarning(warning, transcriptPath);
  }

  // ── internals ──────────────────────────────────────────────────────────────
  // A close-down clears every timer, so a wait that was pending must end with the close.
  #untilClosed(wait: Promise<void>): Promise<void> {
    return this.#closeSignal.race(wait, () => this.#notRunning());
  }

  #waitForSafeScreen(): Promise<void> {
    return waitForSafeScreen({
      terminal: this.#options.terminal,
      evaluate: () => this.#watcher.evaluate(),
      isLive: () => !this.#isClosed && !this.#status.isTerminal,
      notRunning: () => this.#notRunning(),
      sleep: (ms) => this.#untilClosed(this.#timers.sleep(ms)),
    });
  }

  #becomeInitiallyReady(reason: string): void {
    if (this.#isClosed) return;
    const record = () => {
      restoreRequestedSize(this.#options.terminal, this.#requestedSize, this.events);
      this.#status.apply("initial_ready", reason);
    };
    releaseFirstReady({ events: this.events, record, release: () => this.#queue.pump() });
  }

  #onProcessExit(exit: ProcessExit): void {
    this.#exitWatch.record(exit);
    if (this.#shutdown.hasSignalled) return;
    void this.#finishExit();
  }

  async #finishExit(): Promise<void> {
    await this.#closeDown("exited");
    const pid = this.#options.process.pid;
    try {
      this.#options.reap(pid);
    } catch (error) {
      this.events.emitReapFailed(pid, errorCodeOf(error));
    }
  }

  async #finishShutdown(kind: ShutdownKind): Promise<void> {
    const finalStatus = kind === "stop" ? "stopped" : kind === "kill" ? "killed" : "torn_down";
    await this.#closeDown(finalStatus);
    if (kind === "kill") await this.#loops.clear("kill", () => this.#options.state.removeLoops());
    if (kind === "teardown")
      await this.#loops.clear("teardown", () => this.#options.state.removeSession());
  }

  // Ordered close: flush committed content, announce the exit, settle the status, then
  // release every resource. Idempotent; a later, more final status still applies.
  async #closeDown(finalStatus: "exited" | "stopped" | "killed" | "torn_down"): Promise<void> {
    if (!this.#isClosed) {
      this.#isClosed = true;
      this.#closingStatus = finalStatus;
      this.#closeSignal.close();
      this.#loops.suspend();
      this.#watcher.dispose();
      this.#readiness.dispose();
      await this.#options.transcript.finalFlush().catch(() => undefined);
      this.#options.transcript.stop();
      this.events.emitExit(this.#exitWatch.exit ?? { exitCode: -1 });
      this.#queue.close(this.#notRunning());
      for (const dispose of this.#disposers.splice(0)) dispose();
      this.#timers.clearAll();
      await this.#options.bridge.close().catch(() => undefined);
      // No hook can arrive now; the conversation id must be on disk before stop() resolves.
      await this.#signals.settleRecording().catch(() => undefined);
    }
    this.#status.apply(finalStatus, finalStatus);
    if (finalStatus !== "exited") this.#options.terminal.dispose();
  }

  #assertLive(): void {
    if (this.#status.isTerminal || this.#isClosed) throw this.#notRunning();
  }

  #notRunning(): ElwoodError {
    const status = this.#status.isTerminal
      ? this.#status.status
      : (this.#closingStatus ?? this.#status.status);
    return notRunningError(this.#adapter.displayName, status, this.#exitWatch.exit);
  }
}
