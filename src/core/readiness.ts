// First readiness, fired exactly once (C-API-28): from the agent's pre-input hook, from
// a quiet idle composer where the adapter says that proves a live input loop (after the
// session-start hook on Claude, on resume for both), or from a bounded fallback. A
// visible dialog defers every source until it clears.
import type { AgentAdapter, ScreenReading } from "./adapter.js";

export const INITIAL_READY_FALLBACK_MS = 10_000;

export interface InitialReadinessOptions {
  readonly isResume: boolean;
  readonly signals: AgentAdapter<unknown, unknown>["signals"];
  readonly setTimer: (callback: () => void, ms: number) => unknown;
  readonly isDialogVisible: () => boolean;
  readonly onReady: (reason: string) => void;
}

export class InitialReadiness {
  readonly #options: InitialReadinessOptions;
  #isDone = false;
  #isDisposed = false;
  #sawSessionStart = false;
  #pendingReason: string | undefined;
  #fallbackArmed = false;

  constructor(options: InitialReadinessOptions) {
    this.#options = options;
  }

  get isDone(): boolean {
    return this.#isDone;
  }

  onFirstFrame(): void {
    if (this.#fallbackArmed) return;
    this.#fallbackArmed = true;
    this.#options.setTimer(() => this.#request("fallback deadline"), INITIAL_READY_FALLBACK_MS);
  }

  onSessionStart(): void {
    this.#sawSessionStart = true;
  }

  onReadyHook(name: string): void {
    this.#request(`${name} hook`);
  }

  onFrame(reading: ScreenReading): void {
    if (this.#isDone) return;
    const composerReady =
      reading.dialog === undefined && reading.hasIdleComposer && !reading.isWorking;
    if (this.#pendingReason !== undefined && composerReady) {
      this.#request(this.#pendingReason);
      return;
    }
    if (!composerReady) return;
    const signals = this.#options.signals;
    if (this.#options.isResume && signals.composerIsReadyOnResume) {
      this.#request("first idle composer on resume");
    } else if (this.#sawSessionStart && signals.composerAfterSessionStartIsReady) {
      this.#request("idle composer after session start");
    }
  }

  onDialogCleared(): void {
    if (this.#pendingReason !== undefined && !this.#options.isDialogVisible()) {
      this.#request(this.#pendingReason);
    }
  }

  dispose(): void {
    this.#isDisposed = true;
  }

  #request(reason: string): void {
    if (this.#isDone || this.#isDisposed) return;
    if (this.#options.isDialogVisible()) {
      this.#pendingReason ??= reason;
      return;
    }
    this.#isDone = true;
    this.#options.onReady(reason);
  }
}
