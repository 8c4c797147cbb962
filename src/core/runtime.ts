// The adapter-neutral live session: owns the status machine, the control queue, the
// screen watcher, readiness, hook and transcript signals, and shutdown. Everything
// agent-specific comes from the AgentAdapter descriptor (ARCHITECTURE "Layers").
import type { HookEventBase } from "../bridge/catalogue.js";
import type { HookDispatchError, HookOutcome } from "../bridge/outcome.js";
import { ElwoodError } from "../errors.js";
import type { Unsubscribe } from "../events/emitter.js";
import { KEYS, sanitizePastedText } from "../terminal/input.js";
import type { TranscriptWarning } from "../transcript/types.js";
import type { AgentAdapter, ScreenReading, StartupPromptLabel, TranscriptItem } from "./adapter.js";
import { ControlQueue, type OperationClass } from "./control-queue.js";
import { type RuntimeLoopOptions, SessionLoops } from "./loops/session-loops.js";
import type { ElwoodLoopSnapshot } from "./loops/types.js";
import type {
  BridgePort,
  GroupReaper,
  ProcessPort,
  StatePort,
  TerminalPort,
  TranscriptPort,
} from "./ports.js";
import { InitialReadiness } from "./readiness.js";
import { ScreenWatcher } from "./screen-watcher.js";
import { SessionEvents } from "./session-events.js";
import { ShutdownCoordinator, type ShutdownKind } from "./shutdown.js";
import { StatusMachine } from "./status-machine.js";
import { pasteAndSubmit, recoverStagedSubmission, type SubmissionSurface } from "./submission.js";
import type {
  ElwoodActivityEvent,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  TerminalSize,
} from "./types.js";
import { waitForActivity, waitForStatus } from "./waits.js";

export const DEFAULT_INTERRUPT_TIMEOUT_MS = 10_000;
const SAFE_SCREEN_RENDER_BOUND_MS = 1000;
const STALE_WORK_AFTER_TURN_END_MS = 1000;

const TRANSCRIPT_WARNING_MESSAGES: Record<TranscriptWarning["code"], string> = {
  transcript_records_dropped: "Some committed transcript records could not be read.",
  transcript_read_error: "Reading the agent's transcript failed; activity may be incomplete.",
  transcript_poll_stopped: "Stopped following the agent's transcript after repeated failures.",
};

export interface RuntimeOptions<Options, Handlers, Event extends HookEventBase> {
  readonly adapter: AgentAdapter<Options, Handlers, Event>;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly autotrust: boolean;
  readonly isResume: boolean;
  readonly terminal: TerminalPort;
  readonly process: ProcessPort;
  readonly transcript: TranscriptPort;
  readonly state: StatePort;
  readonly bridge: BridgePort;
  readonly reap: GroupReaper;
  /** The size the caller asked for; Claude may boot wider and restore it at first ready. */
  readonly requestedSize: TerminalSize;
  /** Restored loop definitions and the sidecar writer; absent means none, kept in memory. */
  readonly loops?: RuntimeLoopOptions;
}

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
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #exitWaiters = new Set<() => void>();
  readonly #disposers: Unsubscribe[] = [];
  #requestedSize: TerminalSize;
  #exit: { exitCode: number; signal?: number } | undefined;
  #isClosed = false;
  #awaitingAcceptance = false;
  #interrupt: Promise<void> | undefined;
  #agentSessionId: string | undefined;
  /** Bumped at every physical submission; a turn end only completes its own generation. */
  #submissionGeneration = 0;
  #lastTurnEndAt = 0;
  /** Fresh work was on screen since the last submission; only then can an idle edge end it. */
  #sawWorkSinceSubmission = false;

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
    this.#status = new StatusMachine({
      onChange: (change) => {
        this.events.emitStatus(change.status, change.previous);
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
      emit: (event) => this.events.emitCustom("loop", event),
      isLive: () => !this.#isClosed && !this.#status.isTerminal,
      canSubmitNow: () => !this.#isClosed && this.#status.status === "ready" && this.#queue.isIdle,
      submit: (message) => this.#enqueueText("loop", "readiness", message),
    });
    this.#watcher = new ScreenWatcher(this.#screenHost());
    this.#readiness = new InitialReadiness({
      isResume: options.isResume,
      signals: options.adapter.signals,
      setTimer: (callback, ms) => this.#setTimer(callback, ms),
      isDialogVisible: () => this.#watcher.latest?.dialog !== undefined,
      onReady: (reason) => this.#becomeInitiallyReady(reason),
    });
    this.#shutdown = new ShutdownCoordinator({
      process: options.process,
      reap: options.reap,
      waitForExit: (timeoutMs) => this.#waitForExit(timeoutMs),
      finish: (kind) => this.#finishShutdown(kind),
    });
    this.#disposers.push(
      options.terminal.onRender(() => {
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
    return this.#agentSessionId;
  }

  statusDecisions(): readonly ElwoodStatusDecision[] {
    return this.#status.decisions();
  }

  waitForStatus(match: (status: ElwoodSessionStatus) => boolean, timeoutMs?: number) {
    return waitForStatus(this.#waitSource(), match, timeoutMs);
  }

  waitForActivity(match: (event: ElwoodActivityEvent) => boolean, timeoutMs?: number) {
    return waitForActivity(this.#waitSource(), match, timeoutMs);
  }

  // ── submissions ────────────────────────────────────────────────────────────

  sendMessage(message: string): Promise<void> {
    return this.#enqueueText("message", "readiness", message);
  }

  sendPrompt(prompt: string): Promise<void> {
    return this.#enqueueText("prompt", "immediate", prompt);
  }

  /** Guidance waits like a message before first readiness or while blocked; else goes in now. */
  sendGuidance(message: string): Promise<void> {
    const status = this.#status.status;
    const waits = !this.#status.hasBeenReady || status === "blocked" || status === "ready";
    return this.#enqueueText("guidance", waits ? "readiness" : "immediate", message);
  }

  /** Raw input: outside the queue, never sanitized, never waits. */
  async sendKeys(input: string | Uint8Array): Promise<void> {
    this.#assertLive();
    this.#loops.onCallerInput();
    if (typeof input !== "string" && !(input instanceof Uint8Array)) {
      throw new ElwoodError("invalid_options", "sendKeys takes a string or a Uint8Array.");
    }
    this.#options.terminal.sendInput(input);
  }

  async resize(size: TerminalSize): Promise<void> {
    this.#assertLive();
    assertSize(size);
    this.#requestedSize = { cols: size.cols, rows: size.rows };
    const floor = this.#readiness.isDone ? 0 : (this.#adapter.bootstrapMinCols ?? 0);
    const applied = { cols: Math.max(floor, size.cols), rows: size.rows };
    this.#options.terminal.resize(applied);
    this.events.emitResize(applied);
  }

  /** One Escape when a turn is in flight; resolves at the next ready (C-API-38). */
  interrupt(options: { readonly timeoutMs?: number } = {}): Promise<void> {
    if (this.#status.isTerminal || this.#isClosed) return Promise.reject(this.#notRunning());
    const status = this.#status.status;
    if (!this.#status.hasBeenReady || status === "ready") return Promise.resolve();
    if (this.#interrupt !== undefined) return this.#interrupt;
    const timeoutMs = options.timeoutMs ?? DEFAULT_INTERRUPT_TIMEOUT_MS;
    this.#options.terminal.sendInput(KEYS.escape);
    const pending = this.waitForStatus((next) => next === "ready", timeoutMs)
      .then(() => undefined)
      .catch((error: unknown) => {
        if (ElwoodError.is(error, "wait_timeout")) {
          throw new ElwoodError(
            "interrupt_failed",
            `The agent did not return to ready within ${timeoutMs} ms after Escape.`,
            { cause: error, details: { timeoutMs } },
          );
        }
        throw error;
      })
      .finally(() => {
        this.#interrupt = undefined;
      });
    this.#interrupt = pending;
    return pending;
  }

  // ── loops (§5.9): Elwood schedules them; nothing is forwarded to the agent ──

  createLoop(request: unknown): Promise<ElwoodLoopSnapshot> {
    return this.#loops.create(request);
  }

  listLoops(): Promise<readonly ElwoodLoopSnapshot[]> {
    return this.#loops.list();
  }

  cancelLoop(loopId: string): Promise<void> {
    return this.#loops.cancel(loopId);
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
    if (this.#isClosed) return;
    this.events.emitHook(event.hook_event_name, event);
    const transcriptPath = event.transcript_path;
    if (typeof transcriptPath === "string" && transcriptPath.length > 0) {
      this.#options.transcript.follow(transcriptPath);
    }
    const name = event.hook_event_name;
    const signals = this.#adapter.signals;
    if (name === signals.sessionStartHook) {
      this.#readiness.onSessionStart();
      this.#rememberAgentSessionId(this.#adapter.agentSessionIdOf(event));
    }
    if (signals.initialReadyHooks.includes(name)) this.#readiness.onReadyHook(name);
    if (name === signals.promptAcceptedHook) {
      this.#awaitingAcceptance = false;
      if (this.#status.hasBeenReady) this.#status.apply("prompt_accepted", `${name} hook`);
    }
  }

  /** Every dispatch outcome, after its handler settled. */
  handleHookOutcome(outcome: HookOutcome): void {
    if (this.#isClosed) return;
    this.events.emitHookResult(outcome);
    if (outcome.hookEventName !== this.#adapter.signals.turnEndHook) return;
    this.#awaitingAcceptance = false;
    if (isBlockingReply(outcome.reply)) {
      this.#status.apply("turn_blocked_by_hook", "turn-end hook asked the agent to continue");
      return;
    }
    // Deliver the turn's committed content before announcing that the turn is over, and
    // never let this Stop complete a newer submission sent meanwhile (Stop generation guard).
    const generation = this.#submissionGeneration;
    void this.#options.transcript.catchUp().finally(() => {
      if (!this.#readiness.isDone || generation !== this.#submissionGeneration) return;
      this.#lastTurnEndAt = Date.now();
      this.#status.apply("turn_completed", "turn-end hook");
    });
  }

  handleHookError(error: HookDispatchError): void {
    if (!this.#isClosed) this.events.emitHookError(error);
  }

  handleTranscriptItems(items: readonly TranscriptItem[], transcriptPath: string): void {
    for (const item of items) {
      if (item.kind === "user_message") this.#awaitingAcceptance = false;
      this.events.emitTranscriptItem(item, transcriptPath);
    }
  }

  handleTranscriptRecord(record: unknown): void {
    const summary = this.#adapter.summarizeTranscriptRecord?.(record);
    if (summary !== undefined) this.events.emitTranscriptSummary(summary);
  }

  handleTranscriptWarning(warning: TranscriptWarning, transcriptPath: string): void {
    if (this.#isClosed && warning.code !== "transcript_poll_stopped") return;
    const { code, ...fields } = warning;
    this.events.emitWarning({
      source: "terminal",
      code,
      message: TRANSCRIPT_WARNING_MESSAGES[code],
      transcriptPath,
      ...("reason" in fields && code === "transcript_records_dropped"
        ? { cause: fields.reason }
        : fields),
    });
  }

  // ── internals ──────────────────────────────────────────────────────────────

  #enqueueText(kind: string, operationClass: OperationClass, text: string): Promise<void> {
    if (this.#status.isTerminal || this.#isClosed) return Promise.reject(this.#notRunning());
    if (typeof text !== "string" || sanitizePastedText(text).trim().length === 0) {
      return Promise.reject(
        new ElwoodError("invalid_options", `A ${kind} must be a non-empty string.`),
      );
    }
    if (kind !== "loop") this.#loops.onCallerInput();
    return this.#queue.enqueue({
      kind,
      operationClass,
      bytes: Buffer.byteLength(text, "utf8"),
      run: async () => {
        const surface = this.#submissionSurface();
        this.#awaitingAcceptance = true;
        this.#submissionGeneration += 1;
        this.#sawWorkSinceSubmission = false;
        await pasteAndSubmit(surface, text);
        if (operationClass === "immediate") this.#status.apply("submitted", `${kind} written`);
        void recoverStagedSubmission(surface).catch(() => undefined);
      },
    });
  }

  #submissionSurface(): SubmissionSurface {
    return {
      write: (data) => this.#options.terminal.sendInput(data),
      waitForSafeScreen: () => this.#waitForSafeScreen(),
      hasStagedInput: () => this.#watcher.evaluate()?.hasStagedInput ?? false,
      isAccepted: () => !this.#awaitingAcceptance,
      sleep: (ms) => new Promise((resolve) => this.#setTimer(() => resolve(), ms)),
      isClosed: () => this.#isClosed,
    };
  }

  // Never type into a screen that has not rendered everything received, or that shows
  // a dialog waiting for a human (C-API-56, C-ATTN-01). Held writes retry on new frames.
  async #waitForSafeScreen(): Promise<void> {
    const terminal = this.#options.terminal;
    for (;;) {
      if (this.#isClosed || this.#status.isTerminal) throw this.#notRunning();
      const rendered = await Promise.race([
        terminal.settled().then(() => true),
        new Promise<boolean>((resolve) =>
          this.#setTimer(() => resolve(false), SAFE_SCREEN_RENDER_BOUND_MS),
        ),
      ]);
      if (rendered && !terminal.renderFailed) {
        const reading = this.#watcher.evaluate();
        if (reading !== undefined && reading.dialog === undefined) return;
      }
      await new Promise<void>((resolve) => this.#setTimer(resolve, 200));
    }
  }

  #becomeInitiallyReady(reason: string): void {
    if (this.#isClosed) return;
    const requested = this.#requestedSize;
    const current = this.#options.terminal.size;
    if (requested.cols !== current.cols || requested.rows !== current.rows) {
      try {
        this.#options.terminal.resize(requested);
        this.events.emitResize(requested);
      } catch (error) {
        this.events.emitWarning({
          source: "lifecycle",
          code: "resize_restore_failed",
          message: "Could not restore the requested terminal size after the narrow bootstrap.",
          requestedCols: requested.cols,
          requestedRows: requested.rows,
          errorCode: errorCodeOf(error),
        });
      }
    }
    this.#status.apply("initial_ready", reason);
    this.#queue.pump();
  }

  #rememberAgentSessionId(id: string | undefined): void {
    if (id === undefined || id === this.#agentSessionId) return;
    this.#agentSessionId = id;
    void this.#options.state.persistAgentSessionId(id).catch((error: unknown) => {
      this.events.emitWarning({
        source: "lifecycle",
        code: "record_update_failed",
        message: "Could not record the agent's conversation id; resume may be unavailable.",
        errorCode: errorCodeOf(error),
      });
    });
  }

  #screenHost() {
    const terminal = this.#options.terminal;
    return {
      autotrust: this.#options.autotrust,
      read: (): ScreenReading => {
        const snapshot = terminal.snapshot();
        return this.#adapter.readScreen({
          lines: snapshot.lines,
          cursor: snapshot.cursor,
          title: terminal.title,
        });
      },
      hasBeenReady: () => this.#status.hasBeenReady,
      isBlocked: () => this.#status.status === "blocked",
      isClosed: () => this.#isClosed,
      writeKeys: (keys: string) => terminal.sendInput(keys),
      onStartupPromptAnswered: (label: StartupPromptLabel) => this.events.emitStartupPrompt(label),
      onStartupPromptWriteFailed: (label: StartupPromptLabel) =>
        this.events.emitWarning({
          source: "terminal",
          code: "startup_prompt_write_failed",
          message: `Could not answer the ${label} startup prompt; it stays retryable.`,
          label,
        }),
      onBlocked: (ruleIds: readonly string[]) => {
        this.#status.apply("dialog_visible", ruleIds.join(","));
        this.events.emitAttention(ruleIds);
      },
      onCleared: (isWorking: boolean, hasIdleComposer: boolean) => {
        if (isWorking) this.#status.apply("dialog_cleared_working", "work visible");
        else if (hasIdleComposer) this.#status.apply("dialog_cleared_idle", "idle composer");
        this.#readiness.onDialogCleared();
      },
      onWorkingEdge: () => {
        // A working row still painted just after the turn-end hook is the old turn's.
        if (Date.now() - this.#lastTurnEndAt < STALE_WORK_AFTER_TURN_END_MS) return;
        this.#sawWorkSinceSubmission = true;
        this.#status.apply("screen_working", "working indicator appeared");
      },
      onIdleEdge: () => {
        if (this.#status.status !== "running") return;
        // The previous turn's spinner clearing after its turn-end hook, once the next queued
        // message is in: ending that new turn here would release the one after it mid-turn.
        if (!this.#sawWorkSinceSubmission) return;
        this.#lastTurnEndAt = Date.now();
        this.#status.apply("screen_idle", "working indicator gone, idle composer");
      },
      onFrame: (reading: ScreenReading) => {
        this.#readiness.onFrame(reading);
        if (reading.isWorking && Date.now() - this.#lastTurnEndAt >= STALE_WORK_AFTER_TURN_END_MS)
          this.#sawWorkSinceSubmission = true;
        if (this.#status.status === "ready" || this.#status.status === "running")
          this.#queue.pump();
      },
      setTimer: (callback: () => void, ms: number) => {
        const handle = this.#setTimer(callback, ms);
        return () => this.#clearTimer(handle);
      },
    };
  }

  #waitSource() {
    return {
      status: this.#status.status,
      onStatus: (listener: (status: ElwoodSessionStatus) => void) =>
        this.events.on("status", (event) => listener(event.status)),
      onActivity: (listener: (event: ElwoodActivityEvent) => void) =>
        this.events.on("activity", listener),
    };
  }

  #onProcessExit(exit: { exitCode: number; signal?: number }): void {
    this.#exit = exit;
    for (const resolve of [...this.#exitWaiters]) resolve();
    this.#exitWaiters.clear();
    if (this.#shutdown.hasSignalled) return;
    void this.#finishExit();
  }

  async #finishExit(): Promise<void> {
    await this.#closeDown("exited");
    try {
      this.#options.reap(this.#options.process.pid);
    } catch (error) {
      this.events.emitWarning({
        source: "lifecycle",
        code: "reap_failed",
        message: "The agent exited but its process group could not be killed.",
        processGroupId: this.#options.process.pid,
        errorCode: errorCodeOf(error),
      });
    }
  }

  #waitForExit(timeoutMs: number): Promise<boolean> {
    if (this.#exit !== undefined) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#exitWaiters.delete(done);
        resolve(false);
      }, timeoutMs);
      this.#exitWaiters.add(done);
    });
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
      this.#loops.suspend();
      this.#watcher.dispose();
      this.#readiness.dispose();
      await this.#options.transcript.finalFlush().catch(() => undefined);
      this.#options.transcript.stop();
      this.events.emitExit(this.#exit ?? { exitCode: -1 });
      this.#queue.close(this.#notRunning());
      for (const dispose of this.#disposers.splice(0)) dispose();
      for (const timer of this.#timers) clearTimeout(timer);
      this.#timers.clear();
      await this.#options.bridge.close().catch(() => undefined);
    }
    const evidence = finalStatus === "torn_down" ? "torn_down" : finalStatus;
    this.#status.apply(evidence, `${finalStatus}`);
    if (finalStatus !== "exited") this.#options.terminal.dispose();
  }

  #setTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
    const handle = setTimeout(() => {
      this.#timers.delete(handle);
      callback();
    }, ms);
    this.#timers.add(handle);
    return handle;
  }

  #clearTimer(handle: ReturnType<typeof setTimeout>): void {
    clearTimeout(handle);
    this.#timers.delete(handle);
  }

  #assertLive(): void {
    if (this.#status.isTerminal || this.#isClosed) throw this.#notRunning();
  }

  #notRunning(): ElwoodError {
    return new ElwoodError(
      "session_not_running",
      `The ${this.#adapter.displayName} session is no longer running (status "${this.#status.status}").`,
      { details: { status: this.#status.status } },
    );
  }
}

function isBlockingReply(reply: unknown): boolean {
  return (
    typeof reply === "object" &&
    reply !== null &&
    (reply as { decision?: unknown }).decision === "block"
  );
}

function assertSize(size: TerminalSize): void {
  const valid =
    typeof size === "object" &&
    size !== null &&
    Number.isInteger(size.cols) &&
    Number.isInteger(size.rows) &&
    size.cols > 0 &&
    size.rows > 0 &&
    size.cols <= 1000 &&
    size.rows <= 1000;
  if (!valid) {
    throw new ElwoodError(
      "invalid_options",
      "A terminal size needs integer cols and rows between 1 and 1000.",
    );
  }
}

function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[A-Z][A-Z0-9_]{1,31}$/.test(code) ? code : "UnknownError";
}
