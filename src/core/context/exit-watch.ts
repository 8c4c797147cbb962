// Remembers the PTY's exit so shutdown can wait for it with a bound, whether the exit
// came before or after the wait started.
import type { ElwoodTerminalExitEvent as ProcessExit } from "../contract/status.js";
import type { SessionClock } from "./clock.js";

export class ExitWatch {
  readonly #clock: SessionClock;
  readonly #waiters = new Set<() => void>();
  #exit: ProcessExit | undefined;

  constructor(clock: SessionClock) {
    this.#clock = clock;
  }

  get exit(): ProcessExit | undefined {
    return this.#exit;
  }

  record(exit: ProcessExit): void {
    this.#exit = exit;
    for (const resolve of [...this.#waiters]) resolve();
    this.#waiters.clear();
  }

  /** Resolves true once exited, or false when `timeoutMs` passes first. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.#exit !== undefined) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        cancel();
        resolve(true);
      };
      const cancel = this.#clock.set(() => {
        this.#waiters.delete(done);
        resolve(false);
      }, timeoutMs);
      this.#waiters.add(done);
    });
  }
}
