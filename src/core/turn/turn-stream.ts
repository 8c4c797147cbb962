// The consumer side of one ergonomic turn (seeds §5.8): a bounded buffer of the content
// events a `stream()` yields, ending the way the turn owner decided.
import { ElwoodError } from "../../errors.js";
import type { ElwoodStreamEvent } from "../contract/turn.js";

const MAX_BUFFERED_EVENTS = 10_000;
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

type Outcome = { readonly kind: "done" } | { readonly kind: "failed"; readonly error: unknown };

export class TurnStream {
  readonly #queue: ElwoodStreamEvent[] = [];
  readonly #givenUp = new AbortController();
  #queuedBytes = 0;
  #outcome: Outcome | undefined;
  #wake: (() => void) | undefined;
  #isConsumerGone = false;
  #isOverflowed = false;

  /** Aborted once the caller gave up: a submission still queued is withdrawn. */
  readonly givenUp: AbortSignal = this.#givenUp.signal;

  /**
   * False when the buffer overflowed: it is dropped, and nothing more is buffered; the turn
   * owner fails the turn, and with it this stream (./turns.ts).
   */
  push(event: ElwoodStreamEvent): boolean {
    if (this.#outcome !== undefined || this.#isConsumerGone) return true;
    if (this.#isOverflowed) return false;
    this.#queue.push(event);
    this.#queuedBytes += sizeOfStreamEvent(event);
    if (this.#queue.length > MAX_BUFFERED_EVENTS || this.#queuedBytes > MAX_BUFFERED_BYTES) {
      this.#queue.length = 0;
      this.#queuedBytes = 0;
      this.#isOverflowed = true;
      return false;
    }
    this.#wakeConsumer();
    return true;
  }

  end(): void {
    this.#settle({ kind: "done" });
  }

  fail(error: unknown): void {
    if (this.#outcome !== undefined) return;
    this.#givenUp.abort(error);
    this.#settle({ kind: "failed", error });
  }

  /** The consumer stopped reading: nothing more is buffered for it. */
  abandon(): void {
    // Aborting an aborted signal keeps its first reason.
    this.#givenUp.abort(
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

  #settle(outcome: Outcome): void {
    if (this.#outcome !== undefined) return;
    this.#outcome = outcome;
    this.#wakeConsumer();
  }

  #wakeConsumer(): void {
    this.#wake?.();
    this.#wake = undefined;
  }
}

/** A rough byte size of a buffered event, for the stream's memory bound. */
function sizeOfStreamEvent(event: ElwoodStreamEvent): number {
  const text = "text" in event ? event.text : "input" in event ? event.input : "";
  const output = "output" in event ? event.output : "";
  return 64 + text.length * 2 + output.length * 2;
}
