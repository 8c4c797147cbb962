// The loop clock: wall time plus one-shot timers. Production uses the system clock;
// tests may install another one process-wide (see prd/loops.md "Test clock").

/** Time as the scheduler sees it; injectable so the rules are tested without waiting. */
export interface LoopClock {
  now(): number;
  /** Calls `callback` once after `ms`; the returned function cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
}

export const systemLoopClock: LoopClock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending loop must never keep the parent process alive on its own.
    handle.unref();
    return () => clearTimeout(handle);
  },
};

let override: LoopClock | undefined;

/**
 * @internal Test-only: sessions created afterwards schedule loops on `clock`; pass
 * undefined to go back to the system clock. Not exported from the package root.
 */
export function setLoopClockForTesting(clock: LoopClock | undefined): void {
  override = clock;
}

export function currentLoopClock(): LoopClock {
  return override ?? systemLoopClock;
}
