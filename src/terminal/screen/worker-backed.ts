// A screen whose headless xterm lives in a parse worker (prd/internals.md "terminal/"). The
// parent keeps a mirror of the visible rows, so `snapshot()` stays synchronous; `settled()`
// resolves once a report covers every operation sent so far. The worker reports after a
// resize, and otherwise at most every REPORT_INTERVAL_MS, always once the writes pause (so
// the last operation sent always gets one).

import type { ScreenChannel, ScreenClient, ScreenSetup } from "../parse-worker/pool.js";
import type { FromParseWorker, ScreenOperation } from "../parse-worker/protocol.js";
import type { ElwoodTerminalSize } from "../size.js";
import type { TerminalSnapshot } from "../snapshot.js";
import { ScreenMirror } from "./mirror.js";
import type { ScreenHost, TerminalScreen } from "./screen.js";

/** Connects a screen to a worker; the shared pool's `open` in production, a fake in tests. */
export type ScreenConnector = (client: ScreenClient, setup: ScreenSetup) => ScreenChannel;

export interface WorkerScreenOptions {
  readonly size: ElwoodTerminalSize;
  readonly scrollback: number;
  readonly host: ScreenHost;
  readonly connect: ScreenConnector;
}

/** Reports during output: often enough for the runtime's 40 ms screen reads, not per batch. */
export const REPORT_INTERVAL_MS = 16;

/** Batches a worker-parsed terminal keeps in flight, so its worker never waits on the parent. */
export const WORKER_BATCHES_IN_FLIGHT = 4;

export class WorkerScreen implements TerminalScreen {
  readonly #host: ScreenHost;
  readonly #channel: ScreenChannel;
  readonly #mirror: ScreenMirror;
  readonly #parsedCallbacks = new Map<number, () => void>();
  readonly #waiters: { target: number; resolve: () => void }[] = [];
  #sentSeq = 0;
  #answeredSeq = 0;
  #mirroredSeq = 0;
  #isClosed = false;

  constructor(options: WorkerScreenOptions) {
    this.#host = options.host;
    this.#mirror = new ScreenMirror(options.size.rows);
    const client: ScreenClient = {
      receive: (message) => this.#receive(message),
      fail: (error) => this.#fail(error),
    };
    this.#channel = options.connect(client, {
      ...options.size,
      scrollback: options.scrollback,
      reportIntervalMs: REPORT_INTERVAL_MS,
    });
  }

  get title(): string {
    return this.#mirror.title;
  }

  /** False while an answered write's report is still due (renders wait for it). */
  get isCurrent(): boolean {
    return this.#mirroredSeq >= this.#answeredSeq;
  }

  write(data: Uint8Array, parsed: () => void): void {
    if (this.#isClosed) return;
    const seq = this.#send((next) => ({ type: "write", seq: next, data }));
    this.#parsedCallbacks.set(seq, parsed);
  }

  snapshot(): TerminalSnapshot {
    return this.#mirror.snapshot();
  }

  /** The worker is shared: any answer it sent shows it alive (the batcher's stall watch). */
  lastProgressAt(): number {
    return this.#channel.lastProgressAt();
  }

  input(data: string): void {
    this.#host.toPty(data);
  }

  resize(size: ElwoodTerminalSize): void {
    if (this.#isClosed) return;
    this.#send((seq) => ({ type: "resize", seq, cols: size.cols, rows: size.rows }));
  }

  settled(): Promise<void> {
    if (this.#isClosed || this.#mirroredSeq >= this.#sentSeq) return Promise.resolve();
    const target = this.#sentSeq;
    return new Promise((resolve) => this.#waiters.push({ target, resolve }));
  }

  /** Lets go of the worker's xterm; the mirror keeps the last report for snapshots. */
  abandon(): void {
    if (this.#isClosed) return;
    this.#close();
    this.#channel.close();
  }

  dispose(): void {
    this.abandon();
  }

  #send(build: (seq: number) => ScreenOperation): number {
    this.#sentSeq += 1;
    this.#channel.send(build(this.#sentSeq));
    return this.#sentSeq;
  }

  #receive(message: FromParseWorker): void {
    if (this.#isClosed) return;
    if (message.type === "reply") {
      this.#host.toPty(message.isBinary ? Buffer.from(message.data, "latin1") : message.data);
    } else if (message.type === "failed") {
      this.#fail(new Error(`the terminal parser failed: ${message.message}`));
    } else if (message.type === "report") {
      this.#mirror.apply(message.mirror);
      this.#mirroredSeq = Math.max(this.#mirroredSeq, message.seq);
      this.#host.reported();
      this.#resolveWaiters();
    } else {
      this.#answeredSeq = Math.max(this.#answeredSeq, message.seq);
      if (message.mirror !== undefined) {
        this.#mirror.apply(message.mirror);
        this.#mirroredSeq = Math.max(this.#mirroredSeq, message.seq);
      }
      const parsed = this.#parsedCallbacks.get(message.seq);
      this.#parsedCallbacks.delete(message.seq);
      if (parsed !== undefined) parsed();
      else if (message.mirror !== undefined) this.#host.reported();
      this.#resolveWaiters();
    }
  }

  #fail(error: Error): void {
    if (this.#isClosed) return;
    this.abandon();
    this.#host.fail(error);
  }

  #close(): void {
    this.#isClosed = true;
    this.#parsedCallbacks.clear();
    for (const waiter of this.#waiters.splice(0)) waiter.resolve();
  }

  #resolveWaiters(): void {
    for (let index = this.#waiters.length - 1; index >= 0; index -= 1) {
      const waiter = this.#waiters[index]!;
      if (waiter.target > this.#mirroredSeq) continue;
      this.#waiters.splice(index, 1);
      waiter.resolve();
    }
  }
}
