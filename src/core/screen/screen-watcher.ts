// Acts on rendered frames: dialogs → blocked + attention, allowlisted startup prompts
// answered a key at a time, working/idle edges (api.md "Trust-gate automation", C-TRUST-01).
// A startup prompt is answered only during start-up, before the first `ready`: after it, a
// tool can paint any dialog onto the CLI's terminal, so a dialog then is a person's to
// answer and never gets a key from here (issue 49, prd/decisions.md "Screen is not a command").
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import type { ScreenDialog, ScreenReading } from "../contract/adapter.js";
import type { StartupPromptLabel } from "../contract/status.js";
import type { DecidedPermission } from "./decided-permission.js";
import { withoutWorkspacePath } from "./dialog-text.js";

export const TRUST_DEADLINE_MS = 5000;
const EVALUATION_THROTTLE_MS = 40;
/** The least time between two keys of one answer. */
export const ANSWER_STEP_MS = 200;
/** The least time before a final key (Enter, Escape) is repeated. */
export const ANSWER_CONFIRM_MS = 1500;
// A move key whose effect no frame shows is repeated after this long: a second arrow on a
// starved CLI wraps a two-option list onto "No, exit" (16 sessions on 2 cores).
export const ANSWER_RETRY_MS = 3000;
// With no frame after a key (Codex paints its trust dialog before its input loop is live),
// a final key is repeated after this long, a move key after twice this long.
export const UNRENDERED_RETRY_MS = 4000;

/** What the screen's edges mean beyond status and dialogs: the runtime wires them to turns and readiness. */
export interface ScreenEdges {
  onFrame(reading: ScreenReading): void;
  onWorkingEdge(): void;
  /** Work ended with an idle composer; `isInterrupt`: under a fresh interrupt banner. */
  onIdleEdge(isInterrupt: boolean, reading: ScreenReading): void;
  onDialogCleared(reading: ScreenReading, isInterrupt: boolean): void;
}

export interface ScreenWatcherOptions {
  readonly context: SessionContext;
  readonly autotrust: boolean;
  /** Kept out of the dialog text an attention activity carries. */
  readonly cwd: string;
  readonly edges: ScreenEdges;
  readonly decidedPermission: DecidedPermission;
  /** Makes the CLI draw its whole screen again without a key (a resize); absent in unit tests. */
  readonly repaint?: () => void;
}

interface DialogAttempt {
  readonly key: string;
  readonly startedAt: number;
  /** The last key written, and what the frame looked like when it went. */
  sent?: Readonly<{ isFinal: boolean; at: number; renders: number; selectedIndex?: number }>;
  /** Move keys written so far; after a repeated one the highlight shown may be in transit. */
  moves: number;
  /** Since when every look has shown the option the final key would choose. */
  finalDueSince?: number | undefined;
  isReported: boolean;
  expired: boolean;
  cancelTimer: () => void;
}

export class ScreenWatcher {
  readonly #context: SessionContext;
  readonly #options: ScreenWatcherOptions;
  #attempt: DialogAttempt | undefined;
  #blockedKey: string | undefined;
  #wasWorking = false;
  #wasInterrupted = false;
  #sawFreshInterrupt = false;
  #pending: (() => void) | undefined;

  constructor(options: ScreenWatcherOptions) {
    this.#context = options.context;
    this.#options = options;
  }

  /** Called on every render; throttled, with a trailing run. */
  scheduleEvaluation(): void {
    if (this.#pending !== undefined || this.#context.lifetime.isClosed) return;
    this.#pending = this.#context.clock.set(() => {
      this.#pending = undefined;
      this.#evaluate();
    }, EVALUATION_THROTTLE_MS);
  }

  #evaluate(): void {
    if (this.#context.lifetime.isClosed) return;
    const reading = this.#context.screen.read();
    if (reading.dialog?.isToolPermission !== true) this.#options.decidedPermission.noteNoDialog();
    if (reading.dialog !== undefined) this.#handleDialog(reading.dialog);
    else this.#handleNoDialog(reading);
    this.#options.edges.onFrame(reading);
  }

  /**
   * The CLI's own turn-end hook came (evidence the screen cannot fake): a dialog still shown
   * is not the CLI waiting on a person, but likely a tool's paint the CLI never redrew over.
   * The CLI repaints its whole screen, and the status follows what it draws then.
   */
  onTurnEnded(): void {
    if (!this.#context.status.isBlocked || this.#context.lifetime.isClosed) return;
    this.#options.repaint?.();
  }

  dispose(): void {
    this.#pending?.();
    this.#pending = undefined;
    this.#attempt?.cancelTimer();
    this.#attempt = undefined;
  }

  #handleDialog(dialog: ScreenDialog): void {
    const key = dialog.ruleIds.join("|");
    const { decidedPermission, autotrust } = this.#options;
    const isForbidden = dialog.needsAutotrust === true && !autotrust;
    // Past start-up nothing is expected: whatever looks like a start-up prompt then is text
    // a tool or a person put on the screen, or a gate Elwood did not open.
    const isExpected = !this.#context.status.hasBeenReady;
    if (
      dialog.kind === "human_decision" ||
      dialog.label === undefined ||
      isForbidden ||
      !isExpected
    ) {
      // A prompt a PermissionRequest hook just answered may still paint: input stays held,
      // nobody is called, and it is looked at again when the cover ends.
      const coverMs = dialog.isToolPermission === true ? decidedPermission.coverDialog() : 0;
      if (coverMs > 0) this.#recheckLater(coverMs + 1);
      else this.#block(dialog);
      return;
    }
    const attempt = this.#attempt?.key === key ? this.#attempt : this.#startAttempt(key);
    // Past the deadline a human is called, but a late safe answer still clears the block.
    if (attempt.expired) this.#block(dialog);
    if (dialog.answerKeys === undefined) return;
    const delay = dialog.firstKeyAfterMs;
    if (delay !== undefined && attempt.sent === undefined) {
      if (!this.#hasWaited(attempt.startedAt, delay)) return;
    }
    const isFinal = isFinalKey(dialog.answerKeys);
    if (!isFinal) attempt.finalDueSince = undefined;
    if (!this.#mayWriteNextKey(attempt, dialog)) return;
    // After a repeated move the frame may show the repeat still in flight (it wraps back to
    // "No, exit", and Enter then quits Claude): the highlight must hold still first.
    if (isFinal && attempt.moves >= 2) {
      attempt.finalDueSince ??= this.#context.clock.now();
      if (!this.#hasWaited(attempt.finalDueSince, ANSWER_RETRY_MS)) return;
    }
    this.#answer(attempt, dialog.label, dialog.answerKeys, dialog);
  }

  // A new key only from a frame after the previous one that shows its effect, or after the retry time.
  #mayWriteNextKey(attempt: DialogAttempt, dialog: ScreenDialog): boolean {
    const sent = attempt.sent;
    if (sent === undefined) return true;
    const elapsed = this.#context.clock.now() - sent.at;
    const isFresh = this.#context.screen.renderCount > sent.renders;
    const hasMoved = dialog.selectedIndex !== sent.selectedIndex;
    const minimum = sent.isFinal ? ANSWER_CONFIRM_MS : ANSWER_STEP_MS;
    const unrendered = sent.isFinal ? UNRENDERED_RETRY_MS : UNRENDERED_RETRY_MS * 2;
    const isDue = isFresh
      ? elapsed >= minimum && (hasMoved || elapsed >= ANSWER_RETRY_MS)
      : elapsed >= unrendered;
    if (!isDue) this.#recheckLater(Math.max(ANSWER_STEP_MS, minimum - elapsed));
    return isDue;
  }

  // Whether `ms` passed since `since`; if not, the frame is looked at again once they have.
  #hasWaited(since: number, ms: number): boolean {
    const waited = this.#context.clock.now() - since;
    if (waited >= ms) return true;
    this.#recheckLater(Math.max(ANSWER_STEP_MS, ms - waited));
    return false;
  }

  #recheckLater(ms: number): void {
    this.#context.clock.set(() => this.scheduleEvaluation(), ms);
  }

  #startAttempt(key: string): DialogAttempt {
    this.#attempt?.cancelTimer();
    const attempt: DialogAttempt = {
      key,
      startedAt: this.#context.clock.now(),
      moves: 0,
      isReported: false,
      expired: false,
      cancelTimer: () => {},
    };
    // The bound holds for the whole dialog, without waiting for another frame.
    attempt.cancelTimer = this.#context.clock.set(() => {
      if (this.#attempt !== attempt) return;
      attempt.expired = true;
      const current = this.#context.screen.read();
      if (current.dialog !== undefined && current.dialog.ruleIds.join("|") === key) {
        this.#block(current.dialog);
      }
    }, TRUST_DEADLINE_MS);
    this.#attempt = attempt;
    return attempt;
  }

  #answer(attempt: DialogAttempt, label: StartupPromptLabel, keys: string, dialog: ScreenDialog) {
    try {
      this.#context.terminal.sendInput(keys);
    } catch {
      this.#context.events.emitWarning({
        source: "terminal",
        code: "startup_prompt_write_failed",
        message: `Could not answer the ${label} startup prompt; it stays retryable.`,
        label,
      });
      return;
    }
    const isFinal = isFinalKey(keys);
    if (!isFinal) attempt.moves += 1;
    attempt.sent = {
      isFinal,
      at: this.#context.clock.now(),
      renders: this.#context.screen.renderCount,
      ...(dialog.selectedIndex === undefined ? {} : { selectedIndex: dialog.selectedIndex }),
    };
    if (isFinal && !attempt.isReported) {
      attempt.isReported = true;
      this.#context.events.emitStartupPrompt(label);
    }
    // The next step is planned from a fresh frame; a final key gets longer to take effect.
    this.#recheckLater(isFinal ? ANSWER_CONFIRM_MS : ANSWER_STEP_MS);
  }

  #block(dialog: ScreenDialog): void {
    const key = [...dialog.ruleIds].sort().join("|");
    if (this.#context.status.isBlocked && this.#blockedKey === key) return;
    this.#blockedKey = key;
    this.#context.status.apply("dialog_visible", dialog.ruleIds.join(","));
    const text =
      dialog.text === undefined ? undefined : withoutWorkspacePath(dialog.text, this.#options.cwd);
    this.#context.events.emitAttention(dialog.ruleIds, text);
  }

  #handleNoDialog(reading: ScreenReading): void {
    this.#attempt?.cancelTimer();
    this.#attempt = undefined;
    const { status } = this.#context;
    const wasWorking = this.#wasWorking;
    // Work counts as seen until an idle composer shows. A frame with neither (Claude's
    // /login dialog over its spinner) used to clear it, so the idle composer after it was
    // no edge: status stayed `running` with no turn, and the next send() waited forever.
    this.#wasWorking = reading.isWorking || (wasWorking && !reading.hasIdleComposer);
    if (status.isBlocked) {
      if (!reading.isWorking && !reading.hasIdleComposer) return;
      this.#blockedKey = undefined;
      if (reading.isWorking) status.apply("dialog_cleared_working", "work visible");
      else status.apply("dialog_cleared_idle", "idle composer");
      const isInterrupt = !reading.isWorking && reading.isInterrupted && !this.#wasInterrupted;
      this.#options.edges.onDialogCleared(reading, isInterrupt);
      this.#wasInterrupted = reading.isInterrupted;
      return;
    }
    this.#blockedKey = undefined;
    if (!status.hasBeenReady) return;
    if (reading.isWorking && !wasWorking) {
      this.#sawFreshInterrupt = false;
      this.#options.edges.onWorkingEdge();
    }
    // Only a fresh banner counts; one painted under the spinner counts at the idle edge after.
    if (reading.isInterrupted && !this.#wasInterrupted) this.#sawFreshInterrupt = true;
    const isIdle = reading.hasIdleComposer && !reading.isWorking;
    if (isIdle && (wasWorking || this.#sawFreshInterrupt)) {
      const isInterrupt = this.#sawFreshInterrupt;
      this.#sawFreshInterrupt = false;
      this.#options.edges.onIdleEdge(isInterrupt, reading);
    }
    this.#wasInterrupted = reading.isInterrupted;
  }
}

/** Enter and Escape settle a dialog; every other answer key only moves the highlight. */
function isFinalKey(keys: string): boolean {
  return keys === KEYS.enter || keys === KEYS.escape;
}
