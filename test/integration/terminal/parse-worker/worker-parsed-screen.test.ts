// A terminal parsed in a worker shows, once settled, exactly what a headless xterm on this
// thread shows for the same bytes (issue 22 item 3): a seeded stream of escape sequences,
// wide and combining characters, titles, cursor visibility and queries, cut mid-sequence,
// printed by real PTY children, with resizes between segments; three terminals share one
// worker so their operations interleave there.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reapProcessGroup } from "../../../../src/shell/reap.js";
import { ParseWorkerPool } from "../../../../src/terminal/parse-worker/pool.js";
import { spawnPty } from "../../../../src/terminal/pty-process.js";
import { readSnapshot, trackCursorVisibility } from "../../../../src/terminal/snapshot.js";
import { ElwoodTerminal } from "../../../../src/terminal/terminal.js";
import { HeadlessTerminal } from "../../../../src/terminal/xterm-module.js";
import { generateTerminalStream, type StreamStep } from "../../../fixtures/terminal-stream.js";
import { fixturePath, PtyHarness, waitFor } from "../pty-harness.js";

const harness = new PtyHarness();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  harness.cleanup();
});

/** A plain headless xterm on this thread, read the way the inline terminal reads one. */
function referenceScreen(cols: number, rows: number) {
  const xterm = new HeadlessTerminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
  let isCursorVisible = true;
  let title = "";
  trackCursorVisibility(xterm, (isVisible) => {
    isCursorVisible = isVisible;
  });
  xterm.onTitleChange((next) => {
    title = next;
  });
  return {
    write: (data: string) => new Promise<void>((resolve) => xterm.write(data, resolve)),
    resize: (size: { cols: number; rows: number }) => xterm.resize(size.cols, size.rows),
    read: () => ({ ...readSnapshot(xterm, isCursorVisible), title }),
    dispose: () => xterm.dispose(),
  };
}

/** Plays `steps` through a real PTY child into a worker-parsed terminal; compares each screen. */
async function playAndCompare(steps: readonly StreamStep[], pool: ParseWorkerPool) {
  const directory = harness.tempDir("elwood-worker-screen-");
  const segmentsPath = join(directory, "segments.json");
  writeFileSync(segmentsPath, JSON.stringify(steps.map((step) => step.segment)));
  const size = { cols: 80, rows: 24 };
  const pty = spawnPty({
    file: "/bin/sh",
    args: [
      "-c",
      'stty raw -echo -opost && exec "$0" "$1" "$2"',
      process.execPath,
      fixturePath("segment-writer.mjs"),
      segmentsPath,
    ],
    cwd: directory,
    env: process.env,
    ...size,
  });
  const terminal = new ElwoodTerminal({ pty, size, parser: "worker", parseWorkers: pool });
  const reference = referenceScreen(size.cols, size.rows);
  cleanups.push(() => {
    terminal.dispose();
    reference.dispose();
    reapProcessGroup(pty.pid);
  });
  const received: string[] = [];
  let receivedBytes = 0;
  terminal.onData((chunk) => {
    received.push(chunk);
    receivedBytes += Buffer.byteLength(chunk);
  });
  // The child's first line says the PTY is raw: typed input is no longer echoed.
  let expectedBytes = Buffer.byteLength("ready\r\n");
  expect(await waitFor(() => receivedBytes === expectedBytes, { timeoutMs: 20_000 })).toBe(true);
  let comparisons = 0;
  for (const step of steps) {
    expectedBytes += Buffer.byteLength(step.segment);
    terminal.sendInput("n");
    expect(
      await waitFor(() => receivedBytes === expectedBytes, { timeoutMs: 20_000, intervalMs: 1 }),
    ).toBe(true);
    await terminal.settled();
    for (const chunk of received.splice(0)) await reference.write(chunk);
    expect({ ...terminal.snapshot(), title: terminal.title }).toEqual(reference.read());
    comparisons += 1;
    if (step.resizeAfter !== undefined) {
      terminal.resize(step.resizeAfter);
      reference.resize(step.resizeAfter);
      await terminal.settled();
      expect({ ...terminal.snapshot(), title: terminal.title }).toEqual(reference.read());
      comparisons += 1;
    }
  }
  expect(terminal.renderFailed).toBe(false);
  // Let the child end by itself, so no reply is still queued for a PTY being torn down.
  const exited = new Promise((resolve) => pty.onExit(resolve));
  terminal.sendInput("q");
  await exited;
  return { comparisons, lastScreen: terminal.snapshot().text };
}

describe("a worker-parsed terminal against a headless xterm on this thread", () => {
  it("C-PTY-07: shows the same screen, cursor and title after every settled segment and resize", async () => {
    const pool = new ParseWorkerPool({ maxWorkers: 1 });
    const steps = generateTerminalStream(22);
    expect(steps.filter((step) => step.resizeAfter !== undefined).length).toBeGreaterThan(5);
    const { comparisons, lastScreen } = await playAndCompare(steps, pool);
    expect(comparisons).toBeGreaterThan(steps.length);
    // The stream is not trivially blank at the end.
    expect(lastScreen.trim()).not.toBe("");
  }, 120_000);

  it("three terminals on one worker each keep their own screen", async () => {
    const pool = new ParseWorkerPool({ maxWorkers: 1 });
    await Promise.all(
      [101, 202, 303].map((seed) => playAndCompare(generateTerminalStream(seed, 20_000), pool)),
    );
    expect(pool.workerCount).toBe(1);
  }, 120_000);
});
