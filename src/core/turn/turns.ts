// The one owner of every turn's acceptance and end (prd/internals.md "The turn owner";
// seeds §5.8): only here is a turn decided, so its events and its stream cannot disagree.
import type { HookEventBase } from "../../bridge/catalogue.js";
import type { HookOutcome } from "../../bridge/outcome.js";
import type { ElwoodError } from "../../errors.js";
import { type ElwoodTokenUsage, UsageTotal } from "../../transcript/usage.js";
import type { SessionContext } from "../context/session-context.js";
import type { ScreenReading, TranscriptItem, TurnSignals } from "../contract/adapter.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import type { ElwoodStreamEvent } from "../contract/turn.js";
import { DecidedPermission } from "../screen/decided-permission.js";
import { classifyComposer, isSameSubmission } from "./composer.js";
import { OpenTurns } from "./open-turns.js";
import { ScreenWork } from "./screen-work.js";
import { TranscriptTurns } from "./transcript-turns.js";
import type { StreamBinding, Turn, TurnEndEvidence } from "./turn.js";
import { TurnEndLedger } from "./turn-end-ledger.js";
import { asElwoodError, exitedMidTurn, isExitError, timeout } from "./turn-errors.js";
import type { TurnStream } from "./turn-stream.js";

/** A CLI exit a submission learned of first is announced with the status, at most this late. */
const EXIT_STATUS_GRACE_MS = 2_000;
/**
 * How long a taken prompt may show an idle composer and no work before it counts as refused.
 * Longer than any adapter's idle grace: a starved CLI paints its cleared composer seconds
 * before any sign of work (12 s in the delivery-faults unit; 21 s late hooks at load 110).
 */
const REFUSED_PROMPT_IDLE_MS = 30_000;

export interface TurnsOptions {
  readonly context: SessionContext;
  readonly signals: TurnSignals;
  /** Reads everything committed so far and records what resume needs. */
  settleCommitted(): Promise<void>;
  readonly isResume?: boolean;
}

export class Turns {
  readonly decidedPermission: DecidedPermission;
  readonly #context: SessionContext;
  readonly signals: TurnSignals;
  /** settleCommitted, never rejecting: an end goes ahead with what could be read. */
  readonly #settled: () => Promise<void>;
  readonly #open: OpenTurns;
  readonly #transcript = new TranscriptTurns();
  readonly #screen: ScreenWork;
  readonly #usage = new UsageTotal();
  /** Hooks reach this parent: a turn ends on its turn-end hook, not on the idle screen. */
  #isHookDriven = false;
  /** An Escape was sent: the next idle screen ends the turn as interrupted. */
  #isInterruptRequested = false;
  /** Whose turn-end hook is this: the one machine for late hooks (./turn-end-ledger.ts). */
  readonly #turnEndLedger = new TurnEndLedger();
  /** Calls whose submission learned of the CLI's exit before the status said it. */
  readonly #exitedStreams = new Map<TurnStream, ElwoodError>();

  constructor(options: TurnsOptions) {
    const { context } = options;
    this.#context = context;
    this.signals = options.signals;
    this.#settled = () => options.settleCommitted().catch(() => undefined);
    this.#screen = new ScreenWork(context, options.isResume === true, this.#settled);
    this.#open = new OpenTurns(context);
    this.decidedPermission = new DecidedPermission(() => context.clock.now());
  }

  get current(): Turn | undefined {
    return this.#open.newest;
  }

  get usage(): ElwoodTokenUsage | undefined {
    return this.#usage.usage;
  }

  begin(kind: string, text: string, binding: StreamBinding | undefined): Turn {
    this.#screen.noteSubmission();
    const turn = this.#open.begin(kind, text, binding);
    this.#transcript.noteBegun(turn);
    return turn;
  }

  accept(turn: Turn, evidence: string): void {
    turn.accept(evidence);
    this.#screen.noteAccepted(turn, this.current);
    this.#check(turn);
  }

  /** The next idle screen is an interrupt: Claude sends no Stop on Escape, maybe no banner. */
  noteInterruptRequested(): void {
    this.#isInterruptRequested = true;
  }

  /**
   * The caller's `timeoutMs` ran out (./submissions.ts reports it): the turn fails
   * wait_timeout and the agent's own turn goes on to its boundary; a call whose turn has
   * not begun (still queued) fails the same way, and its queued prompt is withdrawn.
   */
  onCallerTimeout(turn: Turn | TurnStream, timeoutMs: number): void {
    turn.fail(timeout(`the turn (timeoutMs ${timeoutMs})`, timeoutMs));
  }

  /**
   * A call's submission failed before any turn carried it (refused, withdrawn, or the CLI
   * gone). A CLI exit is announced with the terminal status, at most EXIT_STATUS_GRACE_MS
   * after the submission learned of it, so the call never fails before the status says why.
   */
  onSubmissionFailed(stream: TurnStream, error: unknown): void {
    if (!isExitError(error) || this.#context.status.isTerminal) {
      stream.fail(isExitError(error) ? exitedMidTurn(error.details.exitCode) : error);
      return;
    }
    const failed = exitedMidTurn(error.details.exitCode);
    this.#exitedStreams.set(stream, failed);
    this.#context.clock.set(() => {
      if (this.#exitedStreams.delete(stream)) stream.fail(failed);
    }, EXIT_STATUS_GRACE_MS);
  }

  /**
   * Delivery gave up on the turn (prompt_not_accepted, composer_occupied, a write that
   * failed). A CLI that exited is decided with the terminal status instead (onStatus), so
   * the turn never fails before the status says why.
   */
  onDeliveryFailed(turn: Turn, error: unknown): void {
    if (isExitError(error)) return;
    turn.fail(asElwoodError(error));
  }

  onHook(event: HookEventBase): void {
    const name = event.hook_event_name;
    const signals = this.signals;
    this.#isHookDriven = true;
    if (name === signals.permissionRequestHook) this.decidedPermission.noteRequested();
    const current = this.current;
    if (name === signals.promptAcceptedHook) {
      this.#turnEndLedger.apply("prompt_taken");
      const prompt = signals.acceptedPromptOf(event);
      // Some other prompt (typed into the TUI) proves nothing about ours.
      if (current !== undefined && isSameSubmission(prompt ?? "", current.text)) {
        this.accept(current, `${name} hook`);
        this.#endIfRefused(current);
      }
      const { status } = this.#context;
      if (status.hasBeenReady) status.apply("prompt_accepted", `${name} hook`);
    }
    const isTurnEnd = name === signals.turnEndHook || name === signals.turnFailedHook;
    if (!isTurnEnd) return;
    if (this.#turnEndLedger.apply("turn_end_hook") === "late: skipped") return;
    if (current === undefined) return;
    // Accepted before the handler runs: a Stop handler that submits a prompt must not wait
    // behind a delivery that only this Stop proves (api.md: no deadlock).
    this.accept(current, `${name} hook`);
    // The final text the transcript must hold before the turn ends; a failed turn's error
    // text counts (under load Claude's StopFailure came before its "Not logged in" reply
    // reached the transcript, and send() resolved with "").
    // undefined: the hook could not tell it (Copilot's record lagging behind its agentStop);
    // then, as with the screen alone, the turn waits for some text in the transcript.
    this.#takeTurnEndText(current, event, 0);
  }

  #takeTurnEndText(turn: Turn, event: HookEventBase, attempt: number): void {
    const promised = this.signals.turnEndTextOf(event);
    const retry = this.signals.turnEndTextRetry;
    if (promised !== undefined) turn.promise(promised);
    else if (retry === undefined || attempt >= retry.attempts || turn.isSettled) {
      turn.markTextUnknown();
    } else {
      turn.markTextPending();
      const askAgain = () => this.#takeTurnEndText(turn, event, attempt + 1);
      this.#context.clock.set(askAgain, retry.intervalMs);
      return;
    }
    if (attempt > 0) this.#check(turn);
  }

  onHookOutcome(outcome: HookOutcome): void {
    const signals = this.signals;
    const name = outcome.hookEventName;
    if (name === signals.permissionRequestHook && outcome.reply !== undefined) {
      this.decidedPermission.noteDecided();
    }
    if (name !== signals.turnEndHook && name !== signals.turnFailedHook) return;
    const blocks = signals.isBlockingTurnEndReply(outcome.reply);
    // A late hook's answer: a block sends the ended turn back to work, and that work ends
    // with a turn-end hook of its own, which is not the next turn's either (the ledger).
    const verdict = this.#turnEndLedger.apply(
      blocks ? "blocking_turn_end_outcome" : "turn_end_outcome",
    );
    if (verdict === "late: skipped") return;
    const { status } = this.#context;
    const turn = this.current;
    if (turn !== undefined) this.accept(turn, `${name} hook`);
    if (blocks) {
      status.apply("turn_blocked_by_hook", "turn-end hook asked the agent to continue");
      return;
    }
    // What resume needs is recorded before ready: a parent dying after a turn can resume.
    void this.#settled().then(() => {
      // A Stop never completes a submission sent after it (api.md "Stop generation guard").
      if (!status.hasBeenReady || turn !== this.current) return;
      this.#noteTurnEnd();
      if (turn !== undefined) this.#endWith(turn, "turn-end hook");
      status.apply("turn_completed", "turn-end hook");
    });
  }

  onTranscriptItem(item: TranscriptItem, file: string): void {
    // Counted for the session whoever's turn it was.
    if (item.kind === "usage") this.#usage.add(item.usage, item.model);
    const fact = this.#transcript.read(item, file);
    if (fact?.kind === "prompt") this.accept(fact.turn, "transcript user message");
    else if (fact?.kind === "content") this.#deliver(fact.turn, fact.content);
  }

  onFrame(reading: Pick<ScreenReading, "isWorking" | "hasIdleComposer">): void {
    this.#screen.onFrame(reading, this.current);
  }

  onWorkingEdge(): void {
    if (this.#screen.noteWork(this.current)) {
      this.#context.status.apply("screen_working", "working indicator appeared");
    }
  }

  /**
   * An agent whose hooks reach us ends its turns on the turn-end hook: Codex hides its working
   * row while a tool runs, and a loaded machine delays hooks for seconds.
   */
  onIdleEdge(isInterrupt: boolean, composerText: string | undefined): void {
    if (this.#context.status.status !== "running" || !this.#mayEndOnIdle(composerText)) return;
    const isInterrupted = isInterrupt || this.#isInterruptRequested;
    if (!isInterrupted && this.#isHookDriven) {
      const graceMs = this.signals.idleTurnEndGraceMs;
      this.#screen.armIdleEnd(graceMs, () => this.#endIdleWithoutHook(graceMs));
      return;
    }
    const reason = isInterrupt
      ? "fresh interrupt banner"
      : isInterrupted
        ? "idle composer after an interrupt"
        : "working indicator gone, idle composer";
    this.#endOnIdle(isInterrupted ? "interrupt" : "idle screen", reason);
  }

  /** Claude answers Escape on its permission dialog with "Interrupted", no Stop and no idle edge. */
  onDialogClearedIdle(isInterrupt: boolean): void {
    const isOpen = this.current?.isSettled === false;
    if (!isOpen || (!isInterrupt && !this.#isInterruptRequested)) return;
    this.#endOnIdle("interrupt", "dialog dismissed by an interrupt");
  }

  onStatus(status: ElwoodSessionStatus): void {
    // A change made while another was being announced arrives late: the machine is the truth.
    if (status !== this.#context.status.status) return;
    for (const turn of this.#open.all) {
      if (isTerminalStatus(status)) this.#settleOnTerminal(turn, status);
      else if (status === "ready") this.#check(turn);
      else turn.markNotReady();
    }
    this.#open.onStatus(status);
    if (!isTerminalStatus(status)) return;
    for (const [stream, error] of this.#exitedStreams) stream.fail(error);
    this.#exitedStreams.clear();
  }

  #endOnIdle(evidence: TurnEndEvidence, reason: string): void {
    // Its late turn-end hook belongs to the cancelled turn (the adapter says it comes).
    if (evidence === "interrupt" && this.signals.turnEndHookFollowsInterrupt === true) {
      this.#turnEndLedger.apply("ended_without_hook");
    }
    this.#noteTurnEnd();
    const turn = this.current;
    if (turn !== undefined) this.#endWith(turn, evidence);
    this.#context.status.apply("screen_idle", reason);
  }

  /**
   * A prompt the CLI took and refused at once (Gemini's BeforeAgent block: "Agent execution
   * blocked") shows no work, so no idle edge follows, and no turn-end hook comes: without
   * this the turn waited forever (a fresh-clone CI run hung 180 s on it). It ends, typed,
   * once the composer has stayed idle REFUSED_PROMPT_IDLE_MS with still no work seen since
   * the submission; any work hands the turn back to the idle edge's rule.
   */
  #endIfRefused(turn: Turn): void {
    const graceMs = Math.max(this.signals.idleTurnEndGraceMs, REFUSED_PROMPT_IDLE_MS);
    const { clock, status } = this.#context;
    const check = () => {
      if (turn.isSettled || turn !== this.current || this.#screen.sawWorkSinceSubmission) return;
      if (status.status !== "running" || !this.#screen.isIdleFor(graceMs)) {
        clock.set(check, 1_000);
        return;
      }
      void this.#settled().then(() => {
        if (turn === this.current) this.#endIdleWithoutHook(graceMs, "no work since it was taken");
      });
    };
    clock.set(check, graceMs);
  }

  /** Some turns never get a turn-end hook (Claude's local "Not logged in" answer). */
  #endIdleWithoutHook(graceMs: number, refused?: "no work since it was taken"): void {
    const { composerText } = this.#context.screen.read();
    if (!this.#screen.isIdleFor(graceMs)) return;
    const mayEnd =
      refused === undefined
        ? this.#mayEndOnIdle(composerText)
        : !this.#screen.sawWorkSinceSubmission;
    if (!mayEnd) return;
    const turn = this.current;
    if (turn?.isAccepted && !turn.isSettled) {
      this.#adoptHeld(turn);
      if (!turn.hasText) {
        turn.fail(timeout("the turn-end hook or the turn's text", graceMs));
      }
    }
    this.#turnEndLedger.apply("ended_without_hook");
    this.#endOnIdle("idle screen", "idle composer and no turn-end hook");
  }

  #endWith(turn: Turn, evidence: TurnEndEvidence): void {
    this.#adoptHeld(turn);
    // Older open turns (guidance typed into a running turn, a queued prompt) end with it.
    for (const open of this.#open.all) {
      if (open.id > turn.id) continue;
      open.evidence ??= evidence;
      if (open !== turn) open.accept("a later turn ended");
    }
    for (const open of this.#open.all) this.#check(open);
  }

  /** The end rule (prd/internals.md "The turn owner"; seeds §5.8). */
  #check(turn: Turn): void {
    if (turn.isSettled || !turn.isAccepted || turn.evidence === undefined) return;
    if (turn.isTextPending) return;
    if (this.#context.status.status !== "ready") return;
    turn.markReady();
    const isTextUnproven =
      (turn.evidence === "idle screen" && turn.promised === undefined) || turn.isTextUnknown;
    const remaining = turn.quietRemaining();
    if (turn.promised) {
      if (turn.holdsPromisedText) turn.end();
      else this.#armCatchUp(turn, "the transcript to catch up with the finished turn");
    } else if (isTextUnproven && !turn.hasContent) {
      // Only the screen (or a hook without the text) said the turn is over: until some
      // transcript text is in (an empty message counts), never an empty success (the 64x2
      // run's hooks never came under load).
      this.#armCatchUp(turn, "the finished turn's text in the transcript");
    } else if (remaining <= 0) turn.end();
    else turn.recheckAfter(remaining, () => this.#check(turn));
  }

  /** Waiting for `what` fails the turn after its catch-up bound (armed once per ready). */
  #armCatchUp(turn: Turn, what: string): void {
    turn.armCatchUp(() => turn.fail(timeout(what, turn.catchUpMs)));
  }

  #settleOnTerminal(turn: Turn, status: ElwoodSessionStatus): void {
    // The CLI exiting by itself mid-turn fails it (prd/decisions.md "Crash recovery"); a
    // caller's stop/kill ends it quietly, unless the agent never took the prompt.
    const { lifetime } = this.#context;
    if (status === "exited") turn.fail(exitedMidTurn(lifetime.exit.exit?.exitCode));
    else if (!turn.isAccepted) turn.fail(lifetime.notRunning());
    else turn.end();
  }

  #deliver(turn: Turn, content: ElwoodStreamEvent): void {
    turn.noteContent(content);
    // Claude writes an empty assistant message for an empty reply and its retry: no content.
    if (content.type !== "text" || content.text !== "") {
      const turnNumber = turn.id;
      this.#context.events.emit("turn", { kind: "content", turnNumber, event: content });
      // A consumer that stopped reading while the agent writes on (C-API-53): its buffer is
      // dropped and the turn fails, which fails its stream.
      if (turn.stream?.push(content) === false) {
        turn.fail(timeout("the consumer to read buffered turn events", 0));
      }
    }
    this.#check(turn);
  }

  #adoptHeld(turn: Turn): void {
    for (const content of this.#transcript.takeHeld(turn)) this.#deliver(turn, content);
  }

  /** Only after fresh work, and never while our unaccepted prompt sits in the composer. */
  #mayEndOnIdle(composerText: string | undefined): boolean {
    if (!this.#screen.sawWorkSinceSubmission) return false;
    const turn = this.current;
    if (turn === undefined || turn.isAccepted || turn.isSettled) return true;
    const composer = classifyComposer(composerText, turn.text, this.signals.pasteChip);
    return composer !== "staged" && composer !== "doubled";
  }

  #noteTurnEnd(): void {
    this.#isInterruptRequested = false;
    this.#screen.noteTurnEnd();
  }
}
