// interrupt() (C-API-38): one Escape (or the adapter's own interrupt key) while a turn is
// in flight, resolving at the next ready;
// concurrent calls share it; no ready in time → interrupt_failed; no turn → nothing written.
import { ElwoodError } from "../../errors.js";
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import type { Turns } from "../turn/turns.js";
import { waitForStatus } from "./waits.js";

export const DEFAULT_INTERRUPT_TIMEOUT_MS = 10_000;

export class SessionInterrupt {
  readonly #context: SessionContext;
  readonly #turns: Turns;
  readonly #key: string;
  #pending: Promise<void> | undefined;

  constructor(context: SessionContext, turns: Turns, key: string = KEYS.escape) {
    this.#context = context;
    this.#turns = turns;
    this.#key = key;
  }

  request(timeoutMs = DEFAULT_INTERRUPT_TIMEOUT_MS): Promise<void> {
    const { status, lifetime, terminal } = this.#context;
    if (!lifetime.isLive) return Promise.reject(lifetime.notRunning());
    if (!status.hasBeenReady || status.status === "ready") return Promise.resolve();
    if (this.#pending !== undefined) return this.#pending;
    this.#turns.noteInterruptRequested();
    terminal.sendInput(this.#key);
    const pending = waitForStatus(this.#context, (next) => next === "ready", timeoutMs)
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!ElwoodError.is(error, "wait_timeout")) throw error;
        throw new ElwoodError(
          "interrupt_failed",
          `The agent did not return to ready within ${timeoutMs} ms after its interrupt key.`,
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
