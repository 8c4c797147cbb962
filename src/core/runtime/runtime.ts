// The adapter-neutral live session, built once from one context (issue 20; the order:
// prd/internals.md "How the runtime is built"). The session layer calls its parts directly;
// the runtime itself only routes every hook, transcript record and status change.
import type { HookEventBase } from "../../bridge/catalogue.js";
import type { HookDispatchSink } from "../../bridge/dispatcher.js";
import type { HookDispatchError, HookOutcome } from "../../bridge/outcome.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { TranscriptWarning } from "../../transcript/types.js";
import { SessionClock } from "../context/clock.js";
import { ControlQueue } from "../context/control-queue.js";
import { SessionLifetime } from "../context/lifetime.js";
import { ScreenReader } from "../context/screen-reader.js";
import type { SessionContext } from "../context/session-context.js";
import { SessionEvents } from "../context/session-events.js";
import { StatusMachine } from "../context/status-machine.js";
import type { AgentAdapter, TranscriptItem } from "../contract/adapter.js";
import { PERMISSION_DIALOG } from "../contract/permission-dialog.js";
import type {
  GroupReaper,
  ProcessPort,
  StatePort,
  TerminalPort,
  TranscriptPort,
} from "../contract/ports.js";
import type {
  ElwoodStatusEvent,
  ElwoodTerminalSize,
  ElwoodTerminalStatus,
} from "../contract/status.js";
import { LoopService, type RuntimeLoopOptions } from "../loops/loop-service.js";
import { DialogAnswers } from "../screen/dialog-answers.js";
import { PermissionDialogs } from "../screen/permission-dialogs.js";
import { ScreenWatcher } from "../screen/screen-watcher.js";
import { ComposerGuard, DEFAULT_COMPOSER_WAIT_MS } from "../turn/composer-guard.js";
import { Submissions } from "../turn/submissions.js";
import { usageBeforeContent } from "../turn/transcript-turns.js";
import { Turns } from "../turn/turns.js";
import { ConversationRecorder } from "./conversation-recorder.js";
import { SessionInterrupt } from "./interrupt.js";
import { InitialReadiness, releaseFirstReady } from "./readiness.js";
import { RuntimeOperations } from "./runtime-operations.js";
import { errorCodeOf } from "./runtime-support.js";
import { ShutdownCoordinator, type ShutdownKind } from "./shutdown.js";
import { TerminalSize } from "./terminal-size.js";

/** What the launcher hands the runtime: identity, posture flags and the ports (fakes in tests). */
export interface RuntimeOptions<Event extends HookEventBase = HookEventBase> {
  readonly adapter: AgentAdapter<unknown, unknown, Event>;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly autotrust: boolean;
  readonly isResume: boolean;
  readonly composerWaitMs?: number;
  readonly terminal: TerminalPort;
  readonly process: ProcessPort;
  readonly transcript: TranscriptPort;
  readonly state: StatePort;
  readonly bridge: { close(): Promise<void> };
  readonly reap: GroupReaper;
  readonly requestedSize: ElwoodTerminalSize;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Restored loop definitions and the sidecar writer; absent means none, kept in memory. */
  readonly loops?: RuntimeLoopOptions;
  readonly clock?: SessionClock;
}

/** The render drain's total budget before the screen is disposed (lifecycle §1.6). */
const RENDER_DRAIN_BUDGET_MS = 1000;

export class SessionRuntime<Event extends HookEventBase = HookEventBase> {
  readonly elwoodSessionId: string;
  readonly context: SessionContext;
  readonly turns: Turns;
  readonly submissions: Submissions;
  readonly loops: LoopService;
  readonly operations: RuntimeOperations;
  readonly size: TerminalSize;
  readonly interrupt: SessionInterrupt;
  readonly shutdown: ShutdownCoordinator;
  /** Announced permission dialogs, followed on screen for on-screen approvals. */
  readonly permissionDialogs: PermissionDialogs;
  /** A caller's answers to the dialog on screen (answerDialog). */
  readonly dialogAnswers: DialogAnswers;
  readonly #options: RuntimeOptions<Event>;
  readonly recorder: ConversationRecorder<Event>;
  readonly #readiness: InitialReadiness;
  readonly #watcher: ScreenWatcher;
  readonly #disposers: ElwoodUnsubscribe[] = [];

  constructor(options: RuntimeOptions<Event>) {
    this.#options = options;
    const { adapter } = options;
    this.elwoodSessionId = options.elwoodSessionId;

    // 1. The context, in dependency order.
    const { terminal, transcript } = options;
    const clock = options.clock ?? new SessionClock();
    const events = new SessionEvents({
      elwoodSessionId: options.elwoodSessionId,
      agent: adapter.agent,
      terminal,
    });
    const status = new StatusMachine(clock);
    const lifetime = new SessionLifetime({ displayName: adapter.displayName, status, clock });
    const queue = new ControlQueue({
      isReady: () => status.status === "ready",
      consumeReady: () => status.apply("submitted", "queued submission dispatched"),
    });
    const screen = new ScreenReader({ terminal, readScreen: (frame) => adapter.readScreen(frame) });
    const context: SessionContext = {
      displayName: adapter.displayName,
      clock,
      events,
      status,
      lifetime,
      queue,
      terminal,
      screen,
    };
    this.context = context;

    // 2. The parts, each with the context and the parts it needs.
    const facts = adapter.operations ?? {};
    const composerWaitMs = options.composerWaitMs ?? DEFAULT_COMPOSER_WAIT_MS;
    const composerGuard = new ComposerGuard(context, composerWaitMs);
    const env = options.env ?? {};
    this.operations = new RuntimeOperations({
      context,
      facts,
      env,
      composerGuard,
      cwd: options.cwd,
    });
    this.recorder = new ConversationRecorder({ adapter, events, state: options.state });
    const turns = new Turns({
      context,
      signals: adapter.signals,
      settleCommitted: () => transcript.catchUp().then(() => this.recorder.settle()),
      isResume: options.isResume,
    });
    this.turns = turns;
    this.submissions = new Submissions({
      context,
      turns,
      admitImages: (images) => this.operations.images.admit(images),
      composerGuard,
      settleRecord: () => this.recorder.settle().catch(() => undefined),
    });
    const stored = options.loops;
    this.loops = new LoopService(
      {
        clock,
        writeLoops: (loops) => stored?.writeLoops(loops) ?? Promise.resolve(),
        emit: (event) => events.emit("loop", event),
        isLive: () => lifetime.isLive,
        canSubmitNow: () => lifetime.isLive && status.status === "ready" && queue.isIdle,
        submit: (message) => this.submissions.submitLoop(message),
      },
      stored?.restored,
    );
    this.#disposers.push(this.submissions.onCallerInput(() => this.loops.onCallerInput()));
    this.size = new TerminalSize({
      context,
      requested: options.requestedSize,
      bootstrapMinCols: adapter.bootstrapMinCols,
    });
    this.interrupt = new SessionInterrupt(context, turns, adapter.signals.interruptKey);
    const permissionDialogs = new PermissionDialogs(context);
    this.permissionDialogs = permissionDialogs;
    const dialogAnswers = new DialogAnswers(context, options.cwd);
    this.dialogAnswers = dialogAnswers;
    this.#readiness = new InitialReadiness({
      isResume: options.isResume,
      signals: adapter.signals,
      clock,
      isBlocked: () => status.isBlocked || screen.read().dialog !== undefined,
      onReady: (reason) => this.#becomeInitiallyReady(reason),
    });
    this.#watcher = new ScreenWatcher({
      context,
      autotrust: options.autotrust,
      cwd: options.cwd,
      edges: {
        onFrame: (reading) => {
          this.#readiness.onFrame(reading);
          turns.onFrame(reading);
          permissionDialogs.onFrame(reading);
          dialogAnswers.onFrame(reading);
        },
        onWorkingEdge: () => turns.onWorkingEdge(),
        onIdleEdge: (isInterrupt, reading) => turns.onIdleEdge(isInterrupt, reading.composerText),
        onDialogCleared: (reading, isInterrupt) => {
          this.#readiness.onDialogCleared();
          if (!reading.isWorking) turns.onDialogClearedIdle(isInterrupt);
        },
      },
      decidedPermission: turns.decidedPermission,
      repaint: () => this.size.repaint(),
    });
    this.shutdown = new ShutdownCoordinator({
      process: options.process,
      reap: options.reap,
      waitForExit: (timeoutMs) => lifetime.exit.wait(timeoutMs),
      finish: (kind) => this.#finishShutdown(kind),
    });

    // 3. The one status routine, the terminal and the process, then go.
    status.onChange((change) => this.#onStatusChange(change));
    this.#disposers.push(
      terminal.onRender(() => {
        screen.noteRender();
        this.#readiness.onFirstFrame();
        this.#watcher.scheduleEvaluation();
      }),
      // A frozen screen is otherwise silent: the session would only look stuck.
      terminal.onRenderFailed(() =>
        context.events.emitWarning({
          source: "terminal",
          code: "render_failed",
          message:
            "The terminal screen stopped following the CLI's output; status read from the screen no longer changes and queued input is held. Stop the session and start or resume it again.",
        }),
      ),
      options.process.onExit((exit) => {
        lifetime.exit.record(exit);
        if (!this.shutdown.hasSignalled) void this.#finishExit();
      }),
    );
    status.apply("started", "process and bridge are up");
  }

  // ── signals from the bridge and the transcript (wired by the launcher) ─────

  /** A validated hook event, before its handler runs: every hook takes this one path. */
  handleHookEvent(event: Event): void {
    if (this.context.lifetime.isClosed) return;
    const name = event.hook_event_name;
    const { signals } = this.#options.adapter;
    this.context.events.emitHook(name, event);
    const transcriptPath = event.transcript_path;
    if (typeof transcriptPath === "string" && transcriptPath.length > 0) {
      this.#options.transcript.follow(transcriptPath);
    }
    if (name === signals.sessionStartHook) this.#readiness.onSessionStart();
    this.recorder.onHook(event);
    if (signals.initialReadyHooks.includes(name)) this.#readiness.onReadyHook(name);
    this.turns.onHook(event);
  }

  /** Every dispatch outcome, after its handler settled. */
  handleHookOutcome(outcome: HookOutcome): void {
    if (this.context.lifetime.isClosed) return;
    this.context.events.emitHookResult(outcome);
    this.turns.onHookOutcome(outcome);
    const { turnEndHook, turnFailedHook } = this.#options.adapter.signals;
    const name = outcome.hookEventName;
    if (name === turnEndHook || name === turnFailedHook) this.#watcher.onTurnEnded();
  }

  handleHookError(error: HookDispatchError): void {
    if (!this.context.lifetime.isClosed) this.context.events.emitHookError(error);
  }

  /** What the hook dispatcher reports to (the launcher connects it once both exist). */
  hookSink(): HookDispatchSink<Event> {
    return {
      // On-screen approvals follow the dialog a hook announces (prd/approvals.md "On screen").
      contextExtras: () => ({ [PERMISSION_DIALOG]: this.permissionDialogs }),
      onHook: (event) => this.handleHookEvent(event),
      onHookError: (error) => this.handleHookError(error),
      onOutcome: (outcome) => this.handleHookOutcome(outcome),
    };
  }

  handleTranscriptItems(items: readonly TranscriptItem[], transcriptPath: string): void {
    for (const item of usageBeforeContent(items)) {
      this.context.events.emitTranscriptItem(item, transcriptPath);
      this.turns.onTranscriptItem(item, transcriptPath);
    }
  }

  handleTranscriptRecord(record: unknown): void {
    if (!this.context.lifetime.isClosed) this.recorder.onTranscriptRecord();
    const summary = this.#options.adapter.summarizeTranscriptRecord?.(record);
    if (summary !== undefined) this.context.events.emitTranscriptSummary(summary);
  }

  handleTranscriptWarning(warning: TranscriptWarning, transcriptPath: string): void {
    if (this.context.lifetime.isClosed && warning.code !== "transcript_poll_stopped") return;
    this.context.events.emitTranscriptWarning(warning, transcriptPath);
  }

  // The one routine every status change runs; why this order: prd/internals.md, step 3.
  #onStatusChange(change: ElwoodStatusEvent): void {
    const { events, queue } = this.context;
    this.turns.onStatus(change.status);
    events.emitStatus(change.status, change.previous);
    this.#options.transcript.setActive(change.status === "running" || change.status === "blocked");
    this.loops.onStatus(change.status, queue.activeKind);
    if (change.status === "ready" || change.status === "running") queue.pump();
    if (change.status === "ready") this.loops.dispatch();
  }

  #becomeInitiallyReady(reason: string): void {
    const { events, status, queue, lifetime } = this.context;
    if (lifetime.isClosed) return;
    const record = () => {
      this.size.restoreRequested();
      status.apply("initial_ready", reason);
    };
    releaseFirstReady({ events, record, release: () => queue.pump() });
  }

  async #finishExit(): Promise<void> {
    await this.#closeDown("exited");
    const processGroupId = this.#options.process.pid;
    try {
      this.#options.reap(processGroupId);
    } catch (error) {
      this.context.events.emitWarning({
        source: "lifecycle",
        code: "reap_failed",
        message: "The agent exited but its process group could not be killed.",
        processGroupId,
        errorCode: errorCodeOf(error),
      });
    }
  }

  async #finishShutdown(kind: ShutdownKind): Promise<void> {
    const finalStatus = kind === "stop" ? "stopped" : kind === "kill" ? "killed" : "torn_down";
    await this.#closeDown(finalStatus);
    const { state } = this.#options;
    if (kind === "kill") await this.loops.clear("kill", () => state.removeLoops());
    if (kind === "teardown") {
      await this.loops.clear("teardown", async () => {
        for (const skipped of await state.removeSession()) {
          this.context.events.emitWarning({
            source: "lifecycle",
            code: "state_folder_skipped",
            message: `Teardown left ${skipped.path} alone: it is not this user's own directory (${skipped.reason}).`,
            path: skipped.path,
            reason: skipped.reason,
          });
        }
      });
    }
  }

  // Ordered close: flush committed content, announce the exit, settle the status, then
  // release every resource. Idempotent; a later, more final status still applies.
  async #closeDown(finalStatus: ElwoodTerminalStatus): Promise<void> {
    const { lifetime, events, queue, clock, status, terminal } = this.context;
    if (!lifetime.isClosed) {
      lifetime.close(finalStatus);
      this.loops.suspend();
      this.#watcher.dispose();
      this.#readiness.dispose();
      this.permissionDialogs.dispose(finalStatus === "exited" ? "request_ended" : "bridge_closed");
      const { transcript, bridge } = this.#options;
      await transcript.finalFlush().catch(() => undefined);
      transcript.stop();
      events.emitExit(lifetime.exit.exit ?? { exitCode: -1 });
      queue.close(lifetime.notRunning());
      for (const dispose of this.#disposers.splice(0)) dispose();
      clock.clearAll();
      await bridge.close().catch(() => undefined);
      // No hook can arrive now; the conversation id must be on disk before stop() resolves.
      await this.recorder.settle().catch(() => undefined);
    }
    status.apply(finalStatus, finalStatus);
    if (finalStatus === "exited") return;
    // Render drain (C-LIFE-12): what arrived before the end reaches the screen the session
    // keeps, within a bounded budget, after the exit event and the status. settled() never
    // rejects: the only failure is the budget running out.
    const overBudget = () => new Error("render drain budget spent");
    await clock.within(terminal.settled(), RENDER_DRAIN_BUDGET_MS, overBudget).catch(() => {});
    terminal.dispose();
  }
}
