// Shares parsing time between all terminals of the process. xterm parses each write in
// its own timer callback, so with many busy terminals those callbacks pile into one timer
// phase and stall the event loop; allowing only a few batches in flight process-wide
// bounds that stall to a few batches' parse time (design/TARGETS.md, loop-delay p99).

export const DEFAULT_PARSE_SLOTS = 2;

export class ParseScheduler {
  readonly #slots: number;
  readonly #waiting: (() => void)[] = [];
  #inFlight = 0;

  constructor(options: { readonly slots?: number } = {}) {
    this.#slots = Math.max(1, options.slots ?? DEFAULT_PARSE_SLOTS);
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Calls `start` when a slot is free (maybe at once); `start` gets the slot's release. */
  acquire(start: (release: () => void) => void): () => void {
    let isWaiting = true;
    const begin = () => {
      isWaiting = false;
      this.#inFlight += 1;
      let isReleased = false;
      start(() => {
        if (isReleased) return;
        isReleased = true;
        this.#inFlight -= 1;
        this.#waiting.shift()?.();
      });
    };
    if (this.#inFlight < this.#slots) begin();
    else this.#waiting.push(begin);
    // Cancels a request that has not started yet, e.g. when its terminal is disposed.
    return () => {
      if (!isWaiting) return;
      isWaiting = false;
      const index = this.#waiting.indexOf(begin);
      if (index >= 0) this.#waiting.splice(index, 1);
    };
  }
}

/** The scheduler every terminal shares unless it is given its own. */
export const sharedParseScheduler = new ParseScheduler();
