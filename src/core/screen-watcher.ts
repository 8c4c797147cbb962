// Turns rendered frames into status evidence and startup-prompt automation: dialogs →
// blocked + attention, allowlisted startup prompts answered (under autotrust where
// required) with a 5 s bound per dialog, working/idle edges after first readiness
// (api.md "Status model", "startup_prompt", "Trust-gate automation", C-TRUST-01).
import {
  AUTOTRUST_LABELS,
  type ScreenDialog,
  type ScreenReading,
  type StartupPromptLabel,
} from "./adapter.js";

export const TRUST_DEADLINE_MS = 5000;
const EVALUATION_THROTTLE_MS = 40;
const ANSWER_STEP_MS = 200;
const ANSWER_CONFIRM_MS = 1500;

export interface ScreenWatcherHost {
  readonly autotrust: boolean;
  read(): ScreenReading;
  hasBeenReady(): boolean;
  isBlocked(): boolean;
  /** A PermissionRequest hook handler decided within the last moment. */
  isPermissionDecided(): boolean;
  isClosed(): boolean;
  writeKeys(keys: string): void;
  onStartupPromptAnswered(label: StartupPromptLabel): void;
  onStartupPromptWriteFailed(label: StartupPromptLabel): void;
  /** `text` is the dialog's visible text, for the attention activity. */
  onBlocked(ruleIds: readonly string[], text: string | undefined): void;
  onCleared(isWorking: boolean, hasIdleComposer: boolean): void;
  onWorkingEdge(): void;
  onIdleEdge(): void;
  /** Every evaluated frame, for readiness and submission observers. */
  onFrame(reading: ScreenReading): void;
  setTimer(callback: () => void, ms: number): () => void;
}

interface DialogAttempt {
  readonly key: string;
  readonly startedAt: number;
  answered: boolean;
  isReported: boolean;
  expired: boolean;
  cancelTimer: () => void;
}

export class ScreenWatcher {
  readonly #host: ScreenWatcherHost;
  #attempt: DialogAttempt | undefined;
  #blockedKey: string | undefined;
  #wasWorking = false;
  #wasInterrupted = false;
  #pending: (() => void) | undefined;
  #latest: ScreenReading | undefined;

  constructor(host: ScreenWatcherHost) {
    this.#host = host;
  }

  get latest(): ScreenReading | undefined {
    return this.#latest;
  }

  /** Called on every render; evaluation is throttled with a trailing run. */
  scheduleEvaluation(): void {
    if (this.#pending !== undefined || this.#host.isClosed()) return;
    this.#pending = this.#host.setTimer(() => {
      this.#pending = undefined;
      this.evaluate();
    }, EVALUATION_THROTTLE_MS);
  }

  evaluate(): ScreenReading | undefined {
    if (this.#host.isClosed()) return undefined;
    const reading = this.#host.read();
    this.#latest = reading;
    if (reading.dialog !== undefined) this.#handleDialog(reading.dialog);
    else this.#handleNoDialog(reading);
    this.#host.onFrame(reading);
    return reading;
  }

  dispose(): void {
    this.#pending?.();
    this.#pending = undefined;
    this.#attempt?.cancelTimer();
    this.#attempt = undefined;
  }

  #handleDialog(dialog: ScreenDialog): void {
    const key = dialog.ruleIds.join("|");
    if (dialog.kind === "human_decision" || dialog.label === undefined) {
      // The CLI may still paint a permission prompt its PermissionRequest hook just
      // answered; input stays held while it is visible, but nobody needs to be called.
      if (dialog.isToolPermission === true && this.#host.isPermissionDecided()) return;
      this.#block(dialog);
      return;
    }
    const needsAutotrust = AUTOTRUST_LABELS.has(dialog.label);
    if (needsAutotrust && !this.#host.autotrust) {
      this.#block(dialog);
      return;
    }
    if (this.#attempt === undefined || this.#attempt.key !== key) this.#startAttempt(key);
    const attempt = this.#attempt;
    if (attempt === undefined || attempt.expired) {
      this.#block(dialog);
      return;
    }
    if (attempt.answered || dialog.answerKeys === undefined) return;
    this.#answer(attempt, dialog.label, dialog.answerKeys);
  }

  #startAttempt(key: string): void {
    this.#attempt?.cancelTimer();
    const attempt: DialogAttempt = {
      key,
      startedAt: Date.now(),
      answered: false,
      isReported: false,
      expired: false,
      cancelTimer: () => {},
    };
    // The bound holds for the whole dialog generation: an unanswered or unanswerable
    // prompt becomes a recoverable block without waiting for another frame.
    attempt.cancelTimer = this.#host.setTimer(() => {
      if (this.#attempt !== attempt) return;
      attempt.expired = true;
      const current = this.#host.read();
      if (current.dialog !== undefined && current.dialog.ruleIds.join("|") === key) {
        this.#block(current.dialog);
      }
    }, TRUST_DEADLINE_MS);
    this.#attempt = attempt;
  }

  #answer(attempt: DialogAttempt, label: StartupPromptLabel, keys: string): void {
    attempt.answered = true;
    try {
      this.#host.writeKeys(keys);
    } catch {
      attempt.answered = false;
      this.#host.onStartupPromptWriteFailed(label);
      return;
    }
    const isFinalKey = keys === "\r" || keys === "\x1b";
    if (isFinalKey && !attempt.isReported) {
      attempt.isReported = true;
      this.#host.onStartupPromptAnswered(label);
    }
    // Each key is one step (a move, then Enter on the highlighted option); the next step
    // is planned from a fresh frame. A final key gets longer to take effect before a retry.
    this.#host.setTimer(
      () => {
        if (this.#attempt === attempt && !attempt.expired) attempt.answered = false;
        this.scheduleEvaluation();
      },
      isFinalKey ? ANSWER_CONFIRM_MS : ANSWER_STEP_MS,
    );
  }

  #block(dialog: ScreenDialog): void {
    const key = [...dialog.ruleIds].sort().join("|");
    if (this.#host.isBlocked() && this.#blockedKey === key) return;
    this.#blockedKey = key;
    this.#host.onBlocked(dialog.ruleIds, dialog.text);
  }

  #handleNoDialog(reading: ScreenReading): void {
    if (this.#attempt !== undefined) {
      this.#attempt.cancelTimer();
      this.#attempt = undefined;
    }
    if (this.#host.isBlocked()) {
      if (reading.isWorking || reading.hasIdleComposer) {
        this.#blockedKey = undefined;
        this.#host.onCleared(reading.isWorking, reading.hasIdleComposer && !reading.isWorking);
      }
      this.#wasWorking = reading.isWorking;
      return;
    }
    this.#blockedKey = undefined;
    if (!this.#host.hasBeenReady()) {
      this.#wasWorking = reading.isWorking;
      return;
    }
    if (reading.isWorking && !this.#wasWorking) this.#host.onWorkingEdge();
    const endedWork = this.#wasWorking && !reading.isWorking && reading.hasIdleComposer;
    // Only a fresh interrupt banner counts; an old one still on screen proves nothing.
    const freshInterrupt = reading.isInterrupted && !this.#wasInterrupted;
    if (endedWork || (freshInterrupt && reading.hasIdleComposer && !reading.isWorking)) {
      this.#host.onIdleEdge();
    }
    this.#wasWorking = reading.isWorking;
    this.#wasInterrupted = reading.isInterrupted;
  }
}
