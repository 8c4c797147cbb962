// The one owner of every turn (issue 20): each submission — message, prompt, guidance,
// loop turn, persona, and the prompt of a `stream()`/`send()` — becomes a Turn that goes
// through the control queue and is delivered with verification (./delivery.ts). The raw
// signals come here — hooks, transcript items, screen edges, status — and only here are a
// turn's acceptance and end decided; the `turn` events and the end of `stream()` both come
// from that one decision, so they cannot disagree (seeds §5.8, api.md "Turn boundaries").
import type { HookEventBase } from "../../bridge/catalogue.js";
import type { HookOutcome } from "../../bridge/outcome.js";
import type { ElwoodError } from "../../errors.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import { type ElwoodTokenUsage, UsageTotal } from "../../transcript/usage.js";
import type { OperationClass } from "../context/control-queue.js";
import type { SessionContext } from "../context/session-context.js";
import type { ScreenReading, TranscriptItem, TurnSignals } from "../contract/adapter.js";
import type { ElwoodSessionStatus } from "../contract/status.js";
import { isTerminalStatus } from "../contract/status.js";
import type { CheckedTurnOptions, ElwoodStreamEvent, ImageSnapshot } from "../contract/turn.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { classifyComposer, countEchoes, isSameSubmission } from "./composer.js";
import type { ComposerGuard } from "./composer-guard.js";
import { DecidedPermission } from "./decided-permission.js";
import { type DeliverySurface, deliverTurn } from "./delivery.js";
import { isTerminalReport } from "./human-draft.js";
import { toStreamEvent } from "./stream-events.js";
import { TranscriptTurns } from "./transcript-turns.js";
import { Turn, type TurnChange } from "./turn.js";
import { asElwoodError, exitedMidTurn, isExitError, timeout } from "./turn-errors.js";
import { QUIET_WINDOW_MS, type TurnEndEvidence, TurnProgress } from "./turn-progress.js";
import { TurnSlot } from "./turn-slot.js";
import { TurnStream } from "./turn-stream.js";

/** A working row painted this soon after a turn end is the old turn's leftover. */
export const STALE_WORK_AFTER_TURN_END_MS = 1000;
/**
 * After a resume's first ready, the CLI may still repaint the restored conversation, a
 * working row included; work counts once the composer has been idle this long (C-TURN-03).
 */
export const RESUME_REPLAY_QUIET_MS = 1000;
const ESCAPE = "\x1b";
/** Content held for a turn whose prompt the transcript has not shown yet, at most. */
const MAX_ORPHANS = 1_000;
/** How many recent turns the transcript's prompts are matched against. */
const RECENT_TURNS = 16;
/** A CLI exit a submission learned of first is announced with the status, at most this late. */
const EXIT_STATUS_GRACE_MS = 2_000;

/** A submission's admitted images: attached inside its queue op, released when it settles. */
export interface AdmittedImages {
  readonly count: number;
  /** Attaches every image; returns what to type before the text. */
  attach(onFailure: () => void): Promise<string>;
  release(): void;
}

export interface TurnsOptions {
  readonly context: SessionContext;
  readonly signals: TurnSignals;
  /** Reserves a submission's images (checked at the session's boundary) synchronously. */
  admitImages(images: readonly ImageSnapshot[]): AdmittedImages;
  /** Reads everything the agent committed so far and records what resume needs. */
  settleCommitted(): Promise<void>;
  /** A resumed conversation: its replay after the first ready is not a turn. */
  readonly isResume?: boolean;
  /** No prompt is typed over a person's draft (./composer-guard.ts, issue 25). */
  readonly composerGuard: ComposerGuard;
}

/** What ties a submission to the ergonomic stream that reads it. */
interface StreamBinding {
  readonly stream: TurnStream;
  readonly catchUpMs: number | undefined;
}

interface Submission {
  /** Resolves once the first Enter is written (api.md "Resolves when written"). */
  readonly written: Promise<void>;
  /** Settles with the turn once the queue op is done (undefined: it never began). */
  readonly settled: Promise<TurnProgress | undefined>;
}

export class Turns {
  /** A permission prompt a hook handler already answered (./decided-permission.ts). */
  readonly decidedPermission: DecidedPermission;
  readonly #options: TurnsOptions;
  readonly #context: SessionContext;
  readonly #slot = new TurnSlot();
  /** Turns not yet ended or failed, oldest first. */
  readonly #open: TurnProgress[] = [];
  /** The last few turns, settled or not: what the transcript's prompts are matched against. */
  readonly #recent: TurnProgress[] = [];
  /** Failed turns whose slot is held until the agent's real boundary. */
  readonly #awaitingBoundary = new Set<TurnProgress>();
  readonly #transcript = new TranscriptTurns();
  /** Every model request the followed transcripts recorded since this object started. */
  readonly #usage = new UsageTotal();
  readonly #callerInputListeners = new Set<() => void>();
  /** Streams whose submission learned of the CLI's exit before the status announced it. */
  readonly #exitedStreams = new Map<TurnStream, ElwoodError>();
  #current: TurnProgress | undefined;
  #generation = 0;
  #lastTurnEndAt = Number.NEGATIVE_INFINITY;
  /** No turn has ended yet, so no spinner can be a leftover. */
  #idleSinceTurnEnd = true;
  #sawWorkSinceSubmission = false;
  #rawInputTurn: Turn | undefined;
  /** The agent's hooks reach us, so its turns end on the turn-end hook, not on the screen. */
  #isHookDriven = false;
  /** An Escape went in since the last turn end: the next idle screen is that interrupt. */
  #isInterruptRequested = false;
  /** Since when the screen has shown an idle composer (undefined: working, or no composer). */
  #idleComposerSince: number | undefined;
  #isIdleEndArmed = false;
  /** A resume whose replay may still be on screen (until RESUME_REPLAY_QUIET_MS of idle). */
  #mayBeReplaying: boolean;
  /**
   * Content read while the newest turn's prompt was not yet seen in the transcript and the
   * file's own turn had already settled: an older turn's late text, or — if the prompt is
   * never recorded (Claude's local answers) — the newest turn's. Which one is known when
   * the prompt shows (dropped) or the newest turn ends without it (adopted).
   */
  readonly #orphans: ElwoodStreamEvent[] = [];

  constructor(options: TurnsOptions) {
    this.#options = options;
    this.#context = options.context;
    this.#mayBeReplaying = options.isResume === true;
    this.decidedPermission = new DecidedPermission(() => this.#context.clock.now());
  }

  // ── submissions ─────────────────────────────────────────────────────────────

  /**
   * One ergonomic turn: its content in arrival order, ending as the turn ends. It holds the
   * turn slot until the agent's real boundary, not merely until its reader stops (§5.8).
   */
  async *stream(prompt: string, options: CheckedTurnOptions): AsyncGenerator<ElwoodStreamEvent> {
    const { clock } = this.#context;
    const spentMs = options.spentMs ?? 0;
    const waitStartedAt = clock.now() - spentMs;
    const release = await this.#slot.acquire(options.timeoutMs, spentMs);
    const stream = new TurnStream();
    let cancelTimeout = (): void => {};
    if (options.timeoutMs !== undefined) {
      // One bound for the whole call: time spent starting or waiting for the slot is spent.
      const timeoutMs = options.timeoutMs;
      const remaining = Math.max(1, timeoutMs - (clock.now() - waitStartedAt));
      cancelTimeout = clock.set(() => {
        const error = timeout(`the turn (timeoutMs ${timeoutMs})`, timeoutMs);
        const progress = this.#open.find((open) => open.stream === stream);
        if (progress !== undefined) progress.turn.fail(error);
        else stream.fail(error);
      }, remaining);
    }
    const submission = this.#submit("message", "readiness", prompt, options.images, {
      stream,
      catchUpMs: options.catchUpMs,
    });
    submission.written.catch((error: unknown) => this.#failUnbegun(stream, error));
    try {
      yield* stream.events();
    } finally {
      cancelTimeout();
      stream.abandon();
      void submission.settled.then((progress) => progress?.boundary).then(release, release);
    }
  }

  /** sendMessage (readiness-waiting) and sendPrompt (immediate); resolves once written. */
  submit(kind: "message" | "prompt", text: string, images: readonly ImageSnapshot[] = []) {
    return this.#submit(kind, kind === "message" ? "readiness" : "immediate", text, images).written;
  }

  /** Guidance waits like a message before first readiness or while blocked; else goes in now. */
  guidance(text: string, images: readonly ImageSnapshot[] = []): Promise<void> {
    const { status, hasBeenReady } = this.#context.status;
    const waits = !hasBeenReady || status === "blocked" || status === "ready";
    return this.#submit("guidance", waits ? "readiness" : "immediate", text, images).written;
  }

  /** A due loop's message (seeds §5.9): readiness-waiting, and not caller input. */
  submitLoop(text: string): Promise<void> {
    return this.#submit("loop", "readiness", text).written;
  }

  /** Raw input (api.md): outside the queue, never sanitized; the current delivery stops typing. */
  takeRawInput(input: string | Uint8Array): void {
    this.#context.lifetime.assertLive();
    this.#notifyCallerInput();
    // A terminal's own reports (focus, cursor position) are no person taking the composer.
    if (!isTerminalReport(input)) this.#rawInputTurn = this.#current?.turn;
    if (input === ESCAPE) this.#isInterruptRequested = true;
    this.#options.composerGuard.noteKeys(input);
    this.#context.terminal.sendInput(input);
  }

  /**
   * An Escape went to a running turn (interrupt(), or a lone Escape as raw keys). Claude
   * sends no Stop hook for it and may paint no banner either (it puts the prompt back in
   * the composer), so the idle screen that follows ends the turn as interrupted.
   */
  noteInterruptRequested(): void {
    this.#isInterruptRequested = true;
  }

  /** Caller input (every submission but a loop's, and raw keys): loops count it as activity. */
  onCallerInput(listener: () => void): ElwoodUnsubscribe {
    this.#callerInputListeners.add(listener);
    return () => this.#callerInputListeners.delete(listener);
  }

  // ── raw signals ─────────────────────────────────────────────────────────────

  /** A validated hook event, before its handler runs. */
  onHook(event: HookEventBase): void {
    const name = event.hook_event_name;
    const { signals } = this.#options;
    this.#isHookDriven = true;
    if (name === signals.permissionRequestHook) this.decidedPermission.noteRequested();
    const current = this.#current;
    if (name === signals.promptAcceptedHook) {
      const prompt = signals.acceptedPromptOf(event);
      // The agent accepting some other prompt (typed into the TUI) proves nothing about ours.
      if (current !== undefined && isSameSubmission(prompt ?? "", current.turn.text)) {
        this.#accept(current, `${name} hook`);
      }
      const { status } = this.#context;
      if (status.hasBeenReady) status.apply("prompt_accepted", `${name} hook`);
    }
    const isTurnEnd = name === signals.turnEndHook || name === signals.turnFailedHook;
    if (!isTurnEnd || current === undefined) return;
    // Accepted before the handler runs: a Stop handler that submits a prompt must not wait
    // behind a delivery that only this Stop proves (api.md: no deadlock).
    this.#accept(current, `${name} hook`);
    // A failed turn has no final text to wait for.
    current.promise(name === signals.turnEndHook ? (signals.turnEndTextOf(event) ?? "") : "");
  }

  /** A dispatch outcome, after its handler settled. */
  onHookOutcome(outcome: HookOutcome): void {
    const { signals } = this.#options;
    const name = outcome.hookEventName;
    if (name === signals.permissionRequestHook && outcome.reply !== undefined) {
      this.decidedPermission.noteDecided();
    }
    if (name !== signals.turnEndHook && name !== signals.turnFailedHook) return;
    const { status } = this.#context;
    const progress = this.#current;
    if (progress !== undefined) this.#accept(progress, `${name} hook`);
    if (signals.isBlockingTurnEndReply(outcome.reply)) {
      status.apply("turn_blocked_by_hook", "turn-end hook asked the agent to continue");
      return;
    }
    const generation = this.#generation;
    // The transcript holds the turn now, and what resume needs is recorded before ready:
    // a parent that dies any time after a completed turn leaves a record that resumes.
    void this.#options
      .settleCommitted()
      .catch(() => undefined)
      .then(() => {
        // A Stop never completes a submission sent after it (api.md "Stop generation guard").
        if (!status.hasBeenReady || generation !== this.#generation) return;
        this.#noteTurnEnd();
        if (progress !== undefined) this.#endWith(progress, "turn-end hook");
        status.apply("turn_completed", "turn-end hook");
      });
  }

  /** The session's token usage so far; undefined until a transcript reported some. */
  get usage(): ElwoodTokenUsage | undefined {
    return this.#usage.usage;
  }

  /** One committed transcript item of `file`, in file order. */
  onTranscriptItem(item: TranscriptItem, file: string): void {
    if (item.kind === "usage") {
      // Counted for the session whoever's turn it was; for a turn only while it is open.
      this.#usage.add(item.usage, item.model);
      const progress = this.#transcript.turnOf(file);
      if (progress !== undefined && !progress.turn.isSettled) {
        progress.usage.add(item.usage, item.model);
      }
      return;
    }
    if (item.kind === "user_message") {
      const matched = this.#transcript.onUserMessage(file, item.text, this.#recent, this.#current);
      if (matched === this.#current) this.#orphans.length = 0;
      if (matched !== undefined) this.#accept(matched, "transcript user message");
      return;
    }
    const content = toStreamEvent(item);
    if (content === undefined) return;
    const progress = this.#transcript.turnOf(file);
    if (progress === undefined || progress.turn.isSettled) {
      // A failed turn's content may come late: it stays that turn's (dropped). An ended
      // turn's content was complete, so more after it is a newer turn's, if any.
      if (progress?.turn.state !== "failed") this.#keepIfOrphan(content);
      return;
    }
    this.#deliver(progress, content);
  }

  #keepIfOrphan(content: ElwoodStreamEvent): void {
    const newest = this.#current;
    if (newest === undefined || newest.turn.isSettled || !newest.turn.isSubmitted) return;
    if (this.#transcript.hasSeen(newest)) return;
    // Its end is already being decided without its prompt on record: the content is its own.
    if (newest.evidence !== undefined) {
      this.#deliver(newest, content);
      return;
    }
    this.#orphans.push(content);
    if (this.#orphans.length > MAX_ORPHANS) this.#orphans.shift();
  }

  /** The newest turn ends without its prompt ever recorded: what was held is its own. */
  #adoptOrphans(progress: TurnProgress): void {
    if (progress !== this.#current || this.#transcript.hasSeen(progress)) return;
    for (const content of this.#orphans.splice(0)) this.#deliver(progress, content);
  }

  #deliver(progress: TurnProgress, content: ElwoodStreamEvent): void {
    progress.noteContent();
    if (content.type === "text") progress.addText(content.text);
    // An assistant message with no text (Claude writes one for an empty reply, and another
    // for its retry) is no content for the caller: send() would join it as "\n\n".
    if (content.type !== "text" || content.text !== "") {
      this.#context.events.emitTurn({
        kind: "content",
        turnNumber: progress.turn.id,
        event: content,
      });
      if (progress.stream?.push(content) === false) {
        progress.turn.fail(timeout("the consumer to read buffered turn events", 0));
        return;
      }
    }
    this.#check(progress);
  }

  /** Every frame the screen watcher evaluated, working or idle. */
  onFrame(reading: Pick<ScreenReading, "isWorking" | "hasIdleComposer">): void {
    if (reading.isWorking) this.#noteWork();
    else this.#idleSinceTurnEnd = true;
    if (reading.isWorking || !reading.hasIdleComposer) this.#idleComposerSince = undefined;
    else this.#idleComposerSince ??= this.#context.clock.now();
  }

  onWorkingEdge(): void {
    if (this.#noteWork())
      this.#context.status.apply("screen_working", "working indicator appeared");
  }

  /**
   * Work ended with an idle composer. A fresh interrupt banner ends the turn (Claude sends
   * no Stop on Escape); so does the idle screen of an agent whose hooks never reached us.
   * An agent whose hooks do reach us ends its turns on its turn-end hook alone: Codex hides
   * its working row while a tool runs, and a loaded machine delays hooks for seconds — an
   * idle screen then is not the end, and ending on it would answer before the text came.
   */
  onIdleEdge(isInterrupt: boolean, composerText: string | undefined): void {
    const { status } = this.#context;
    if (status.status !== "running" || !this.#mayEndOnIdle(composerText)) return;
    const isInterrupted = isInterrupt || this.#isInterruptRequested;
    if (!isInterrupted && this.#isHookDriven) {
      this.#endWhenIdleLong();
      return;
    }
    const reason = isInterrupt
      ? "fresh interrupt banner"
      : isInterrupted
        ? "idle composer after an interrupt"
        : "working indicator gone, idle composer";
    this.#endOnIdle(isInterrupted ? "interrupt" : "idle screen", reason);
  }

  /**
   * A dialog cleared to an idle composer. Escape on it (interrupt(), raw keys, or a fresh
   * interrupt banner) ends the turn: Claude answers Escape on its permission dialog with
   * "Interrupted" and no Stop, and the session is `ready` already, so no idle edge comes.
   */
  onDialogClearedIdle(isInterrupt: boolean): void {
    const progress = this.#current;
    if (progress === undefined || progress.turn.isSettled) return;
    if (!isInterrupt && !this.#isInterruptRequested) return;
    this.#endOnIdle("interrupt", "dialog dismissed by an interrupt");
  }

  #endOnIdle(evidence: TurnEndEvidence, reason: string): void {
    this.#isInterruptRequested = false;
    this.#noteTurnEnd();
    const progress = this.#current;
    if (progress !== undefined) this.#endWith(progress, evidence);
    this.#context.status.apply("screen_idle", reason);
  }

  /**
   * A hook-driven turn whose screen went idle with no turn-end hook: Codex hides its
   * working row while a tool runs, and a loaded machine delays hooks, so the idle
   * composer must last the adapter's grace first (checked again until it has, or the
   * session leaves `running`). Some turns never get a Stop (Claude's local "Not logged
   * in" answer); then everything the agent committed is read before the turn ends, so
   * its text is in the answer — and with no text at all it fails rather than answer "".
   */
  #endWhenIdleLong(): void {
    if (this.#isIdleEndArmed) return;
    this.#isIdleEndArmed = true;
    const { clock, status } = this.#context;
    const graceMs = this.#options.signals.idleTurnEndGraceMs;
    const idleLongEnough = () => {
      const since = this.#idleComposerSince;
      return status.status === "running" && since !== undefined && clock.now() - since >= graceMs;
    };
    const check = () => {
      if (status.status !== "running") {
        this.#isIdleEndArmed = false;
        return;
      }
      if (!idleLongEnough()) {
        const since = this.#idleComposerSince ?? clock.now();
        clock.set(check, Math.max(100, graceMs - (clock.now() - since)));
        return;
      }
      void this.#options
        .settleCommitted()
        .catch(() => undefined)
        .then(() => {
          this.#isIdleEndArmed = false;
          const { composerText } = this.#context.screen.read();
          if (!idleLongEnough() || !this.#mayEndOnIdle(composerText)) return;
          const progress = this.#current;
          if (progress?.turn.isAccepted && !progress.turn.isSettled) {
            this.#adoptOrphans(progress);
            if (!progress.hasText) {
              progress.turn.fail(timeout("the turn-end hook or the turn's text", graceMs));
            }
          }
          this.#endOnIdle("idle screen", "idle composer and no turn-end hook");
        });
    };
    clock.set(check, graceMs);
  }

  /** Every status change: the first step of the runtime's status routine. */
  onStatus(status: ElwoodSessionStatus): void {
    // A change made while another was being announced arrives late: the machine is the truth.
    if (status !== this.#context.status.status) return;
    if (isTerminalStatus(status)) {
      for (const [stream, error] of this.#exitedStreams) stream.fail(error);
      this.#exitedStreams.clear();
    }
    for (const progress of [...this.#open]) {
      if (isTerminalStatus(status)) this.#settleOnTerminal(progress, status);
      else if (status === "ready") this.#check(progress);
      else progress.markNotReady();
    }
    for (const progress of this.#awaitingBoundary) {
      if (isTerminalStatus(status)) this.#reachBoundary(progress);
      else if (status === "ready") this.#drainToBoundary(progress);
    }
  }

  // ── the decision ──────────────────────────────────────────────────────────────

  #accept(progress: TurnProgress, evidence: string): void {
    progress.turn.accept(evidence);
    this.#check(progress);
  }

  #endWith(progress: TurnProgress, evidence: TurnEndEvidence): void {
    this.#adoptOrphans(progress);
    // Older open turns this end also covers (guidance typed into a running turn, a prompt
    // the agent queued) end with it: the agent finished everything submitted before.
    for (const open of [...this.#open]) {
      if (open.turn.id > progress.turn.id) continue;
      open.evidence ??= evidence;
      if (open !== progress) open.turn.accept("a later turn ended");
    }
    for (const open of [...this.#open]) this.#check(open);
  }

  /**
   * The end rule (seeds §5.8): once a turn is accepted, its end evidence seen and the
   * session ready, it ends when its transcript text holds the turn-end signal's promised
   * text — or, with none promised, after a quiet window. Promised text that never arrives
   * within catchUpMs fails the turn with wait_timeout: never an empty or partial success.
   */
  #check(progress: TurnProgress): void {
    const { turn } = progress;
    if (turn.isSettled || !turn.isAccepted || progress.evidence === undefined) return;
    if (this.#context.status.status !== "ready") return;
    progress.markReady();
    if (progress.expected.length > 0) {
      if (progress.holdsPromisedText) turn.end();
      else {
        const catchUpMs = progress.catchUpMs;
        progress.armCatchUp(() =>
          turn.fail(timeout("the transcript to catch up with the finished turn", catchUpMs)),
        );
      }
      return;
    }
    // Only the screen said the turn is over, so its answer can come only from the
    // transcript: until any of it is in (an empty message counts), the end waits up to
    // catchUpMs and then fails — never an empty success for an answer not yet seen
    // (seeds §5.8; the 64x2 run's bridge timed out under load, and no hook ever came).
    if (progress.evidence === "idle screen" && !progress.hasPromise && !progress.hasContent) {
      const catchUpMs = progress.catchUpMs;
      progress.armCatchUp(() =>
        turn.fail(timeout("the finished turn's text in the transcript", catchUpMs)),
      );
      return;
    }
    const remaining = progress.quietRemaining();
    if (remaining <= 0) turn.end();
    else progress.recheckAfter(remaining, () => this.#check(progress));
  }

  #settleOnTerminal(progress: TurnProgress, status: ElwoodSessionStatus): void {
    // The CLI exiting by itself mid-turn is a failure stream() throws and send() rejects
    // with (prd/decisions.md "Crash recovery"); a caller's stop/kill ends it quietly.
    // A prompt the agent never took was not delivered: its caller learns it was not.
    if (status === "exited") progress.turn.fail(exitedMidTurn(this.#exitCode()));
    else if (!progress.turn.isAccepted) progress.turn.fail(this.#context.lifetime.notRunning());
    else progress.turn.end();
  }

  // ── bookkeeping ─────────────────────────────────────────────────────────────

  #submit(
    kind: string,
    operationClass: OperationClass,
    text: string,
    images: readonly ImageSnapshot[] = [],
    binding?: StreamBinding,
  ): Submission {
    const { lifetime, status, queue } = this.#context;
    if (!lifetime.isLive) {
      const error = lifetime.notRunning();
      return { written: Promise.reject(error), settled: Promise.resolve(undefined) };
    }
    let admitted: AdmittedImages;
    try {
      admitted = this.#options.admitImages(images);
    } catch (error) {
      return { written: Promise.reject(error), settled: Promise.resolve(undefined) };
    }
    if (kind !== "loop") this.#notifyCallerInput();
    let progress: TurnProgress | undefined;
    let markWritten: () => void = () => {};
    const written = new Promise<void>((resolve) => {
      markWritten = resolve;
    });
    const signal = binding?.stream.givenUp;
    const deliver = async (): Promise<void> => {
      // Nothing is typed over a person's draft; nothing of theirs joins this prompt.
      const holdsReadiness = operationClass === "readiness";
      const mark = await this.#options.composerGuard.waitForFree({ kind, holdsReadiness, signal });
      // A failed attach submitted nothing: give back the ready transition this op consumed.
      const separator = await admitted.attach(() => {
        if (operationClass === "readiness") status.apply("submission_abandoned", kind);
      });
      const begun = this.#begin(kind, `${separator}${text}`, binding);
      progress = begun;
      begun.turn.onChange((change) => {
        if (change.kind !== "submitted" && change.kind !== "accepted") return;
        if (operationClass === "immediate") status.apply("submitted", `${kind} written`);
        markWritten();
      });
      try {
        await deliverTurn(this.#deliverySurface(begun, mark, holdsReadiness), begun.turn);
      } catch (error) {
        // An exit is announced with the status (onStatus settles the turn), never before it.
        if (!isExitError(error)) begun.turn.fail(asElwoodError(error));
        if (!begun.turn.isSubmitted) throw error;
      }
    };
    const op = queue.enqueue({
      kind,
      operationClass,
      bytes: Buffer.byteLength(text, "utf8"),
      run: deliver,
      ...(signal === undefined ? {} : { signal }),
    });
    const settled = op.then(
      () => progress,
      () => progress,
    );
    void settled.finally(() => admitted.release());
    return {
      written: Promise.race([written, op.then(() => undefined)]),
      settled,
    };
  }

  #begin(kind: string, text: string, binding: StreamBinding | undefined): TurnProgress {
    this.#generation += 1;
    this.#sawWorkSinceSubmission = false;
    this.#idleComposerSince = undefined;
    this.#orphans.length = 0;
    const turn = new Turn({ id: this.#generation, kind, text });
    const progress = new TurnProgress({
      turn,
      stream: binding?.stream,
      catchUpMs: binding?.catchUpMs,
      clock: this.#context.clock,
    });
    turn.onChange((change) => this.#onTurnChange(progress, change));
    this.#open.push(progress);
    this.#recent.push(progress);
    if (this.#recent.length > RECENT_TURNS) this.#recent.shift();
    this.#current = progress;
    turn.announceStart();
    return progress;
  }

  #onTurnChange(progress: TurnProgress, change: TurnChange): void {
    const { events, status } = this.#context;
    const turnNumber = change.turn.id;
    switch (change.kind) {
      case "started":
        events.emitTurn({ kind: "started", turnNumber, submission: change.turn.kind });
        return;
      case "accepted":
        events.emitTurn({ kind: "accepted", turnNumber, evidence: change.evidence });
        return;
      case "ended":
        this.#close(progress);
        events.emitTurn({ kind: "ended", turnNumber, ...usageOf(progress.usage) });
        progress.stream?.end();
        this.#reachBoundary(progress);
        return;
      case "failed": {
        this.#close(progress);
        // Nothing was typed for a prompt a person's keys held back: no agent turn to await.
        const hasNoAgentTurn = status.isTerminal || change.error.name === "composer_occupied";
        // Awaited before the status below: its ready is the boundary of a prompt never taken.
        if (!hasNoAgentTurn) this.#awaitingBoundary.add(progress);
        // A prompt the agent never took leaves it idle: `running` would be a lie.
        if (change.error.name === "prompt_not_accepted" && this.#current === progress) {
          status.apply("prompt_not_accepted", String(change.error.details.rule));
        }
        events.emitTurn({ kind: "failed", turnNumber, error: change.error });
        progress.stream?.fail(change.error);
        if (hasNoAgentTurn) this.#reachBoundary(progress);
        else if (status.status === "ready") this.#drainToBoundary(progress);
        return;
      }
      default:
        return;
    }
  }

  #close(progress: TurnProgress): void {
    progress.clearTimers();
    const index = this.#open.indexOf(progress);
    if (index !== -1) this.#open.splice(index, 1);
  }

  /**
   * After a failure the slot is held until the agent is ready, then a short drain; work
   * that starts meanwhile (a prompt taken late) holds it until the next ready.
   */
  #drainToBoundary(progress: TurnProgress): void {
    const { clock, status } = this.#context;
    clock.set(() => {
      if (status.status === "ready") this.#reachBoundary(progress);
    }, QUIET_WINDOW_MS);
  }

  #reachBoundary(progress: TurnProgress): void {
    this.#awaitingBoundary.delete(progress);
    progress.reachBoundary();
  }

  // A submission that failed before its turn began (queue closed, withdrawn, exit).
  #failUnbegun(stream: TurnStream, error: unknown): void {
    if (!isExitError(error)) {
      stream.fail(error);
      return;
    }
    const failed = exitedMidTurn(error.details.exitCode);
    if (this.#context.status.isTerminal) {
      stream.fail(failed);
      return;
    }
    this.#exitedStreams.set(stream, failed);
    this.#context.clock.set(() => {
      if (this.#exitedStreams.delete(stream)) stream.fail(failed);
    }, EXIT_STATUS_GRACE_MS);
  }

  /** `keysMark`: the key count when the composer guard passed (./composer-guard.ts). */
  #deliverySurface(
    progress: TurnProgress,
    keysMark: number,
    holdsReadiness: boolean,
  ): DeliverySurface {
    const context = this.#context;
    const { terminal, screen, lifetime, clock, status } = context;
    const guard = this.#options.composerGuard;
    const { turn } = progress;
    return {
      write: (data) => terminal.sendInput(data),
      waitForSafeScreen: () => waitForSafeScreen(context),
      observe: async () => {
        // Bounded like every pre-write render wait (C-API-56): a screen still catching up
        // is read as it stands; the next look sees the rest.
        await lifetime.untilClosed(Promise.race([terminal.settled(), clock.sleep(1000)]));
        lifetime.assertLive();
        const { composerText, isWorking, dialog } = screen.read();
        return {
          composer: classifyComposer(composerText, turn.text, this.#options.signals.pasteChip),
          isWorking,
          hasDialog: dialog !== undefined,
          echoes: countEchoes(terminal.snapshot().lines, turn.text, composerText),
          renders: screen.renderCount,
        };
      },
      sleep: (ms) => lifetime.sleep(ms),
      now: () => clock.now(),
      // Keys from outside after the composer guard: a person has the composer now.
      isSuperseded: () =>
        this.#current !== progress || this.#rawInputTurn === turn || guard.keyCount !== keysMark,
      personIdleMs: () => (guard.keyCount === keysMark ? undefined : guard.msSinceLastKey),
      personWaitMs: guard.waitMs,
      // The agent idles with the person's text in its composer: not `running`.
      personTookOver: () => {
        if (holdsReadiness) status.apply("composer_occupied", `${turn.kind} taken over`);
      },
      submission: turn.kind,
      accept: (evidence) => this.#accept(progress, evidence),
      clearDraft: () => guard.clearFailedDraft(),
    };
  }

  /**
   * Records working evidence; false when it is the previous turn's leftover: painted just
   * after the turn end, or on screen ever since it while our prompt is not yet accepted
   * (a CPU-starved Claude keeps its "running Stop hook" spinner up for seconds).
   */
  #noteWork(): boolean {
    const now = this.#context.clock.now();
    if (now - this.#lastTurnEndAt < STALE_WORK_AFTER_TURN_END_MS) return false;
    if (this.#mayBeReplaying) {
      // A turn of ours ends the replay window; so does a long enough idle composer.
      const idleSince = this.#idleComposerSince;
      const quietLongEnough = idleSince !== undefined && now - idleSince >= RESUME_REPLAY_QUIET_MS;
      if (this.#current === undefined && !quietLongEnough) return false;
      this.#mayBeReplaying = false;
    }
    const current = this.#current?.turn;
    const isAccepted = current === undefined || current.isAccepted || current.isSettled;
    if (!this.#idleSinceTurnEnd && !isAccepted) return false;
    this.#sawWorkSinceSubmission = true;
    current?.markRunning();
    return true;
  }

  /**
   * An idle screen may end the turn only after fresh work was seen, and never while the
   * turn's own prompt still sits unaccepted in the composer: delivery owns that one.
   */
  #mayEndOnIdle(composerText: string | undefined): boolean {
    if (!this.#sawWorkSinceSubmission) return false;
    const turn = this.#current?.turn;
    if (turn === undefined || turn.isAccepted || turn.isSettled) return true;
    const composer = classifyComposer(composerText, turn.text, this.#options.signals.pasteChip);
    return composer !== "staged" && composer !== "doubled";
  }

  #noteTurnEnd(): void {
    this.#isInterruptRequested = false;
    this.#lastTurnEndAt = this.#context.clock.now();
    this.#idleSinceTurnEnd = false;
  }

  #notifyCallerInput(): void {
    for (const listener of [...this.#callerInputListeners]) listener();
  }

  #exitCode(): number | undefined {
    return this.#context.lifetime.exit.exit?.exitCode;
  }
}

/** A turn's usage and model, absent (not zero) when its transcript reported none. */
function usageOf(total: UsageTotal): { usage?: ElwoodTokenUsage; model?: string } {
  const { usage, model } = total;
  return {
    ...(usage === undefined ? {} : { usage }),
    ...(model === undefined ? {} : { model }),
  };
}
