// First readiness, fired exactly once (C-API-28; its sources: prd/runtime.md). A visible
// dialog, or its block not yet cleared, defers every source until it clears.
import type { SessionClock } from "../context/clock.js";
import type { SessionEvents } from "../context/session-events.js";
import type { AgentAdapter, ScreenReading } from "../contract/adapter.js";

export interface ReadinessBound {
  readonly name: string;
  readonly ms: number;
  /** What the bound is for, and the measurement that set it (prd/runtime.md prints these). */
  readonly why: string;
}

/** Every bound first readiness keeps, in one table (issue 43 item 3; prd/runtime.md). */
export const READINESS_BOUNDS = {
  resumeFallback: {
    name: "resume fallback",
    ms: 10_000,
    why: "A resume's proof, the first idle composer, comes with the first frames.",
  },
  coldStartFallback: {
    name: "cold-start fallback",
    ms: 30_000,
    why: "A cold start's proof comes late on a starved machine: a settled composer (a 32x4 run at load 90: three sessions took a 10 s fallback before it and lost their first prompt) and a session-start hook (64x2 at load 110-125: it came 21 s after the trust answer, and a prompt pasted on a 10 s fallback before it was never taken; 2 to 4 of 32 sessions a run). Counted again from the clear when it fell due behind a dialog.",
  },
  afterSessionStartFallback: {
    name: "fallback after the session-start hook",
    ms: 30_000,
    why: "How much longer a due fallback waits once SessionStart came, for the idle composer after it that proves the input loop (64x2 at load 94: the session-start hook came 2.6 to 4 s before the 30 s fallback with no composer painted in between; the prompt pasted at the fallback was never taken, 3 of 32 sessions of that CLI in one run).",
  },
  fallbackComposerSettle: {
    name: "fallback composer settle",
    ms: 2_000,
    why: "A due fallback types only into a CLI whose composer has stayed up this long (a CLI may paint its placeholder about 1 s before its input loop is live; 64x2 at load 94-113 a prompt pasted at the fallback was dropped in 4 sessions, and made the CLI exit 1 with 'timed out discarding buffered terminal input' in 1).",
  },
  fallbackWithoutComposer: {
    name: "fallback without a composer",
    ms: 120_000,
    why: "The last resort, from the first frame: a CLI whose composer Elwood cannot read (a new version's screen) still gets ready, later.",
  },
  fallbackRecheck: {
    name: "fallback recheck",
    ms: 500,
    why: "How often a due fallback looks again for the composer it waits for.",
  },
} as const satisfies Record<string, ReadinessBound>;

export const RESUME_FALLBACK_MS = READINESS_BOUNDS.resumeFallback.ms;
export const COLD_START_FALLBACK_MS = READINESS_BOUNDS.coldStartFallback.ms;
export const AFTER_SESSION_START_FALLBACK_MS = READINESS_BOUNDS.afterSessionStartFallback.ms;
export const FALLBACK_COMPOSER_SETTLE_MS = READINESS_BOUNDS.fallbackComposerSettle.ms;
export const FALLBACK_WITHOUT_COMPOSER_MS = READINESS_BOUNDS.fallbackWithoutComposer.ms;
const FALLBACK_RECHECK_MS = READINESS_BOUNDS.fallbackRecheck.ms;

export interface InitialReadinessOptions {
  readonly isResume: boolean;
  readonly signals: AgentAdapter<unknown, unknown>["signals"];
  readonly clock: SessionClock;
  /**
   * A dialog is on screen, or its block has not cleared yet (until a frame shows the composer
   * or work): readiness in that repaint gap was dropped and left the session `running` with
   * nothing submitted (issue 11, 16-session bench).
   */
  readonly isBlocked: () => boolean;
  readonly onReady: (reason: string) => void;
}

export class InitialReadiness {
  readonly #options: InitialReadinessOptions;
  #isDone = false;
  #isDisposed = false;
  #sawSessionStart = false;
  #pendingReason: string | undefined;
  #fallbackArmed = false;
  #isFallbackDeferred = false;
  #composerSince: number | undefined;
  /** Since when the screen has shown the composer, busy or idle; undefined: not now. */
  #composerShownSince: number | undefined;
  /** When a due fallback is taken even with no composer shown: its last resort. */
  #fallbackBoundAt: number | undefined;
  #settleTimerArmed = false;

  constructor(options: InitialReadinessOptions) {
    this.#options = options;
  }

  onFirstFrame(): void {
    this.#fallbackBoundAt ??= this.#options.clock.now() + FALLBACK_WITHOUT_COMPOSER_MS;
    if (this.#fallbackArmed) return;
    this.#fallbackArmed = true;
    this.#armFallback();
  }

  // The fallback is a last resort for a CLI that gives no signal: due behind a dialog, it
  // starts over once the dialog cleared. Taken right at the clear, it beat the signals a
  // CLI starved of CPU sends a few seconds later (Claude's SessionStart runs only after
  // the trust answer), and the prompt typed into the not yet live composer landed twice
  // (32-session bench, 14 of 128 turns).
  #armFallback(): void {
    const { clock, isResume, signals } = this.#options;
    const fallbackMs = isResume ? RESUME_FALLBACK_MS : COLD_START_FALLBACK_MS;
    clock.set(() => {
      if (this.#isDone || this.#isDisposed) return;
      // SessionStart came, so the CLI is alive and its proof, the composer after it, is on
      // the way: wait for it.
      const waitsForComposer =
        !isResume && this.#sawSessionStart && signals.composerAfterSessionStartIsReady;
      if (waitsForComposer) clock.set(() => this.#takeFallback(), AFTER_SESSION_START_FALLBACK_MS);
      else this.#takeFallback();
    }, fallbackMs);
  }

  #takeFallback(): void {
    if (this.#isDone || this.#isDisposed) return;
    const { clock } = this.#options;
    if (this.#options.isBlocked()) {
      this.#isFallbackDeferred = true;
    } else if (!this.#isComposerSettled() && clock.now() < (this.#fallbackBoundAt ?? 0)) {
      clock.set(() => this.#takeFallback(), FALLBACK_RECHECK_MS);
    } else {
      this.#request("fallback deadline");
    }
  }

  #isComposerSettled(): boolean {
    const since = this.#composerShownSince;
    return since !== undefined && this.#options.clock.now() - since >= FALLBACK_COMPOSER_SETTLE_MS;
  }

  onSessionStart(): void {
    this.#sawSessionStart = true;
  }

  onReadyHook(name: string): void {
    this.#request(`${name} hook`);
  }

  onFrame(reading: ScreenReading): void {
    if (this.#isDone) return;
    if (reading.composerText === undefined || reading.dialog !== undefined) {
      this.#composerShownSince = undefined;
    } else {
      this.#composerShownSince ??= this.#options.clock.now();
    }
    const composerReady =
      reading.dialog === undefined && reading.hasIdleComposer && !reading.isWorking;
    if (this.#pendingReason !== undefined && composerReady) {
      this.#request(this.#pendingReason);
      return;
    }
    if (!composerReady) {
      this.#composerSince = undefined;
      return;
    }
    const signals = this.#options.signals;
    this.#composerSince ??= this.#options.clock.now();
    this.#armComposerSettle(signals.coldStartComposerSettleMs);
    if (this.#options.isResume && signals.composerIsReadyOnResume) {
      this.#request("first idle composer on resume");
    } else if (this.#sawSessionStart && signals.composerAfterSessionStartIsReady) {
      this.#request("idle composer after session start");
    }
  }

  // A composer that stays up, idle and undisturbed for the settle time proves a live input
  // loop on CLIs whose placeholder composer paints early (measured: prd/decisions.md).
  #armComposerSettle(settleMs: number | undefined): void {
    if (settleMs === undefined || this.#options.isResume || this.#settleTimerArmed) return;
    this.#settleTimerArmed = true;
    const check = (): void => {
      if (this.#isDone || this.#isDisposed) return;
      const since = this.#composerSince;
      const elapsed = since === undefined ? 0 : this.#options.clock.now() - since;
      if (since !== undefined && elapsed >= settleMs) {
        this.#request("idle composer settled");
        return;
      }
      this.#options.clock.set(check, Math.max(50, settleMs - elapsed));
    };
    this.#options.clock.set(check, settleMs);
  }

  onDialogCleared(): void {
    if (this.#options.isBlocked()) return;
    if (this.#pendingReason !== undefined) {
      this.#request(this.#pendingReason);
    } else if (this.#isFallbackDeferred) {
      this.#isFallbackDeferred = false;
      this.#armFallback();
    }
  }

  dispose(): void {
    this.#isDisposed = true;
  }

  #request(reason: string): void {
    if (this.#isDone || this.#isDisposed) return;
    if (this.#options.isBlocked()) {
      this.#pendingReason ??= reason;
      return;
    }
    this.#isDone = true;
    this.#options.onReady(reason);
  }
}

/**
 * The first ready's bookkeeping (C-API-42): restore the caller's size, set `ready` and
 * release the queue. If any of it throws (a status listener included, whose error the
 * emitter contains), the queue is released anyway and one content-free
 * `initial_ready_fallback` warning follows on a later tick, apart from the failure itself.
 */
export function releaseFirstReady(parts: {
  readonly events: SessionEvents;
  readonly record: () => void;
  readonly release: () => void;
}): void {
  const failuresBefore = parts.events.listenerFailureCount;
  let hasThrown = false;
  try {
    parts.record();
  } catch {
    hasThrown = true;
  }
  parts.release();
  if (!hasThrown && parts.events.listenerFailureCount === failuresBefore) return;
  setImmediate(() =>
    parts.events.emitWarning({
      source: "lifecycle",
      code: "initial_ready_fallback",
      message: "Recording the first ready failed; input was released anyway.",
    }),
  );
}
