// Serializes ergonomic turns: each send/stream holds the slot until the agent reaches
// its real turn boundary, not merely until its consumer stops reading (seeds §5.8).
// A caller's timeoutMs covers the wait for the slot too: a turn whose agent never comes
// back to ready holds the slot, and the next send() must still end within its bound.
// The boundary of a failed turn is kept here too: the slot it holds waits for it.
import { ElwoodError } from "../../errors.js";
import type { SessionContext } from "../context/session-context.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import { QUIET_WINDOW_MS, type TurnProgress } from "./turn-progress.js";

export class TurnSlot {
  #tail: Promise<void> = Promise.resolve();

  /**
   * Resolves with a release function once every earlier holder has released; rejects with
   * wait_timeout after `timeoutMs` (the place in line is then given up on arrival).
   */
  /** `spentMs`: how much of `timeoutMs` the call already used before it asked (a lazy start). */
  acquire(timeoutMs?: number, spentMs = 0): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    let isReleased = false;
    const releaseOnce = () => {
      if (isReleased) return;
      isReleased = true;
      release();
    };
    const acquired = previous.then(() => releaseOnce);
    if (timeoutMs === undefined) return acquired;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          // Too late to run: pass the turn on as soon as it comes.
          void acquired.then((giveUp) => giveUp());
          reject(
            new ElwoodError(
              "wait_timeout",
              `Timed out waiting for the previous turn to end (timeoutMs ${timeoutMs}); the agent has not come back to ready since it.`,
              { details: { timeoutMs } },
            ),
          );
        },
        Math.max(1, timeoutMs - spentMs),
      );
    });
    return Promise.race([acquired, expired]).finally(() => clearTimeout(timer));
  }
}

/**
 * Failed turns whose boundary is still ahead: the agent may yet be working on the prompt
 * (taken late), so the slot is held until it is ready, then a short drain; work that
 * starts meanwhile holds it until the next ready. A terminal status is every boundary.
 */
export class FailedTurnBoundaries {
  readonly #context: SessionContext;
  readonly #awaiting = new Set<TurnProgress>();

  constructor(context: SessionContext) {
    this.#context = context;
  }

  /** Holds `progress`'s boundary until the agent's next ready (see drain). */
  hold(progress: TurnProgress): void {
    this.#awaiting.add(progress);
  }

  onStatus(status: ElwoodSessionStatus): void {
    for (const progress of this.#awaiting) {
      if (isTerminalStatus(status)) this.#reach(progress);
      else if (status === "ready") this.drain(progress);
    }
  }

  /** The boundary, after a quiet window, if the agent is still ready then. */
  drain(progress: TurnProgress): void {
    const { clock, status } = this.#context;
    clock.set(() => {
      if (status.status === "ready") this.#reach(progress);
    }, QUIET_WINDOW_MS);
  }

  #reach(progress: TurnProgress): void {
    this.#awaiting.delete(progress);
    progress.reachBoundary();
  }
}
