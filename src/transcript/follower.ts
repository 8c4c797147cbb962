// TranscriptFollower: polls one TranscriptCursor on an interval and hands records and
// content-free warnings upward (spec §5.7). flush() drains what is on disk before
// terminal:exit within a bounded budget; the rest is reported as an unread backlog.
// Repeated read errors or a throwing consumer stop the poll with transcript_poll_stopped.
import type { TranscriptCursor } from "./cursor.js";
import type { TranscriptRecord, TranscriptWarning } from "./types.js";

/** One-shot timers (the session's clock satisfies it); `set` returns the cancel. */
export interface FollowerTimers {
  set(callback: () => void, ms: number): () => void;
}

export interface TranscriptFollowerOptions {
  readonly cursor: TranscriptCursor;
  readonly onRecords: (records: readonly TranscriptRecord[]) => void;
  readonly onWarning: (warning: TranscriptWarning) => void;
  readonly intervalMs?: number;
  /** Consecutive failed polls before the follower gives up. */
  readonly maxConsecutiveErrors?: number;
  /** Byte budget of the final flush; what is left is an `unread_backlog` drop. */
  readonly flushBudgetBytes?: number;
  readonly timers?: FollowerTimers;
}

const PLATFORM_TIMERS: FollowerTimers = {
  set: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};

export class TranscriptFollower {
  readonly #options: TranscriptFollowerOptions;
  readonly #timers: FollowerTimers;
  #cancelTimer: (() => void) | undefined;
  #inFlight: Promise<void> | undefined;
  #consecutiveErrors = 0;
  #intervalMs: number;
  #isStopped = false;

  constructor(options: TranscriptFollowerOptions) {
    this.#options = options;
    this.#timers = options.timers ?? PLATFORM_TIMERS;
    this.#intervalMs = options.intervalMs ?? 250;
  }

  get isStopped(): boolean {
    return this.#isStopped;
  }

  start(): void {
    if (this.#isStopped || this.#cancelTimer !== undefined) return;
    this.#cancelTimer = this.#timers.set(() => {
      this.#cancelTimer = undefined;
      this.start();
      void this.poll();
    }, this.#intervalMs);
  }

  /** Changes the poll interval (e.g. slower while the session idles); keeps running. */
  setIntervalMs(intervalMs: number): void {
    if (intervalMs === this.#intervalMs) return;
    this.#intervalMs = intervalMs;
    if (this.#cancelTimer === undefined || this.#isStopped) return;
    this.#stopTimer();
    this.start();
  }

  /** One poll now; overlapping calls share the poll in flight. Never rejects. */
  poll(): Promise<void> {
    if (this.#isStopped) return Promise.resolve();
    this.#inFlight ??= this.#pollOnce().finally(() => {
      this.#inFlight = undefined;
    });
    return this.#inFlight;
  }

  /** Reads everything on disk now (bounded), then stops. Used before terminal:exit. Never rejects. */
  async flush(): Promise<void> {
    if (this.#isStopped) return;
    await this.#inFlight;
    this.#stopTimer();
    const { cursor } = this.#options;
    try {
      const result = await cursor.readAvailable({
        budgetBytes: this.#options.flushBudgetBytes ?? 16 * 1024 * 1024,
      });
      this.#deliver(result.records, result.warnings);
      if (result.hasMore && (await cursor.skipBacklog())) {
        this.#options.onWarning({
          code: "transcript_records_dropped",
          reason: "unread_backlog",
          count: 1,
        });
      }
    } catch {
      this.#giveUp("final_flush", "consumer_error");
    }
    this.stop();
  }

  stop(): void {
    this.#stopTimer();
    this.#isStopped = true;
    this.#options.cursor.stop();
  }

  async #pollOnce(): Promise<void> {
    try {
      const result = await this.#options.cursor.readAvailable();
      const hasError = result.warnings.some((w) => w.code === "transcript_read_error");
      this.#consecutiveErrors = hasError ? this.#consecutiveErrors + 1 : 0;
      this.#deliver(result.records, result.warnings);
      if (this.#consecutiveErrors >= (this.#options.maxConsecutiveErrors ?? 5)) {
        this.#giveUp("poll", "repeated_read_errors");
      }
    } catch {
      this.#giveUp("poll", "consumer_error");
    }
  }

  #deliver(records: readonly TranscriptRecord[], warnings: readonly TranscriptWarning[]): void {
    if (records.length > 0) this.#options.onRecords(records);
    for (const warning of warnings) this.#options.onWarning(warning);
  }

  // Stops for good and says why; a throwing warning listener cannot escape the timer.
  #giveUp(phase: "poll" | "final_flush", reason: "repeated_read_errors" | "consumer_error"): void {
    if (this.#isStopped) return;
    this.stop();
    try {
      this.#options.onWarning({ code: "transcript_poll_stopped", phase, reason });
    } catch {
      // The listener already failed once; nothing safe is left to tell.
    }
  }

  #stopTimer(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
  }
}
