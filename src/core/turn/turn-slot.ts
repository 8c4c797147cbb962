// Serializes ergonomic turns, each until the agent's real turn boundary (seeds §5.8). A
// caller's timeoutMs covers the wait for the slot too: the previous agent may never be back.
import { ElwoodError } from "../../errors.js";
import type { SessionClock } from "../context/clock.js";

export class TurnSlot {
  readonly #clock: SessionClock;
  #tail: Promise<void> = Promise.resolve();

  constructor(clock: SessionClock) {
    this.#clock = clock;
  }

  /** Resolves with a release once every earlier holder released; `spentMs` of `timeoutMs` are gone. */
  acquire(timeoutMs?: number, spentMs = 0): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    // Resolving twice is harmless: a release after the timeout's give-up is a no-op.
    const acquired = previous.then(() => release);
    if (timeoutMs === undefined) return acquired;
    return this.#clock.within(acquired, Math.max(1, timeoutMs - spentMs), () => {
      // Too late to run: pass the turn on as soon as it comes.
      void acquired.then((giveUp) => giveUp());
      return new ElwoodError(
        "wait_timeout",
        `Timed out waiting for the previous turn to end (timeoutMs ${timeoutMs}); the agent has not come back to ready since it.`,
        { details: { timeoutMs } },
      );
    });
  }
}
