// A parse-worker pool for unit tests: records each terminal's operations and answers only
// when the test says so, with whatever screen report the test gives (the real program is
// src/terminal/parse-worker/worker-source.ts; integration tests run it).

import type {
  ScreenChannel,
  ScreenClient,
  ScreenSetup,
} from "../../src/terminal/parse-worker/pool.js";
import type {
  FromParseWorker,
  MirrorUpdate,
  ScreenOperation,
} from "../../src/terminal/parse-worker/protocol.js";

export class FakeParseWorker {
  readonly operations: ScreenOperation[] = [];
  readonly setup: ScreenSetup;
  readonly #client: ScreenClient;
  isClosed = false;
  /** What the channel reports as the worker's last answer (Date.now() at creation). */
  lastProgressAt = Date.now();

  constructor(client: ScreenClient, setup: ScreenSetup) {
    this.#client = client;
    this.setup = setup;
  }

  get channel(): ScreenChannel {
    return {
      send: (operation) => {
        if (!this.isClosed) this.operations.push(operation);
      },
      close: () => {
        this.isClosed = true;
      },
      lastProgressAt: () => this.lastProgressAt,
    };
  }

  /** The operation with this sequence number, or a failure naming what was sent. */
  operation(seq: number): ScreenOperation {
    const found = this.operations.find((operation) => operation.seq === seq);
    if (found === undefined) {
      throw new Error(`no operation ${seq}; sent: ${JSON.stringify(this.operations)}`);
    }
    return found;
  }

  get lastSeq(): number {
    return this.operations.at(-1)?.seq ?? 0;
  }

  /** Answers operation `seq`, with a screen report when `mirror` is given. */
  answer(seq: number, mirror?: Partial<MirrorUpdate>): void {
    this.send(
      mirror === undefined
        ? { type: "done", id: 1, seq }
        : { type: "done", id: 1, seq, mirror: { ...screen(this.setup.rows), ...mirror } },
    );
  }

  send(message: FromParseWorker): void {
    this.#client.receive(message);
  }

  /** The worker died: what the pool tells each of its terminals. */
  crash(error = new Error("the terminal parse worker exited unexpectedly (code 1)")): void {
    this.#client.fail(error);
  }
}

/** An empty screen report of `rows` rows. */
export function screen(rows: number): MirrorUpdate {
  return { rows, changed: [], cursorX: 0, cursorY: 0, isCursorVisible: true, title: "" };
}

/** Hands out one FakeParseWorker per opened terminal. */
export class FakeParseWorkerPool {
  readonly workers: FakeParseWorker[] = [];

  open(client: ScreenClient, setup: ScreenSetup): ScreenChannel {
    const worker = new FakeParseWorker(client, setup);
    this.workers.push(worker);
    return worker.channel;
  }

  get only(): FakeParseWorker {
    if (this.workers.length !== 1) throw new Error(`${this.workers.length} terminals opened`);
    return this.workers[0]!;
  }
}
