// A small pool of parse workers shared by the process's terminals (prd/internals.md
// "terminal/"): at most one worker per core, each terminal on the least loaded one. A worker
// lives only while it owns a terminal; it keeps the event loop alive only while it still
// owes a terminal a report; and when it dies, every terminal it owned is told, so none of
// them hangs. Messages go both ways in arrays, one per event-loop turn, not one per batch.

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { resolveXtermHeadlessPath } from "../xterm-module.js";
import type { FromParseWorker, ScreenOperation, ToParseWorker } from "./protocol.js";
import { PARSE_WORKER_SOURCE } from "./worker-source.js";

/** The terminal's side of a channel: answers for it, and the news that its worker died. */
export interface ScreenClient {
  receive(message: FromParseWorker): void;
  fail(error: Error): void;
}

/** What a terminal holds: a way to send it operations, and to let go of its worker. */
export interface ScreenChannel {
  send(operation: ScreenOperation): void;
  close(): void;
  /** When the worker last answered any of its terminals (or the channel opened). */
  lastProgressAt(): number;
}

/** What a worker needs to open a terminal's xterm. */
export interface ScreenSetup {
  readonly cols: number;
  readonly rows: number;
  readonly scrollback: number;
  /** While output keeps coming, the worker reports the screen at most this often. */
  readonly reportIntervalMs: number;
}

export interface ParseWorkerPoolOptions {
  /** Most workers at once; the machine's available parallelism by default. */
  readonly maxWorkers?: number;
  /** Starts one worker running the parse program; tests wrap or alter it. */
  readonly createWorker?: () => Worker;
}

interface Member {
  readonly client: ScreenClient;
  /** The newest operation sent, and the newest one a report covered. */
  sentSeq: number;
  reportedSeq: number;
}

interface PoolWorker {
  readonly worker: Worker;
  readonly members: Map<number, Member>;
  /** Members waiting for a report. */
  awaiting: number;
  outbox: ToParseWorker[];
  isReferenced: boolean;
  isGone: boolean;
  /** Date.now() of the worker's last message: it is alive, however many terminals it has. */
  lastMessageAt: number;
}

/**
 * The nice value a parse worker's thread runs at (Linux, where a thread has its own): under
 * a saturated CPU the event loop and the agents go first, parsing takes what is left.
 */
export const PARSE_WORKER_NICENESS = 0;

export function startParseWorker(
  source: string = PARSE_WORKER_SOURCE,
  niceness: number = PARSE_WORKER_NICENESS,
): Worker {
  return new Worker(source, {
    eval: true,
    workerData: { xtermPath: resolveXtermHeadlessPath(), niceness },
  });
}

export class ParseWorkerPool {
  readonly #maxWorkers: number;
  readonly #createWorker: () => Worker;
  readonly #workers: PoolWorker[] = [];
  #nextId = 1;
  #sent = 0;
  #received = 0;
  #posts = 0;

  constructor(options: ParseWorkerPoolOptions = {}) {
    this.#maxWorkers = Math.max(1, options.maxWorkers ?? availableParallelism());
    this.#createWorker = options.createWorker ?? (() => startParseWorker());
  }

  /** Live workers (each owning at least one terminal). */
  get workerCount(): number {
    return this.#workers.length;
  }

  /** Terminals parsed in this pool's workers right now. */
  get terminalCount(): number {
    return this.#workers.reduce((sum, entry) => sum + entry.members.size, 0);
  }

  /** Messages sent to and received from workers so far, and postMessage calls (for the bench). */
  get messageCounts(): {
    readonly sent: number;
    readonly received: number;
    readonly posts: number;
  } {
    return { sent: this.#sent, received: this.#received, posts: this.#posts };
  }

  /** Gives `client` a headless xterm set up as `setup` on the least loaded worker. */
  open(client: ScreenClient, setup: ScreenSetup): ScreenChannel {
    const entry = this.#pickWorker();
    const id = this.#nextId;
    this.#nextId += 1;
    const member: Member = { client, sentSeq: 0, reportedSeq: 0 };
    entry.members.set(id, member);
    this.#post(entry, { type: "open", id, ...setup });
    const openedAt = Date.now();
    let isClosed = false;
    return {
      lastProgressAt: () => Math.max(openedAt, entry.lastMessageAt),
      send: (operation) => {
        if (isClosed || entry.isGone) return;
        this.#track(entry, member, () => {
          member.sentSeq = operation.seq;
        });
        this.#post(entry, { ...operation, id });
      },
      close: () => {
        if (isClosed) return;
        isClosed = true;
        this.#leave(entry, id);
      },
    };
  }

  #pickWorker(): PoolWorker {
    let least: PoolWorker | undefined;
    for (const entry of this.#workers) {
      if (least === undefined || entry.members.size < least.members.size) least = entry;
    }
    if (
      least !== undefined &&
      (least.members.size === 0 || this.#workers.length >= this.#maxWorkers)
    ) {
      return least;
    }
    return this.#spawn();
  }

  #spawn(): PoolWorker {
    const worker = this.#createWorker();
    const entry: PoolWorker = {
      worker,
      members: new Map(),
      awaiting: 0,
      outbox: [],
      isReferenced: true,
      isGone: false,
      lastMessageAt: Date.now(),
    };
    this.#setReferenced(entry, false);
    worker.on("message", (messages: readonly FromParseWorker[]) => {
      entry.lastMessageAt = Date.now();
      for (const message of messages) {
        if (entry.isGone) return;
        this.#route(entry, message);
      }
    });
    worker.on("error", (error) => this.#lose(entry, error));
    worker.on("messageerror", (error) => this.#lose(entry, error));
    worker.on("exit", (code) => {
      this.#lose(entry, new Error(`the terminal parse worker exited unexpectedly (code ${code})`));
    });
    this.#workers.push(entry);
    return entry;
  }

  #route(entry: PoolWorker, message: FromParseWorker): void {
    this.#received += 1;
    const member = entry.members.get(message.id);
    if (member === undefined) return;
    if (message.type === "failed") {
      this.#track(entry, member, () => {
        member.reportedSeq = member.sentSeq;
      });
    } else if (message.type !== "reply" && message.mirror !== undefined) {
      this.#track(entry, member, () => {
        member.reportedSeq = Math.max(member.reportedSeq, message.seq);
      });
    }
    member.client.receive(message);
  }

  // Applies `change` to a member and keeps the worker referenced while any member awaits.
  #track(entry: PoolWorker, member: Member, change: () => void): void {
    const wasAwaiting = member.reportedSeq < member.sentSeq;
    change();
    const isAwaiting = member.reportedSeq < member.sentSeq;
    if (wasAwaiting !== isAwaiting) {
      entry.awaiting += isAwaiting ? 1 : -1;
      this.#setReferenced(entry, entry.awaiting > 0 && !entry.isGone);
    }
  }

  #leave(entry: PoolWorker, id: number): void {
    const member = entry.members.get(id);
    if (member === undefined) return;
    this.#track(entry, member, () => {
      member.reportedSeq = member.sentSeq;
    });
    entry.members.delete(id);
    if (entry.isGone) return;
    if (entry.members.size > 0) {
      this.#post(entry, { type: "close", id });
      return;
    }
    // Its last terminal is gone: so is the worker (and its xterm instances with it).
    this.#retire(entry);
    void entry.worker.terminate();
  }

  // A worker that errored or exited on its own: every terminal it owned fails, none waits.
  #lose(entry: PoolWorker, error: Error): void {
    if (entry.isGone) return;
    this.#retire(entry);
    const members = [...entry.members.values()];
    entry.members.clear();
    for (const member of members) member.client.fail(error);
    void entry.worker.terminate();
  }

  #retire(entry: PoolWorker): void {
    entry.isGone = true;
    entry.awaiting = 0;
    entry.outbox = [];
    this.#setReferenced(entry, false);
    const index = this.#workers.indexOf(entry);
    if (index >= 0) this.#workers.splice(index, 1);
  }

  // Everything for one worker in this event-loop turn goes as one message.
  #post(entry: PoolWorker, message: ToParseWorker): void {
    this.#sent += 1;
    entry.outbox.push(message);
    if (entry.outbox.length > 1) return;
    setImmediate(() => {
      const messages = entry.outbox;
      entry.outbox = [];
      if (entry.isGone || messages.length === 0) return;
      this.#posts += 1;
      try {
        entry.worker.postMessage(messages, transferableBatches(messages));
      } catch (error) {
        // e.g. a batch whose memory is already gone (moved twice): its screens fail typed.
        this.#lose(entry, error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  #setReferenced(entry: PoolWorker, isReferenced: boolean): void {
    if (entry.isReferenced === isReferenced) return;
    entry.isReferenced = isReferenced;
    if (isReferenced) entry.worker.ref();
    else entry.worker.unref();
  }
}

/**
 * The memory of the batches among `messages`, to move to the worker instead of copying it:
 * a batch is its screen's to keep (RenderSink), so it is moved only when it is a view of a
 * whole ArrayBuffer (a view into a shared one, e.g. Buffer's pool, would take the rest along).
 */
function transferableBatches(messages: readonly ToParseWorker[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const message of messages) {
    if (message.type !== "write") continue;
    const { buffer, byteOffset, byteLength } = message.data;
    if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) {
      buffers.push(buffer);
    }
  }
  return buffers;
}

/** The pool every worker-parsed terminal shares unless it is given its own. */
export const sharedParseWorkerPool = new ParseWorkerPool();
