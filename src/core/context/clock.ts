// The one clock of a session: wall time and one-shot timers, every pending timer owned so
// close-down cancels them all at once; what runs on it: prd/internals.md "The clock".

/** What a clock needs from the platform; the system's timers unless a test injects others. */
export interface TimeSource {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTime: TimeSource = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class SessionClock {
  readonly #source: TimeSource;
  readonly #pending = new Map<symbol, unknown>();

  constructor(source: TimeSource = systemTime) {
    this.#source = source;
  }

  now(): number {
    return this.#source.now();
  }

  /**
   * Calls `callback` once after `ms`; the returned function cancels it. An `unref` timer
   * never keeps the parent process alive on its own (a pending loop's).
   */
  set(callback: () => void, ms: number, options?: { readonly unref?: boolean }): () => void {
    const key = Symbol();
    const handle = this.#source.setTimeout(() => {
      this.#pending.delete(key);
      callback();
    }, ms);
    if (options?.unref === true) (handle as { unref?: () => void } | null)?.unref?.();
    this.#pending.set(key, handle);
    return () => {
      const pending = this.#pending.get(key);
      if (pending === undefined) return;
      this.#pending.delete(key);
      this.#source.clearTimeout(pending);
    };
  }

  /** Resolves after `ms`; a sleep pending at close-down never resolves (see Lifetime.sleep). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.set(resolve, ms));
  }

  /** `pending`, or `expired()`'s error once `ms` passed first; the timer is cancelled either way. */
  async within<T>(pending: Promise<T>, ms: number, expired: () => Error): Promise<T> {
    let cancel = (): void => undefined;
    const bound = new Promise<never>((_, reject) => {
      cancel = this.set(() => reject(expired()), ms);
    });
    try {
      return await Promise.race([pending, bound]);
    } finally {
      cancel();
    }
  }

  /** Cancels every pending timer (close-down). */
  clearAll(): void {
    for (const handle of this.#pending.values()) this.#source.clearTimeout(handle);
    this.#pending.clear();
  }
}
