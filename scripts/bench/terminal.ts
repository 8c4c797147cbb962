// Terminal throughput (design/TARGETS.md): 1, 8 and 32 sessions, each a real PTY child
// writing 8 MiB of coloured mixed text into an ElwoodTerminal. Reports wall time, peak
// RSS, event-loop delay p99, MiB/s, and the ratio to raw @xterm/headless parsing of the
// same bytes in-process.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { shellQuote } from "../../src/shell/login-shell.js";
import { reapProcessGroup } from "../../src/shell/reap.js";
import { spawnPty } from "../../src/terminal/pty-process.js";
import { DEFAULT_TERMINAL_SIZE, ElwoodTerminal } from "../../src/terminal/terminal.js";
import { HeadlessTerminal } from "../../src/terminal/xterm-module.js";

const MIB = 1024 * 1024;
const BYTES_PER_SESSION = 8 * MIB;
const SESSION_COUNTS = [1, 8, 32] as const;

// The writer waits for one input byte before exiting: on Linux node-pty can drop the last
// output of a child that exits right after writing (microsoft/node-pty#726).
const WRITER_SOURCE =
  "process.stdout.write(require('fs').readFileSync(process.argv[1]),()=>process.stdin.once('data',()=>process.exit(0)));";
// `stty -opost` first so the PTY passes the payload through byte for byte (no \n → \r\n).
const WRITER_SCRIPT = `stty raw -echo -opost && exec "$0" -e ${shellQuote(WRITER_SOURCE)} "$1"`;

/** Deterministic coloured text: SGR colours, bold, line erase, cursor moves, multi-byte text. */
function buildPayload(bytes: number): Buffer {
  const words = [
    "elwood",
    "terminal",
    "héllo",
    "wörld",
    "✓ done",
    "漢字テスト",
    "emoji 😀",
    "rate",
  ];
  const lines: string[] = [];
  for (let index = 0; index < 600; index += 1) {
    const color = 31 + (index % 7);
    const word = words[index % words.length];
    const prefix = index % 50 === 0 ? "\x1b[H\x1b[2J" : index % 9 === 0 ? "\x1b[2K\x1b[1m" : "";
    lines.push(
      `${prefix}\x1b[${color}m${index} ${word}\x1b[0m ${"lorem ipsum dolor sit ".repeat(3)}\r\n`,
    );
  }
  const block = Buffer.from(lines.join(""), "utf8");
  const payload = Buffer.alloc(bytes);
  for (let offset = 0; offset < bytes; offset += block.length) block.copy(payload, offset);
  // End on a whole character so every decoder sees the same text.
  let end = bytes;
  while (end > 0 && ((payload[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return payload.subarray(0, Math.min(end, bytes));
}

interface ScenarioResult {
  readonly sessions: number;
  readonly wallSeconds: number;
  readonly peakRssMiB: number;
  readonly loopDelayP99Ms: number;
  readonly mibPerSecond: number;
}

async function runSessions(
  sessions: number,
  payloadPath: string,
  payloadBytes: number,
): Promise<ScenarioResult> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  delay.enable();
  const started = performance.now();
  const runs = Array.from({ length: sessions }, async () => {
    const pty = spawnPty({
      file: "/bin/sh",
      args: ["-c", WRITER_SCRIPT, process.execPath, payloadPath],
      cwd: tmpdir(),
      env: process.env,
      ...DEFAULT_TERMINAL_SIZE,
    });
    const terminal = new ElwoodTerminal({ pty });
    let received = 0;
    pty.onData((chunk) => {
      received += Buffer.byteLength(chunk);
      if (received >= payloadBytes) pty.write("q");
    });
    try {
      await new Promise((resolve) => pty.onExit(resolve));
      await terminal.settled();
      if (received !== payloadBytes)
        throw new Error(`a session received ${received} of ${payloadBytes} bytes`);
    } finally {
      terminal.dispose();
      reapProcessGroup(pty.pid);
    }
  });
  await Promise.all(runs);
  const wallSeconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  return {
    sessions,
    wallSeconds,
    peakRssMiB: peakRss / MIB,
    loopDelayP99Ms: delay.percentile(99) / 1e6,
    mibPerSecond: (sessions * payloadBytes) / MIB / wallSeconds,
  };
}

/** MiB/s of @xterm/headless parsing the same text with no PTY and no Elwood in between. */
async function rawXtermMibPerSecond(payload: Buffer): Promise<number> {
  const text = payload.toString("utf8");
  const xterm = new HeadlessTerminal({ ...DEFAULT_TERMINAL_SIZE, allowProposedApi: true });
  const started = performance.now();
  await new Promise<void>((resolve) => xterm.write(text, resolve));
  const seconds = (performance.now() - started) / 1000;
  xterm.dispose();
  return payload.length / MIB / seconds;
}

function printTable(results: readonly ScenarioResult[], rawMibPerSecond: number): void {
  const header = ["sessions", "wall s", "peak RSS MiB", "loop p99 ms", "MiB/s", "÷ raw xterm"];
  const rows = results.map((result) => [
    String(result.sessions),
    result.wallSeconds.toFixed(2),
    result.peakRssMiB.toFixed(0),
    result.loopDelayP99Ms.toFixed(1),
    result.mibPerSecond.toFixed(1),
    (result.mibPerSecond / rawMibPerSecond).toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const format = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  ");
  console.log(format(header));
  for (const row of rows) console.log(format(row));
  console.log(`raw @xterm/headless parse of the same bytes: ${rawMibPerSecond.toFixed(1)} MiB/s`);
  console.log("target (32 sessions): ≤ 7.6 s wall, ≤ 363 MiB peak RSS, loop p99 ≤ 26 ms");
}

export async function runBenchmark(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "elwood-bench-terminal-"));
  try {
    const payload = buildPayload(BYTES_PER_SESSION);
    const payloadPath = join(directory, "payload.bin");
    writeFileSync(payloadPath, payload);
    const rawMibPerSecond = await rawXtermMibPerSecond(payload);
    const results: ScenarioResult[] = [];
    for (const sessions of SESSION_COUNTS) {
      results.push(await runSessions(sessions, payloadPath, payload.length));
    }
    printTable(results, rawMibPerSecond);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
