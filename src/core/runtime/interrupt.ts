// interrupt() (C-API-38): one Escape while a turn is in flight, resolving at the next
// ready; concurrent calls share one interrupt; no ready in time → interrupt_failed.
import { ElwoodError } from "../../errors.js";

export const DEFAULT_INTERRUPT_TIMEOUT_MS = 10_000;

export class InterruptControl {
  #pending: Promise<void> | undefined;

  request(options: {
    readonly timeoutMs: number;
    readonly sendEscape: () => void;
    readonly waitForReady: (timeoutMs: number) => Promise<unknown>;
  }): Promise<void> {
    if (this.#pending !== undefined) return this.#pending;
    const { timeoutMs } = options;
    options.sendEscape();
    const pending = options
      .waitForReady(timeoutMs)
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!ElwoodError.is(error, "wait_timeout")) throw error;
        throw new ElwoodError(
          "interrupt_failed",
          `The agent did not return to ready within ${timeoutMs} ms after Escape.`,
          { cause: error, details: { timeoutMs } },
        );
      })
      .finally(() => {
        this.#pending = undefined;
      });
    this.#pending = pending;
    return pending;
  }
}
