// "Wait for this, unless the session closes first", without the leak of
// `Promise.race([wait, whenClosed])`: every race leaves a reaction on the long-lived
// `whenClosed` promise until the session ends, and a session runs such waits dozens of
// times per turn (found by the soak benchmark: ~28 retained promises per turn).
// Here a waiter is a set entry, removed as soon as its wait settles.

export class CloseSignal {
  readonly #waiters = new Set<() => void>();
  #isClosed = false;

  get isClosed(): boolean {
    return this.#isClosed;
  }

  /** Marks closed and rejects every pending wait; idempotent. */
  close(): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const reject of waiters) reject();
  }

  /** Settles as `wait` does, or rejects with `closedError()` once (or if already) closed. */
  race(wait: Promise<void>, closedError: () => Error): Promise<void> {
    if (this.#isClosed) return Promise.reject(closedError());
    return new Promise<void>((resolve, reject) => {
      const onClose = () => reject(closedError());
      this.#waiters.add(onClose);
      wait.then(
        () => {
          this.#waiters.delete(onClose);
          if (this.#isClosed) reject(closedError());
          else resolve();
        },
        (error: unknown) => {
          this.#waiters.delete(onClose);
          reject(error);
        },
      );
    });
  }

  /** Pending waits, for tests. */
  get pendingCount(): number {
    return this.#waiters.size;
  }
}
