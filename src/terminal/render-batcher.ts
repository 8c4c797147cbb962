// Feeds received output into the headless parser in bounded batches and applies PTY
// backpressure (prd/internals.md "terminal/"): ≤ 64 KiB per write, one write in flight
// (a parse worker may take a few, so it never waits for the parent between batches; a
// further one goes only as a full batch, so a burst of 4 KiB PTY chunks is not sent as
// many small ones), pause the PTY at 256 KiB unparsed and resume below 128 KiB. A failed or
// stalled parse makes the batcher fail for good (the terminal's sticky `renderFailed`).

import type { ParseScheduler } from "./parse-scheduler.js";
import { NO_BYTES, unfinishedCharacterLength } from "./utf8.js";

export const DEFAULT_BATCH_BYTES = 65_536;
export const DEFAULT_PAUSE_AT_BYTES = 262_144;
export const DEFAULT_RESUME_BELOW_BYTES = 131_072;
export const DEFAULT_FLUSH_DELAY_MS = 2;
export const DEFAULT_STALL_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_IN_FLIGHT = 1;

// UTF8_CARRY_NOTE: @xterm/headless 6.0.0 drops a character when a write ends inside it and
// its held-back bytes include 0x80 (xtermjs/xterm.js#6003: `—`, `…`, `’`, Codex's `›`),
// and it cuts writes over 128 KiB itself. So no batch ends inside a character: the bytes
// of an unfinished last character are carried to the front of the next batch. They count
// as parsed once taken, as a decoder's state would; a stream that ends inside a character
// never shows it, as it would not on a real terminal.

/** Where batches go: xterm's `write(data, callback)` has exactly this shape. */
export interface RenderSink {
  /**
   * `data` is the sink's to keep (a parse worker's screen transfers its memory): each batch
   * is a fresh copy that nothing else refers to, at most the batch budget long, and it ends
   * on a character boundary (see UTF8_CARRY_NOTE).
   */
  write(data: Uint8Array, parsed: () => void): void;
  /**
   * When the parser last showed it is alive (a parse worker answering any of its
   * terminals), if the sink can tell: a batch that waits behind other terminals' output
   * on a starved worker is slow, not stalled.
   */
  lastProgressAt?(): number;
}

export interface FlowControl {
  pause(): void;
  resume(): void;
}

export interface RenderBatcherLimits {
  readonly batchBytes?: number;
  readonly pauseAtBytes?: number;
  readonly resumeBelowBytes?: number;
  readonly flushDelayMs?: number;
  /** A batch whose parse has not finished after this long counts as a render failure. */
  readonly stallTimeoutMs?: number;
  /** Batches written and not parsed yet, at most. */
  readonly maxInFlight?: number;
}

export interface RenderBatcherOptions extends RenderBatcherLimits {
  readonly sink: RenderSink;
  readonly flow: FlowControl;
  /** Shares parse time with other terminals; without one, batches are written directly. */
  readonly scheduler?: ParseScheduler;
  readonly onParsed?: (batch: { readonly bytes: number }) => void;
  readonly onFailed?: (error: unknown) => void;
}

interface InFlight {
  /** Bytes this batch took from the queue (what `settled()` counts). */
  readonly bytes: number;
  readonly release: () => void;
}

export class RenderBatcher {
  readonly #options: RenderBatcherOptions;
  readonly #limits: Required<RenderBatcherLimits>;
  readonly #queue: Uint8Array[] = [];
  #queuedBytes = 0;
  /** An unfinished character's bytes, taken from the queue, that start the next batch. */
  #carry: Uint8Array = NO_BYTES;
  readonly #waiters: { target: number; resolve: () => void }[] = [];
  #received = 0;
  #parsed = 0;
  readonly #inFlight: InFlight[] = [];
  #isPaused = false;
  #flushTimer: NodeJS.Timeout | undefined;
  #stallTimer: NodeJS.Timeout | undefined;
  /** The stall verdict deferred by one event-loop turn (see #startStallTimer). */
  #stallVerdict: NodeJS.Immediate | undefined;
  #failure: { error: unknown } | undefined;
  #isDisposed = false;
  #cancelSlotRequest: (() => void) | undefined;

  constructor(options: RenderBatcherOptions) {
    this.#options = options;
    this.#limits = {
      batchBytes: options.batchBytes ?? DEFAULT_BATCH_BYTES,
      pauseAtBytes: options.pauseAtBytes ?? DEFAULT_PAUSE_AT_BYTES,
      resumeBelowBytes: options.resumeBelowBytes ?? DEFAULT_RESUME_BELOW_BYTES,
      flushDelayMs: options.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS,
      stallTimeoutMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
      maxInFlight: Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT),
    };
  }

  /** Bytes received but not yet parsed, including the batch in flight. */
  get pendingBytes(): number {
    return this.#received - this.#parsed;
  }

  get isPaused(): boolean {
    return this.#isPaused;
  }

  get hasFailed(): boolean {
    return this.#failure !== undefined;
  }

  /** Queues `output`; the batcher only reads it (it is copied into a batch). */
  push(output: Uint8Array): void {
    const bytes = output.length;
    if (this.#isDisposed || bytes === 0) return;
    this.#received += bytes;
    if (this.#failure !== undefined) {
      this.#parsed += bytes;
      return;
    }
    this.#queue.push(output);
    this.#queuedBytes += bytes;
    if (!this.#isPaused && this.pendingBytes >= this.#limits.pauseAtBytes) {
      this.#isPaused = true;
      this.#options.flow.pause();
    }
    if (this.#inFlight.length > 0 && this.#queuedBytes >= this.#limits.batchBytes) {
      this.#writeNextBatch();
    } else if (this.#inFlight.length === 0 && this.#flushTimer === undefined) {
      this.#flushTimer = setTimeout(() => {
        this.#flushTimer = undefined;
        this.#writeNextBatch();
      }, this.#limits.flushDelayMs);
    }
  }

  /** Resolves once every byte pushed so far is parsed, or the batcher failed or was disposed. */
  settled(): Promise<void> {
    if (this.#failure !== undefined || this.#isDisposed || this.#parsed >= this.#received) {
      return Promise.resolve();
    }
    const target = this.#received;
    return new Promise((resolve) => this.#waiters.push({ target, resolve }));
  }

  /** Fails the batcher for good from outside, e.g. when the worker parsing it died. */
  fail(error: unknown): void {
    if (this.#isDisposed) return;
    this.#fail(error);
  }

  dispose(): void {
    if (this.#isDisposed) return;
    this.#isDisposed = true;
    this.#clearTimers();
    this.#cancelPendingSlot();
    this.#freeSlots();
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.#carry = NO_BYTES;
    this.#releaseFlow();
    this.#resolveWaiters(true);
  }

  // Writes batches until enough are in flight, each after the scheduler (if any) granted a
  // parse slot; a batch is cut only once its slot is granted.
  #writeNextBatch(): void {
    while (this.#canWriteMore()) {
      const scheduler = this.#options.scheduler;
      if (scheduler === undefined) {
        this.#writeBatch(() => {});
        continue;
      }
      let isGranted = false;
      const cancel = scheduler.acquire((release) => {
        const wasWaiting = !isGranted && this.#cancelSlotRequest !== undefined;
        isGranted = true;
        this.#cancelSlotRequest = undefined;
        if (!this.#writeBatch(release)) release();
        else if (wasWaiting) this.#writeNextBatch();
      });
      if (!isGranted) {
        this.#cancelSlotRequest = cancel;
        return;
      }
    }
  }

  #canWriteMore(): boolean {
    const inFlight = this.#inFlight.length;
    return (
      !this.#isDisposed &&
      this.#failure === undefined &&
      inFlight < this.#limits.maxInFlight &&
      this.#cancelSlotRequest === undefined &&
      this.#queue.length > 0 &&
      (inFlight === 0 || this.#queuedBytes >= this.#limits.batchBytes)
    );
  }

  #writeBatch(releaseSlot: () => void): boolean {
    if (this.#isDisposed || this.#failure !== undefined) return false;
    const taken = this.#takeBatch();
    if (taken === undefined) return false;
    const { batch, bytes } = taken;
    if (batch.length === 0) {
      // Only part of a character arrived: it waits in the carry, and nothing is left to parse.
      this.#onBytesParsed(bytes);
      return false;
    }
    let isCurrent = true;
    const entry: InFlight = {
      bytes,
      release: () => {
        if (!isCurrent) return;
        isCurrent = false;
        releaseSlot();
      },
    };
    this.#inFlight.push(entry);
    if (this.#stallTimer === undefined) this.#startStallTimer();
    try {
      this.#options.sink.write(batch, () => {
        if (!isCurrent) return;
        entry.release();
        this.#onBatchParsed(entry);
      });
    } catch (error) {
      this.#fail(error);
    }
    return true;
  }

  // Watches the oldest batch in flight: parsers answer in order, so it is the one stalling.
  // A parser that answered anything within the timeout (a shared worker busy with other
  // terminals) is only slow: the watch starts over from that answer. The verdict waits one
  // turn of the event loop: after this thread was starved, expired timers run before the
  // worker's queued answers are read, and those answers may prove it alive.
  #startStallTimer(delayMs: number = this.#limits.stallTimeoutMs): void {
    this.#stallTimer = setTimeout(() => {
      // Only a worker's answers arrive as messages; a parser on this thread has none queued.
      if (this.#options.sink.lastProgressAt === undefined) this.#judgeStall();
      else this.#stallVerdict = setImmediate(() => this.#judgeStall());
    }, delayMs);
    this.#stallTimer.unref();
  }

  #judgeStall(): void {
    this.#stallTimer = undefined;
    this.#stallVerdict = undefined;
    const timeoutMs = this.#limits.stallTimeoutMs;
    const progressAt = this.#options.sink.lastProgressAt?.();
    const sinceProgress = progressAt === undefined ? timeoutMs : Date.now() - progressAt;
    if (sinceProgress < timeoutMs) {
      this.#startStallTimer(timeoutMs - sinceProgress);
      return;
    }
    this.#fail(new Error(`the terminal parser did not finish a batch within ${timeoutMs} ms`));
  }

  #freeSlots(): void {
    for (const entry of this.#inFlight.splice(0)) entry.release();
  }

  #cancelPendingSlot(): void {
    const cancel = this.#cancelSlotRequest;
    this.#cancelSlotRequest = undefined;
    cancel?.();
  }

  #onBatchParsed(entry: InFlight): void {
    const index = this.#inFlight.indexOf(entry);
    if (index >= 0) this.#inFlight.splice(index, 1);
    this.#stopStallWatch();
    if (this.#inFlight.length > 0) this.#startStallTimer();
    this.#onBytesParsed(entry.bytes);
    this.#writeNextBatch();
  }

  #onBytesParsed(bytes: number): void {
    this.#parsed += bytes;
    if (this.#isPaused && this.pendingBytes < this.#limits.resumeBelowBytes) this.#releaseFlow();
    this.#options.onParsed?.({ bytes });
    this.#resolveWaiters(false);
  }

  // Copies the carry and queued chunks into one new batch of up to the batch budget, less
  // the bytes of a character it would end inside (they become the next carry).
  #takeBatch(): { readonly batch: Uint8Array; readonly bytes: number } | undefined {
    const carry = this.#carry;
    // At least one byte more than the carry, even with a budget smaller than a character.
    const bytes = Math.min(this.#queuedBytes, Math.max(1, this.#limits.batchBytes - carry.length));
    if (bytes <= 0) return undefined;
    let batch = new Uint8Array(carry.length + bytes);
    batch.set(carry);
    let filled = carry.length;
    while (filled < batch.length) {
      const next = this.#queue[0]!;
      const taken = Math.min(next.length, batch.length - filled);
      batch.set(taken === next.length ? next : next.subarray(0, taken), filled);
      filled += taken;
      if (taken === next.length) this.#queue.shift();
      else this.#queue[0] = next.subarray(taken);
    }
    this.#queuedBytes -= bytes;
    const unfinished = unfinishedCharacterLength(batch);
    this.#carry = unfinished === 0 ? NO_BYTES : batch.slice(batch.length - unfinished);
    // A copy, not a view: the sink may transfer the batch's whole memory.
    if (unfinished > 0) batch = batch.slice(0, batch.length - unfinished);
    return { batch, bytes };
  }

  #fail(error: unknown): void {
    if (this.#failure !== undefined) return;
    this.#failure = { error };
    this.#clearTimers();
    this.#cancelPendingSlot();
    this.#freeSlots();
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.#carry = NO_BYTES;
    this.#parsed = this.#received;
    this.#releaseFlow();
    this.#resolveWaiters(true);
    this.#options.onFailed?.(error);
  }

  #releaseFlow(): void {
    if (!this.#isPaused) return;
    this.#isPaused = false;
    this.#options.flow.resume();
  }

  #resolveWaiters(all: boolean): void {
    for (let index = this.#waiters.length - 1; index >= 0; index -= 1) {
      const waiter = this.#waiters[index]!;
      if (!all && waiter.target > this.#parsed) continue;
      this.#waiters.splice(index, 1);
      waiter.resolve();
    }
  }

  #clearTimers(): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    this.#stopStallWatch();
  }

  #stopStallWatch(): void {
    clearTimeout(this.#stallTimer);
    if (this.#stallVerdict !== undefined) clearImmediate(this.#stallVerdict);
    this.#stallTimer = undefined;
    this.#stallVerdict = undefined;
  }
}
