// The parent's side of a worker-parsed screen over a fake worker channel: what it sends,
// when a write counts as parsed, when settled() may resolve (only once the snapshot shows
// every operation sent before it), replies to the PTY, and failure of the worker.

import { describe, expect, it } from "vitest";
import { WorkerScreen } from "../../../../src/terminal/screen/worker-backed.js";
import { FakeParseWorkerPool, screen } from "../../../support/fake-parse-worker.js";

function createScreen() {
  const pool = new FakeParseWorkerPool();
  const toPty: (string | Uint8Array)[] = [];
  const failures: Error[] = [];
  const reports: string[] = [];
  const workerScreen = new WorkerScreen({
    size: { cols: 20, rows: 3 },
    scrollback: 50,
    host: {
      toPty: (data) => toPty.push(data),
      reported: () => reports.push("reported"),
      fail: (error) => failures.push(error),
    },
    connect: (client, setup) => pool.open(client, setup),
  });
  return { workerScreen, worker: pool.only, toPty, failures, reports };
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

/** Whether `promise` settled by the time queued microtasks ran. */
async function isResolved(promise: Promise<unknown>): Promise<boolean> {
  let resolved = false;
  void promise.then(() => {
    resolved = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return resolved;
}

describe("WorkerScreen", () => {
  it("opens its xterm in the worker with the terminal's size, scrollback and a 16 ms report interval", () => {
    const { worker } = createScreen();
    expect(worker.setup).toEqual({ cols: 20, rows: 3, scrollback: 50, reportIntervalMs: 16 });
  });

  it("a write is parsed only when the worker answers it, and the report updates the snapshot", () => {
    const { workerScreen, worker } = createScreen();
    let parsed = 0;
    workerScreen.write(bytes("hello"), () => parsed++);
    expect(worker.operations).toEqual([{ type: "write", seq: 1, data: bytes("hello") }]);
    expect(parsed).toBe(0);
    expect(workerScreen.snapshot().lines).toEqual(["", "", ""]);
    worker.answer(1, { changed: [0, "hello"], cursorX: 5, title: "greeting" });
    expect(parsed).toBe(1);
    expect(workerScreen.snapshot()).toEqual({
      lines: ["hello", "", ""],
      text: "hello\n\n",
      cursor: { x: 5, y: 0, isVisible: true },
    });
    expect(workerScreen.title).toBe("greeting");
  });

  it("the report is already in the snapshot when the parsed callback runs", () => {
    const { workerScreen, worker } = createScreen();
    let seen: readonly string[] = [];
    workerScreen.write(bytes("x"), () => {
      seen = workerScreen.snapshot().lines;
    });
    worker.answer(1, { changed: [1, "x"] });
    expect(seen).toEqual(["", "x", ""]);
  });

  it("an answer without a report counts as parsed, but is not current until a report", () => {
    const { workerScreen, worker } = createScreen();
    const parsed: number[] = [];
    workerScreen.write(bytes("a"), () => parsed.push(1));
    workerScreen.write(bytes("b"), () => parsed.push(2));
    worker.answer(1);
    expect(parsed).toEqual([1]);
    expect(workerScreen.isCurrent).toBe(false);
    expect(workerScreen.snapshot().lines[0]).toBe("");
    worker.answer(2, { changed: [0, "ab"] });
    expect(parsed).toEqual([1, 2]);
    expect(workerScreen.isCurrent).toBe(true);
    expect(workerScreen.snapshot().lines[0]).toBe("ab");
  });

  it("a report of its own, after the writes paused, updates the snapshot and settles", async () => {
    const { workerScreen, worker, reports } = createScreen();
    workerScreen.write(bytes("a"), () => {});
    worker.answer(1);
    const settled = workerScreen.settled();
    expect(await isResolved(settled)).toBe(false);
    worker.send({
      type: "report",
      id: 1,
      seq: 1,
      mirror: { ...screen(3), changed: [0, "a"], title: "later" },
    });
    expect(await isResolved(settled)).toBe(true);
    expect(workerScreen.snapshot().lines[0]).toBe("a");
    expect(workerScreen.title).toBe("later");
    expect(workerScreen.isCurrent).toBe(true);
    expect(reports).toEqual(["reported"]);
  });

  it("settled() waits for a report covering every operation sent before it", async () => {
    const { workerScreen, worker } = createScreen();
    workerScreen.write(bytes("a"), () => {});
    workerScreen.write(bytes("b"), () => {});
    const settled = workerScreen.settled();
    workerScreen.write(bytes("c"), () => {});
    worker.answer(1, { changed: [0, "a"] });
    expect(await isResolved(settled)).toBe(false);
    worker.answer(2);
    expect(await isResolved(settled)).toBe(false);
    // A report for a later operation covers the earlier ones too.
    worker.answer(3, { changed: [0, "abc"] });
    expect(await isResolved(settled)).toBe(true);
    expect(await isResolved(workerScreen.settled())).toBe(true);
    expect(worker.operations).toHaveLength(3);
  });

  it("a resize is an operation in order, and settled() waits for its report", async () => {
    const { workerScreen, worker, reports } = createScreen();
    workerScreen.resize({ cols: 30, rows: 2 });
    expect(worker.operations).toEqual([{ type: "resize", seq: 1, cols: 30, rows: 2 }]);
    const settled = workerScreen.settled();
    expect(await isResolved(settled)).toBe(false);
    worker.answer(1, { rows: 2 });
    expect(await isResolved(settled)).toBe(true);
    expect(workerScreen.snapshot().lines).toEqual(["", ""]);
    // Not a write's answer: the host hears of the report (a render may be due).
    expect(reports).toEqual(["reported"]);
  });

  it("sends xterm's replies and binary replies to the PTY, and input unchanged", () => {
    const { workerScreen, worker, toPty } = createScreen();
    worker.send({ type: "reply", id: 1, data: "\x1b[2;5R", isBinary: false });
    worker.send({ type: "reply", id: 1, data: "\xff\x00", isBinary: true });
    workerScreen.input("\x1b[200~raw\x1b\r");
    expect(toPty[0]).toBe("\x1b[2;5R");
    expect([...(toPty[1] as Uint8Array)]).toEqual([0xff, 0x00]);
    expect(toPty[2]).toBe("\x1b[200~raw\x1b\r");
  });

  it("a parse failure in the worker fails the screen once, settles waiters and stops sending", async () => {
    const { workerScreen, worker, failures } = createScreen();
    let parsed = 0;
    workerScreen.write(bytes("a"), () => parsed++);
    const settled = workerScreen.settled();
    worker.send({ type: "failed", id: 1, message: "parser exploded" });
    worker.send({ type: "failed", id: 1, message: "again" });
    expect(failures.map((error) => error.message)).toEqual([
      "the terminal parser failed: parser exploded",
    ]);
    expect(await isResolved(settled)).toBe(true);
    expect(await isResolved(workerScreen.settled())).toBe(true);
    expect(worker.isClosed).toBe(true);
    workerScreen.write(bytes("b"), () => parsed++);
    worker.answer(1);
    expect(parsed).toBe(0);
  });

  it("a worker that died fails the screen with its error", () => {
    const { worker, failures } = createScreen();
    worker.crash(new Error("gone"));
    expect(failures.map((error) => error.message)).toEqual(["gone"]);
  });

  it("dispose closes the channel, settles waiters and ignores late answers", async () => {
    const { workerScreen, worker, failures } = createScreen();
    workerScreen.write(bytes("a"), () => {});
    const settled = workerScreen.settled();
    workerScreen.dispose();
    workerScreen.dispose();
    expect(worker.isClosed).toBe(true);
    expect(await isResolved(settled)).toBe(true);
    worker.answer(1, { changed: [0, "late"] });
    worker.crash();
    expect(workerScreen.snapshot().lines[0]).toBe("");
    expect(failures).toEqual([]);
  });
});
