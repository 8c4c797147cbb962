// One ergonomic turn's content and end (seeds §5.8 "Turn boundary"): the events a
// `stream()` yields, bounded by count and bytes, and the end oracle. After its Turn is
// accepted and the session is `ready`, the turn ends once the transcript's assistant text
// contains the turn-end signal's expected text; with no expected text, after a short
// quiet window; expected text that never arrives within catchUpMs fails with wait_timeout.
// Acceptance itself is the delivery's job (./delivery.ts): nothing here re-sends a prompt.
import { ElwoodError } from "../../errors.js";
import type { TranscriptItem } from "../contract/adapter.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import type { ElwoodStreamEvent, TurnOptions } from "../contract/turn.js";
import { normalizeText } from "./composer.js";
import { sizeOfStreamEvent, toStreamEvent } from "./stream-events.js";

export const DEFAULT_CATCH_UP_MS = 10_000;
export const QUIET_WINDOW_MS = 400;
const MAX_BUFFERED_EVENTS = 10_000;
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const ORACLE_WINDOW_CHARS = 256 * 1024;
const EXIT_STATUS_GRACE_MS = 2_000;

type Outcome = { readonly kind: "done" } | { readonly kind: "failed"; readonly error: unknown };

export class TurnRun {
  readonly #catchUpMs: number;
  readonly #queue: ElwoodStreamEvent[] = [];
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #status: () => ElwoodSessionStatus;
  #queuedBytes = 0;
  #wake: (() => void) | undefined;
  #outcome: Outcome | undefined;
  #isAccepted = false;
  #expected: string | undefined;
  #window = "";
  #readyAt: number | undefined;
  #lastContentAt = 0;
  #isConsumerGone = false;
  #isBoundaryReached = false;
  /** The CLI's own exit, learned from a submission before the status announced it. */
  #exitFailure: ElwoodError | undefined;
  readonly #boundary: Promise<void>;
  #reachBoundary: () => void = () => {};
  readonly #givenUp = new AbortController();

  constructor(options: TurnOptions & { readonly status: () => ElwoodSessionStatus }) {
    this.#status = options.status;
    this.#catchUpMs = options.catchUpMs ?? DEFAULT_CATCH_UP_MS;
    this.#boundary = new Promise((resolve) => {
      this.#reachBoundary = () => {
        this.#isBoundaryReached = true;
        this.#clearTimers();
        resolve();
      };
    });
    if (options.timeoutMs !== undefined) {
      const timeoutMs = options.timeoutMs;
      this.#timer(
        () => this.#fail(timeout(`the turn (timeoutMs ${timeoutMs})`, timeoutMs)),
        timeoutMs,
      );
    }
  }

  /** Resolves at the agent's real boundary (done, or ready/terminal after a failure). */
  get boundary(): Promise<void> {
    return this.#boundary;
  }

  /**
   * Aborted once the caller can no longer get this turn's answer (it failed, or the
   * consumer stopped reading): a submission still waiting in the queue is withdrawn, so
   * the agent never receives a prompt whose caller already gave up.
   */
  get givenUp(): AbortSignal {
    return this.#givenUp.signal;
  }

  get isFinished(): boolean {
    return this.#isBoundaryReached;
  }

  /** The Turn was accepted by the agent. */
  onAccepted(): void {
    if (this.#isAccepted) return;
    this.#isAccepted = true;
    // A short turn can reach ready before the acceptance signal is processed.
    if (this.#status() === "ready") this.#readyAt ??= Date.now();
    this.#check();
  }

  /** Delivery failed (prompt_not_accepted, session closed, bad input). */
  onFailed(error: unknown): void {
    // A pending submission can learn of the CLI's own exit before the status does; the
    // turn fails the same way whichever notices first.
    // It is announced with the status, so a caller never sees the failure while the session
    // still says "running" (bounded, should the status never come).
    if (
      error instanceof ElwoodError &&
      error.name === "session_not_running" &&
      error.details.status === "exited"
    ) {
      const failed = exitedMidTurn(error.details.exitCode);
      if (isTerminalStatus(this.#status())) this.#fail(failed);
      else {
        this.#exitFailure = failed;
        this.#timer(() => this.#fail(failed), EXIT_STATUS_GRACE_MS);
      }
      return;
    }
    this.#fail(error);
  }

  onItem(item: TranscriptItem): void {
    if (this.#outcome !== undefined) return;
    const event = toStreamEvent(item);
    if (event === undefined) return;
    this.#lastContentAt = Date.now();
    if (event.type === "text") {
      this.#window = (this.#window + normalizeText(event.text)).slice(-ORACLE_WINDOW_CHARS);
    }
    this.#push(event);
    this.#check();
  }

  /** The turn-end signal's text ("" when it carries none). */
  onTurnEnd(expected: string): void {
    if (this.#outcome !== undefined) return;
    this.#expected = normalizeText(expected).slice(-ORACLE_WINDOW_CHARS / 2);
    this.#check();
  }

  onStatus(status: ElwoodSessionStatus): void {
    // A status change made while another was being announced arrives late: the status
    // machine's current value is the truth.
    if (status !== this.#status()) return;
    if (isTerminalStatus(status)) {
      // The CLI exiting by itself mid-turn is a failure stream() throws and send() rejects
      // with (prd/decisions.md "Crash recovery"); a caller's stop/kill ends it quietly.
      if (this.#outcome === undefined) {
        this.#finish(
          status === "exited"
            ? { kind: "failed", error: this.#exitFailure ?? exitedMidTurn() }
            : { kind: "done" },
        );
      }
      this.#reachBoundary();
      return;
    }
    if (status !== "ready") {
      this.#readyAt = undefined;
      return;
    }
    if (this.#outcome !== undefined) {
      // After a failure the slot is held until a real ready, then a short drain.
      this.#timer(() => this.#reachBoundary(), QUIET_WINDOW_MS);
      return;
    }
    this.#readyAt = Date.now();
    this.#check();
  }

  /** The consumer stopped reading; collection continues silently until the boundary. */
  abandon(): void {
    this.#giveUp(
      new ElwoodError("wait_timeout", "The caller stopped reading the turn before it was sent."),
    );
    this.#isConsumerGone = true;
    this.#queue.length = 0;
    this.#queuedBytes = 0;
  }

  async *events(): AsyncGenerator<ElwoodStreamEvent, void, undefined> {
    for (;;) {
      const next = this.#queue.shift();
      if (next !== undefined) {
        this.#queuedBytes -= sizeOfStreamEvent(next);
        yield next;
        continue;
      }
      const outcome = this.#outcome;
      if (outcome !== undefined) {
        if (outcome.kind === "failed") throw outcome.error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  #check(): void {
    if (this.#outcome !== undefined || this.#readyAt === undefined || !this.#isAccepted) return;
    const expected = this.#expected;
    if (expected !== undefined && expected.length > 0) {
      if (this.#window.includes(expected)) {
        this.#finish({ kind: "done" });
        return;
      }
      const readyAt = this.#readyAt;
      this.#timer(() => {
        if (this.#readyAt === readyAt && this.#outcome === undefined) {
          this.#fail(timeout("the transcript to catch up with the finished turn", this.#catchUpMs));
        }
      }, this.#catchUpMs);
      return;
    }
    const quietSince = Math.max(this.#readyAt, this.#lastContentAt);
    const remaining = QUIET_WINDOW_MS - (Date.now() - quietSince);
    if (remaining <= 0) this.#finish({ kind: "done" });
    else this.#timer(() => this.#check(), remaining);
  }

  #push(event: ElwoodStreamEvent): void {
    if (this.#isConsumerGone) return;
    this.#queue.push(event);
    this.#queuedBytes += sizeOfStreamEvent(event);
    if (this.#queue.length > MAX_BUFFERED_EVENTS || this.#queuedBytes > MAX_BUFFERED_BYTES) {
      this.#queue.length = 0;
      this.#queuedBytes = 0;
      this.#fail(timeout("the consumer to read buffered turn events", 0));
      return;
    }
    this.#wakeConsumer();
  }

  #fail(error: unknown): void {
    if (this.#outcome !== undefined) return;
    this.#giveUp(error);
    this.#finish({ kind: "failed", error });
    const status = this.#status();
    if (status === "ready") this.#timer(() => this.#reachBoundary(), QUIET_WINDOW_MS);
  }

  #finish(outcome: Outcome): void {
    if (this.#outcome !== undefined) return;
    this.#outcome = outcome;
    if (outcome.kind === "done" || isTerminalStatus(this.#status())) {
      this.#reachBoundary();
    } else {
      // Keep listening for the real boundary (ready or terminal) before releasing.
      this.#clearTimers();
    }
    this.#wakeConsumer();
  }

  #giveUp(reason: unknown): void {
    if (!this.#givenUp.signal.aborted) this.#givenUp.abort(reason);
  }

  #wakeConsumer(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #timer(callback: () => void, ms: number): void {
    const handle = setTimeout(() => {
      this.#timers.delete(handle);
      callback();
    }, ms);
    this.#timers.add(handle);
  }

  #clearTimers(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}

function exitedMidTurn(exitCode?: unknown): ElwoodError {
  return new ElwoodError(
    "session_not_running",
    "The agent exited by itself before the turn completed; resume the session to continue the conversation.",
    { details: { status: "exited", ...(typeof exitCode === "number" ? { exitCode } : {}) } },
  );
}

function timeout(what: string, timeoutMs: number): ElwoodError {
  return new ElwoodError("wait_timeout", `Timed out waiting for ${what}.`, {
    details: { timeoutMs },
  });
}
