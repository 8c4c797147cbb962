// PTY output is bytes cut wherever a read ended, inside characters too (node-pty gives the
// terminal Buffers, prd/decisions.md issue 22): whatever the cuts, `onData` listeners get
// whole characters and the settled snapshot shows every byte, on this thread and in a
// parse worker alike.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reapProcessGroup } from "../../../src/shell/reap.js";
import { ParseWorkerPool } from "../../../src/terminal/parse-worker/pool.js";
import { spawnPty } from "../../../src/terminal/pty-process.js";
import { readSnapshot } from "../../../src/terminal/snapshot.js";
import { ElwoodTerminal } from "../../../src/terminal/terminal.js";
import { unfinishedCharacterLength } from "../../../src/terminal/utf8.js";
import { HeadlessTerminal } from "../../../src/terminal/xterm-module.js";
import { FakePty } from "../../support/fake-pty.js";
import { PtyHarness, waitFor } from "./pty-harness.js";

const harness = new PtyHarness();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  harness.cleanup();
});

const SIZE = { cols: 80, rows: 24 };

/** The screen a headless xterm on this thread shows for `text`, written in one piece. */
async function referenceLines(text: string): Promise<readonly string[]> {
  const xterm = new HeadlessTerminal({ ...SIZE, scrollback: 1000, allowProposedApi: true });
  await new Promise<void>((resolve) => xterm.write(text, resolve));
  const lines = readSnapshot(xterm, true).lines;
  xterm.dispose();
  return lines;
}

describe.each(["inline", "worker"] as const)("split characters, parsed %s", (parser) => {
  it("a real PTY's reads cut characters: onData gets them whole, the snapshot shows them all", async () => {
    // Nearly every byte is inside a multi-byte character, so the PTY's reads (4 KiB or
    // so each) all but surely end inside one.
    const lines = Array.from(
      { length: 3000 },
      (_, index) => `${index} ${"€".repeat(16)} ${"😀".repeat(6)} wörld —…’›𐀀`,
    );
    const text = `${lines.join("\r\n")}\r\n`;
    const directory = harness.tempDir("elwood-split-characters-");
    const path = join(directory, "output.txt");
    writeFileSync(path, text);
    const pty = spawnPty({
      file: "/bin/sh",
      // Raw and -opost: the bytes pass unchanged; `head` keeps the child alive until told.
      args: ["-c", 'stty raw -echo -opost && cat "$0" && head -c 1 >/dev/null', path],
      cwd: directory,
      env: process.env,
      ...SIZE,
    });
    const pool = new ParseWorkerPool({ maxWorkers: 1 });
    const terminal = new ElwoodTerminal({ pty, size: SIZE, parser, parseWorkers: pool });
    cleanups.push(() => {
      terminal.dispose();
      reapProcessGroup(pty.pid);
    });
    let rawBytes = 0;
    let cutsInsideCharacters = 0;
    pty.onData((chunk) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      rawBytes += bytes.length;
      if (unfinishedCharacterLength(bytes) > 0) cutsInsideCharacters += 1;
    });
    const received: string[] = [];
    terminal.onData((chunk) => received.push(chunk));
    const total = Buffer.byteLength(text);
    expect(await waitFor(() => rawBytes === total, { timeoutMs: 30_000 })).toBe(true);
    await terminal.settled();
    // The test is only worth something if the PTY really cut characters.
    expect(cutsInsideCharacters).toBeGreaterThan(0);
    expect(received.join("")).toBe(text);
    expect(received.filter((chunk) => chunk.includes("\ufffd"))).toEqual([]);
    expect(terminal.snapshot().lines).toEqual(await referenceLines(text));
    expect(terminal.renderFailed).toBe(false);
    pty.write("q");
  }, 60_000);

  it("a flood of characters holding 0x80 bytes: every row intact, however the writes are joined", async () => {
    // A parse worker joins queued batches into one write; past 128 KiB xterm cuts it itself,
    // anywhere, and loses a character cut that way (render-batcher.ts, UTF8_CARRY_NOTE).
    const pty = new FakePty();
    const pool = new ParseWorkerPool({ maxWorkers: 1 });
    const terminal = new ElwoodTerminal({ pty, size: SIZE, parser, parseWorkers: pool });
    cleanups.push(() => terminal.dispose());
    // No line breaks: the text wraps, so one lost character anywhere moves the end marker.
    // Batches of whole `—` (3 bytes) are 65,535 bytes; three joined would be cut by xterm
    // at 131,072 = 43,690 × 3 + 2, after `E2 80`.
    const text = `${"—".repeat(200_000)}|end`;
    const bytes = Buffer.from(text, "utf8");
    for (let at = 0; at < bytes.length; at += 200_000)
      pty.pushOutput(bytes.subarray(at, at + 200_000));
    await terminal.settled();
    expect(terminal.snapshot().lines).toEqual(await referenceLines(text));
  });

  it("byte-by-byte output in 3-byte batches: the snapshot after settled() has every character", async () => {
    const pty = new FakePty();
    const pool = new ParseWorkerPool({ maxWorkers: 1 });
    const terminal = new ElwoodTerminal({
      pty,
      size: SIZE,
      parser,
      parseWorkers: pool,
      limits: { batchBytes: 3 },
    });
    cleanups.push(() => terminal.dispose());
    // `—…’›𐀀` hold 0x80 bytes, which xterm 6.0.0 lost when a write ended inside them.
    const text = "héllo €uro 😀 wörld ✓ 中文 —…’›𐀀";
    for (const byte of Buffer.from(text, "utf8")) pty.pushOutput(Uint8Array.of(byte));
    await terminal.settled();
    expect(terminal.snapshot().lines[0]).toBe(text);
    // The replay still holds every byte after its batches' memory moved to the parser.
    const replayed: string[] = [];
    terminal.onData((chunk) => replayed.push(chunk))();
    expect(replayed.join("")).toBe(text);
    // Cut again before the last character's final byte: settled() covers what came before.
    const tail = Buffer.from("→end", "utf8");
    pty.pushOutput(tail.subarray(0, 2));
    pty.pushOutput(tail.subarray(2));
    await terminal.settled();
    expect(terminal.snapshot().lines[0]).toBe(`${text}→end`);
  });
});
