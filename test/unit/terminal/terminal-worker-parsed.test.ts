// ElwoodTerminal with its output parsed in a (fake) parse worker: where a terminal is
// parsed, batches and acks, settled() and snapshots, renders, backpressure with the
// worker as the parser, a dead worker as a sticky renderFailed, replies, resize, disposal.

import { afterEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { ElwoodTerminal, type ElwoodTerminalOptions } from "../../../src/terminal/terminal.js";
import { FakeParseWorkerPool } from "../../support/fake-parse-worker.js";
import { FakePty } from "../../support/fake-pty.js";

const KIB = 1024;
const terminals: ElwoodTerminal[] = [];

function createTerminal(options: Partial<ElwoodTerminalOptions> = {}) {
  const pty = options.pty instanceof FakePty ? options.pty : new FakePty();
  const pool = new FakeParseWorkerPool();
  const terminal = new ElwoodTerminal({
    size: { cols: 40, rows: 3 },
    parser: "worker",
    parseWorkers: pool,
    ...options,
    pty,
  });
  terminals.push(terminal);
  return { pty, pool, terminal };
}

afterEach(() => {
  for (const terminal of terminals.splice(0)) terminal.dispose();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

async function isResolved(promise: Promise<unknown>): Promise<boolean> {
  let resolved = false;
  void promise.then(() => {
    resolved = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return resolved;
}

describe("ElwoodTerminal parsed in a worker", () => {
  it("the first two live terminals parse on this thread, the third in a worker", () => {
    const pool = new FakeParseWorkerPool();
    const open = () => {
      const terminal = new ElwoodTerminal({ pty: new FakePty(), parseWorkers: pool });
      terminals.push(terminal);
      return terminal;
    };
    const first = open();
    const second = open();
    expect(pool.workers).toHaveLength(0);
    expect(first.xterm.cols).toBe(189);
    expect(second.xterm.cols).toBe(189);
    const third = open();
    expect(pool.workers).toHaveLength(1);
    expect(() => third.xterm).toThrow(ElwoodError);
    // Two alive (whichever thread parses them): a new one still goes to a worker.
    first.dispose();
    const fourth = open();
    expect(pool.workers).toHaveLength(2);
    expect(() => fourth.xterm).toThrow(ElwoodError);
    // One alive: back to this thread.
    third.dispose();
    fourth.dispose();
    const fifth = open();
    expect(pool.workers).toHaveLength(2);
    expect(fifth.xterm.rows).toBe(48);
  });

  it("a terminal whose process exited no longer counts as live, though nobody disposed it", () => {
    const pool = new FakeParseWorkerPool();
    const open = (pty = new FakePty()) => {
      const terminal = new ElwoodTerminal({ pty, parseWorkers: pool });
      terminals.push(terminal);
      return terminal;
    };
    const exitedPty = new FakePty();
    const exited = open(exitedPty);
    open();
    exitedPty.emitExit({ exitCode: 0 });
    // One live terminal: the next one parses on this thread.
    expect(open().xterm.cols).toBe(189);
    expect(pool.workers).toHaveLength(0);
    // The exited terminal's screen is still readable; disposing it frees no second place,
    // so with two live terminals the next one goes to a worker.
    expect(exited.snapshot().lines).toHaveLength(48);
    exited.dispose();
    open();
    expect(pool.workers).toHaveLength(1);
  });

  it("a worker that cannot be started leaves the terminal parsing on this thread", async () => {
    const { pty, terminal } = createTerminal({
      parseWorkers: {
        open: () => {
          throw new Error("ERR_WORKER_INIT_FAILED");
        },
      },
    });
    expect(terminal.xterm.cols).toBe(40);
    pty.pushOutput("still parsed");
    await terminal.settled();
    expect(terminal.snapshot().lines[0]).toBe("still parsed");
  });

  it("C-PTY-07: output reaches the snapshot once the worker's report for it is in", async () => {
    const { pty, pool, terminal } = createTerminal();
    expect(pool.only.setup).toEqual({ cols: 40, rows: 3, scrollback: 1000, reportIntervalMs: 16 });
    pty.pushOutput("hello\r\n\x1b[3;3Hplaced");
    await flush();
    expect(pool.only.operations).toEqual([
      { type: "write", seq: 1, data: new Uint8Array(Buffer.from("hello\r\n\x1b[3;3Hplaced")) },
    ]);
    const settled = terminal.settled();
    expect(await isResolved(settled)).toBe(false);
    pool.only.answer(1, { changed: [0, "hello", 2, "  placed"], cursorX: 8, cursorY: 2 });
    expect(await isResolved(settled)).toBe(true);
    expect(terminal.snapshot()).toEqual({
      lines: ["hello", "", "  placed"],
      text: "hello\n\n  placed",
      cursor: { x: 8, y: 2, isVisible: true },
    });
  });

  it("the title and cursor visibility come from the worker's report", async () => {
    const { pty, pool, terminal } = createTerminal();
    pty.pushOutput("\x1b]0;first\x07\x1b[?25l");
    await flush();
    pool.only.answer(1, { title: "first", isCursorVisible: false });
    await terminal.settled();
    expect(terminal.title).toBe("first");
    expect(terminal.snapshot().cursor.isVisible).toBe(false);
  });

  it("onRender fires after each answered batch with a rising sequence and its bytes", async () => {
    const { pty, pool, terminal } = createTerminal();
    const renders: { sequence: number; bytes: number }[] = [];
    terminal.onRender((event) => renders.push(event));
    pty.pushOutput("one");
    await flush();
    pool.only.answer(1, { changed: [0, "one"] });
    pty.pushOutput("twö");
    await flush();
    pool.only.answer(2, { changed: [0, "onetwö"] });
    expect(renders).toEqual([
      { sequence: 1, bytes: 3 },
      { sequence: 2, bytes: 4 },
    ]);
  });

  it("a batch answered without a report renders with the next report, so a render shows it", async () => {
    const { pty, pool, terminal } = createTerminal();
    const renders: { sequence: number; bytes: number; screen: string }[] = [];
    terminal.onRender((event) =>
      renders.push({ ...event, screen: terminal.snapshot().lines[0] ?? "" }),
    );
    pty.pushOutput("a".repeat(64 * 1024));
    pty.pushOutput("b".repeat(64 * 1024));
    await flush();
    expect(pool.only.operations).toHaveLength(2);
    pool.only.answer(1);
    expect(renders).toEqual([]);
    pool.only.answer(2, { changed: [0, "ab"] });
    expect(renders).toEqual([{ sequence: 1, bytes: 128 * 1024, screen: "ab" }]);
  });

  it("a resize's report renders a batch answered without one", async () => {
    const { pty, pool, terminal } = createTerminal();
    const renders: number[] = [];
    terminal.onRender((event) => renders.push(event.bytes));
    pty.pushOutput("abc");
    await flush();
    terminal.resize({ cols: 40, rows: 4 });
    pool.only.answer(1);
    expect(renders).toEqual([]);
    pool.only.answer(2, { rows: 4, changed: [0, "abc"] });
    expect(renders).toEqual([3]);
  });

  it("C-PTY-04: sendInput writes to the PTY at once, unsanitized; replies go to the PTY too", () => {
    const { pty, pool, terminal } = createTerminal();
    terminal.sendInput("\x1b[200~raw\x1b\r");
    pool.only.send({ type: "reply", id: 1, data: "\x1b[2;5R", isBinary: false });
    expect(pty.written).toBe("\x1b[200~raw\x1b\r\x1b[2;5R");
    pty.emitExit();
    pool.only.send({ type: "reply", id: 1, data: "\x1b[0n", isBinary: false });
    expect(pty.written).toBe("\x1b[200~raw\x1b\r\x1b[2;5R");
  });

  it("C-PTY-05: resize goes to the PTY at once and to the worker in order; settled() covers it", async () => {
    const { pty, pool, terminal } = createTerminal();
    terminal.resize({ cols: 100, rows: 5 });
    expect(pty.resizes).toEqual([{ cols: 100, rows: 5 }]);
    expect(terminal.size).toEqual({ cols: 100, rows: 5 });
    expect(pool.only.operations).toEqual([{ type: "resize", seq: 1, cols: 100, rows: 5 }]);
    const settled = terminal.settled();
    expect(await isResolved(settled)).toBe(false);
    pool.only.answer(1, { rows: 5 });
    await settled;
    expect(terminal.snapshot().lines).toHaveLength(5);
  });

  it("pauses the PTY at 256 KiB not yet parsed by the worker and resumes below 128 KiB", async () => {
    const { pty, pool, terminal } = createTerminal();
    const chunk = "x".repeat(64 * KIB);
    for (let index = 0; index < 3; index += 1) pty.pushOutput(chunk);
    expect(pty.isPaused).toBe(false);
    pty.pushOutput(chunk);
    expect(pty.isPaused).toBe(true);
    await flush();
    // Four batches of 64 KiB in flight at once, so the worker never waits for the parent.
    expect(pool.only.operations).toHaveLength(4);
    for (let seq = 1; seq <= 4; seq += 1) {
      const operation = pool.only.operation(seq);
      expect(operation.type === "write" && operation.data.length).toBe(64 * KIB);
    }
    pool.only.answer(1, {});
    pool.only.answer(2, {});
    // 256 KiB − 2 × 64 KiB = 128 KiB left: not below 128 KiB.
    expect(pty.isPaused).toBe(true);
    pool.only.answer(3, {});
    // 64 KiB left, under 128 KiB.
    expect(pty.isPaused).toBe(false);
    expect(pty.resumeCount).toBe(1);
    void terminal;
  });

  it("a dead worker is a sticky renderFailed: waiters settle, the PTY resumes, nothing un-fails it", async () => {
    const { pty, pool, terminal } = createTerminal({ limits: { pauseAtBytes: 4 } });
    const failures: unknown[] = [];
    terminal.onRenderFailed((error) => failures.push(error));
    pty.pushOutput("0123456789");
    expect(pty.isPaused).toBe(true);
    const settled = terminal.settled();
    pool.only.crash(new Error("the terminal parse worker exited unexpectedly (code 1)"));
    expect(await isResolved(settled)).toBe(true);
    expect(terminal.renderFailed).toBe(true);
    expect(failures).toHaveLength(1);
    expect(pty.isPaused).toBe(false);
    pty.pushOutput("later output");
    await terminal.settled();
    expect(terminal.renderFailed).toBe(true);
    expect(pool.only.isClosed).toBe(true);
  });

  it("a parse failure for this terminal in the worker is a renderFailed too", async () => {
    const { pty, pool, terminal } = createTerminal();
    pty.pushOutput("boom");
    await flush();
    pool.only.send({ type: "failed", id: 1, message: "parser exploded" });
    await terminal.settled();
    expect(terminal.renderFailed).toBe(true);
  });

  it("a worker that never answers fails the render after the stall timeout", async () => {
    const { pty, terminal } = createTerminal({ limits: { stallTimeoutMs: 30 } });
    pty.pushOutput("never answered");
    await terminal.settled();
    expect(terminal.renderFailed).toBe(true);
  });

  it("dispose closes the worker channel, settles waiters and is idempotent", async () => {
    const { pty, pool, terminal } = createTerminal();
    pty.pushOutput("pending");
    const settled = terminal.settled();
    terminal.dispose();
    terminal.dispose();
    await expect(settled).resolves.toBeUndefined();
    expect(pool.only.isClosed).toBe(true);
    expect(pty.dataListenerCount).toBe(0);
  });
});
