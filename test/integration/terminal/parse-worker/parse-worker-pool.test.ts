// The parse workers as a resource (issue 22 item 3): terminals spread over at most one
// worker per allowed core, a worker ends with its last terminal (its thread is gone), an
// idle worker does not keep the process alive while a pending answer does, a worker that
// dies is a sticky renderFailed for each of its terminals (never a hang), backpressure
// still pauses a real PTY when the worker is the slow side, and xterm's query replies
// travel from the worker back to the PTY.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { reapProcessGroup } from "../../../../src/shell/reap.js";
import { ParseWorkerPool, startParseWorker } from "../../../../src/terminal/parse-worker/pool.js";
import { PARSE_WORKER_SOURCE } from "../../../../src/terminal/parse-worker/worker-source.js";
import { type PtyProcess, spawnPty } from "../../../../src/terminal/pty-process.js";
import { ElwoodTerminal, type ElwoodTerminalOptions } from "../../../../src/terminal/terminal.js";
import { FakePty } from "../../../support/fake-pty.js";
import { fixturePath, waitFor, waitForScreen } from "../pty-harness.js";

const MIB = 1024 * 1024;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function open(options: Omit<ElwoodTerminalOptions, "pty"> & { pty?: PtyProcess }) {
  const terminal = new ElwoodTerminal({
    pty: new FakePty(),
    size: { cols: 40, rows: 4 },
    parser: "worker",
    ...options,
  });
  cleanups.push(() => terminal.dispose());
  return terminal;
}

function threadCount(): number {
  const status = readFileSync("/proc/self/status", "utf8");
  return Number(/^Threads:\s+(\d+)/m.exec(status)?.[1]);
}

/** The parse program with `prelude` run before each message reaches it. */
function alteredWorker(prelude: string) {
  return () =>
    startParseWorker(
      `require("node:worker_threads").parentPort.on("message", (messages) => { for (const message of messages) { ${prelude} } });\n${PARSE_WORKER_SOURCE}`,
    );
}

describe("the parse worker pool", () => {
  it("spreads terminals over at most maxWorkers workers, and no worker outlives its terminals", async () => {
    const baseline = threadCount();
    const pool = new ParseWorkerPool({ maxWorkers: 2 });
    const terminals = Array.from({ length: 5 }, () => open({ parseWorkers: pool }));
    expect(pool.workerCount).toBe(2);
    expect(pool.terminalCount).toBe(5);
    for (const [index, terminal] of terminals.entries()) terminal.writeOutput(`terminal ${index}`);
    await Promise.all(terminals.map((terminal) => terminal.settled()));
    terminals.forEach((terminal, index) => {
      expect(terminal.snapshot().lines[0]).toBe(`terminal ${index}`);
    });
    expect(threadCount()).toBeGreaterThanOrEqual(baseline + 2);
    for (const terminal of terminals.slice(0, 4)) terminal.dispose();
    expect(pool.workerCount).toBe(1);
    expect(pool.terminalCount).toBe(1);
    terminals[4]?.dispose();
    expect(pool.workerCount).toBe(0);
    expect(pool.terminalCount).toBe(0);
    expect(await waitFor(() => threadCount() === baseline, { timeoutMs: 10_000 })).toBe(true);
  });

  it("a new terminal after the others are gone gets a fresh worker that works", async () => {
    const pool = new ParseWorkerPool({ maxWorkers: 1 });
    open({ parseWorkers: pool }).dispose();
    expect(pool.workerCount).toBe(0);
    const terminal = open({ parseWorkers: pool });
    terminal.writeOutput("again");
    await terminal.settled();
    expect(terminal.snapshot().lines[0]).toBe("again");
  });

  it("a batch's memory moves to the worker (no copy); a view into shared memory is copied", async () => {
    const pool = new ParseWorkerPool({ maxWorkers: 1 });
    const answers: number[] = [];
    const channel = pool.open(
      {
        receive: (message) => {
          if (message.type === "done") answers.push(message.seq);
        },
        fail: (error) => {
          throw error;
        },
      },
      { cols: 20, rows: 2, scrollback: 0, reportIntervalMs: 16 },
    );
    cleanups.push(() => channel.close());
    const batch = new Uint8Array(Buffer.from("moved"));
    // Buffer's pool hands out views into one shared ArrayBuffer: moving it would take the rest.
    const pooled = Buffer.from("copied");
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    channel.send({ type: "write", seq: 1, data: batch });
    channel.send({ type: "write", seq: 2, data: pooled });
    await new Promise((resolve) => setImmediate(resolve));
    expect(batch.byteLength).toBe(0);
    expect(pooled.toString()).toBe("copied");
    expect(await waitFor(() => answers.includes(2), { timeoutMs: 10_000 })).toBe(true);
  });

  it("an idle worker does not keep the process alive; a pending answer does", () => {
    // The child never disposes its terminal: it must print the parsed screen, then end.
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", fixturePath("idle-parse-worker.ts")],
      { encoding: "utf8", timeout: 30_000 },
    );
    expect(output.trim()).toBe("parsed in a worker: still here");
  });

  it("a worker that throws fails every terminal it owned, once and for good; settled() resolves", async () => {
    const pool = new ParseWorkerPool({
      maxWorkers: 1,
      createWorker: alteredWorker(
        'if (message.type === "write" && Buffer.from(message.data).toString().includes("CRASH")) setImmediate(() => { throw new Error("worker crashed"); });',
      ),
    });
    const first = open({ parseWorkers: pool });
    const second = open({ parseWorkers: pool });
    const failures: unknown[] = [];
    first.onRenderFailed((error) => failures.push(error));
    second.onRenderFailed((error) => failures.push(error));
    second.writeOutput("fine so far");
    await second.settled();
    first.writeOutput("CRASH");
    await first.settled();
    await second.settled();
    expect(first.renderFailed).toBe(true);
    expect(second.renderFailed).toBe(true);
    expect(failures.map((error) => (error as Error).message)).toEqual([
      "worker crashed",
      "worker crashed",
    ]);
    expect(pool.workerCount).toBe(0);
    second.writeOutput("after the crash");
    await second.settled();
    expect(second.renderFailed).toBe(true);
    // The last screen reported before the crash stays readable.
    expect(second.snapshot().lines[0]).toBe("fine so far");
    const fresh = open({ parseWorkers: new ParseWorkerPool({ maxWorkers: 1 }) });
    fresh.writeOutput("new worker");
    await fresh.settled();
    expect(fresh.renderFailed).toBe(false);
  });

  it("a worker that exits by itself mid-parse is a renderFailed, not a hang", async () => {
    const pool = new ParseWorkerPool({
      maxWorkers: 1,
      createWorker: alteredWorker('if (message.type === "write") process.exit(3);'),
    });
    const terminal = open({ parseWorkers: pool, limits: { stallTimeoutMs: 60_000 } });
    terminal.writeOutput("never parsed");
    const started = Date.now();
    await terminal.settled();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(terminal.renderFailed).toBe(true);
  });

  it("xterm's answer to a cursor-position query goes from the worker to the real PTY", async () => {
    const size = { cols: 80, rows: 24 };
    const pty = spawnPty({
      file: process.execPath,
      args: [
        "-e",
        "process.stdin.setRawMode(true);process.stdout.write('\\x1b[3;7H\\x1b[6n');process.stdin.once('data',(d)=>{process.stdout.write('\\r\\nGOT '+JSON.stringify(d.toString()));setInterval(()=>{},1000);});",
      ],
      cwd: process.cwd(),
      env: process.env,
      ...size,
    });
    cleanups.push(() => reapProcessGroup(pty.pid));
    const terminal = open({ pty, size, parseWorkers: new ParseWorkerPool() });
    expect(await waitForScreen(terminal, "GOT")).toContain('GOT "\\u001b[3;7R"');
  });

  it("pauses the real PTY at 256 KiB unparsed when the worker is the slow side, and loses nothing", async () => {
    const size = { cols: 80, rows: 24 };
    const real = spawnPty({
      file: "/bin/sh",
      args: [
        "-c",
        `stty raw -echo -opost && exec "$0" -e "process.stdout.write('y'.repeat(${4 * MIB - 5}) + 'DONE!', () => setInterval(() => {}, 1000))"`,
        process.execPath,
      ],
      cwd: process.cwd(),
      env: process.env,
      ...size,
    });
    cleanups.push(() => reapProcessGroup(real.pid));
    // Bytes received from the PTY, and bytes the worker has answered for (what the terminal
    // counts as parsed), counted before the terminal hears of either.
    let received = 0;
    let parsed = 0;
    const pauses: number[] = [];
    const resumes: number[] = [];
    const pty: PtyProcess = {
      ...real,
      pid: real.pid,
      pause: () => {
        pauses.push(received - parsed);
        real.pause();
      },
      resume: () => {
        resumes.push(received - parsed);
        real.resume();
      },
      onData: (callback) =>
        real.onData((chunk) => {
          received += Buffer.byteLength(chunk);
          callback(chunk);
        }),
    };
    // About 3 MiB/s: each 64 KiB batch waits 20 ms in the worker before it is parsed.
    const pool = new ParseWorkerPool({
      maxWorkers: 1,
      createWorker: alteredWorker(
        'if (message.type === "write") { const until = Date.now() + 20; while (Date.now() < until); }',
      ),
    });
    const sentBytes = new Map<number, number>();
    const counting: Pick<ParseWorkerPool, "open"> = {
      open: (client, setup) => {
        const channel = pool.open(
          {
            receive: (message) => {
              if (message.type === "done") parsed += sentBytes.get(message.seq) ?? 0;
              client.receive(message);
            },
            fail: (error) => client.fail(error),
          },
          setup,
        );
        return {
          send: (operation) => {
            if (operation.type === "write") {
              sentBytes.set(operation.seq, Buffer.byteLength(operation.data));
            }
            channel.send(operation);
          },
          close: () => channel.close(),
          lastProgressAt: () => channel.lastProgressAt(),
        };
      },
    };
    const terminal = open({ pty, size, parseWorkers: counting });
    expect(await waitForScreen(terminal, "DONE!", 60_000)).toContain("DONE!");
    expect(received).toBe(4 * MIB);
    expect(pauses.length).toBeGreaterThan(0);
    expect(resumes).toHaveLength(pauses.length);
    // Unparsed bytes: at least 256 KiB when pausing, under 128 KiB when resuming.
    for (const pending of pauses) expect(pending).toBeGreaterThanOrEqual(256 * 1024);
    for (const pending of resumes) expect(pending).toBeLessThan(128 * 1024);
    expect(terminal.renderFailed).toBe(false);
  }, 90_000);
});
