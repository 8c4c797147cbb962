// Every timer a session owns, so close-down can cancel them all at once.

export type TimerHandle = ReturnType<typeof setTimeout>;

export class TimerSet {
  readonly #timers = new Set<TimerHandle>();

  set(callback: () => void, ms: number): TimerHandle {
    const handle = setTimeout(() => {
      this.#timers.delete(handle);
      callback();
    }, ms);
    this.#timers.add(handle);
    return handle;
  }

  clear(handle: TimerHandle): void {
    clearTimeout(handle);
    this.#timers.delete(handle);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.set(resolve, ms));
  }

  clearAll(): void {
    for (const handle of this.#timers) clearTimeout(handle);
    this.#timers.clear();
  }
}
