// One terminal-bench scenario in a fresh process (so peak RSS and JIT state are its own),
// run by ../terminal.ts as `node --import tsx scenario.ts '<json>'`; prints one JSON line.
//   throughput: N real PTY children each write the payload file; wall, peak RSS, loop p99.
//   latency: N in-process terminals each get small frames (a TUI repaint); time to settled.

import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { ElwoodUnsubscribe } from "../../../src/events/emitter.js";
import { shellQuote } from "../../../src/shell/login-shell.js";
import { reapProcessGroup } from "../../../src/shell/reap.js";
import { sharedParseWorkerPool } from "../../../src/terminal/parse-worker/pool.js";
import { type PtyProcess, spawnPty } from "../../../src/terminal/pty-process.js";
import type { TerminalParserPlacement } from "../../../src/terminal/screen/placement.js";
import { DEFAULT_TERMINAL_SIZE, ElwoodTerminal } from "../../../src/terminal/terminal.js";
import { buildPayload, median, percentile } from "./payload.js";

export type ScenarioConfig =
  | {
      readonly kind: "throughput";
      readonly sessions: number;
      readonly parser: TerminalParserPlacement;
      readonly payloadPath: string;
      readonly payloadBytes: number;
      readonly writer: TerminalBenchWriter;
    }
  | {
      readonly kind: "latency";
      readonly sessions: number;
      readonly parser: TerminalParserPlacement;
      readonly frames: number;
    };

/**
 * What writes the payload into each PTY: `cat` (the least a child can cost, so the figures
 * are Elwood's) or a Node process per session (the original fixture: each one's start-up
 * competes with Elwood for the same two cores).
 */
export type TerminalBenchWriter = "cat" | "node";

export interface ScenarioResult {
  readonly wallSeconds: number;
  readonly peakRssMiB: number;
  readonly loopDelayP99Ms: number;
  readonly cpuSeconds: number;
  /** CPU seconds of the main thread, and of the rest of the process's threads (Linux). */
  readonly mainCpuSeconds?: number;
  readonly otherThreadsCpuSeconds?: number;
  /** Messages posted to and from the parse workers. */
  readonly workerMessages?: { readonly sent: number; readonly received: number };
  /** latency only: first frame (includes starting a worker), then the steady frames. */
  readonly firstFrameMs?: number;
  readonly frameP50Ms?: number;
  readonly frameP99Ms?: number;
}

// Each writer waits for one input byte before exiting: on Linux node-pty can drop the last
// output of a child that exits right after writing (microsoft/node-pty#726).
const NODE_WRITER_SOURCE =
  "process.stdout.write(require('fs').readFileSync(process.argv[1]),()=>process.stdin.once('data',()=>process.exit(0)));";
// `stty -opost` first so the PTY passes the payload through byte for byte (no \n → \r\n).
const WRITER_SCRIPTS: Record<TerminalBenchWriter, string> = {
  cat: `stty raw -echo -opost && cat "$1" && head -c 1 >/dev/null`,
  node: `stty raw -echo -opost && exec "$0" -e ${shellQuote(NODE_WRITER_SOURCE)} "$1"`,
};

/** utime + stime of each thread of this process, in seconds, by thread id (Linux only). */
function threadCpuSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  try {
    for (const tid of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      seconds.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // Not Linux: the split is left out.
  }
  return seconds;
}

function measure(): () => Omit<ScenarioResult, "wallSeconds"> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const threadsBefore = threadCpuSeconds();
  const messagesBefore = sharedParseWorkerPool.messageCounts;
  return () => {
    delay.disable();
    const used = process.cpuUsage(cpu);
    const threadsAfter = threadCpuSeconds();
    // Workers that ended already are gone from /proc: count them as the rest of the CPU.
    const mainCpuSeconds =
      (threadsAfter.get(process.pid) ?? 0) - (threadsBefore.get(process.pid) ?? 0);
    const messages = sharedParseWorkerPool.messageCounts;
    return {
      mainCpuSeconds,
      otherThreadsCpuSeconds: (used.user + used.system) / 1e6 - mainCpuSeconds,
      workerMessages: {
        sent: messages.sent - messagesBefore.sent,
        received: messages.received - messagesBefore.received,
      },
      // ru_maxrss: the process's true peak, in KiB on Linux.
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      cpuSeconds: (used.user + used.system) / 1e6,
    };
  };
}

async function throughput(config: Extract<ScenarioConfig, { kind: "throughput" }>) {
  const finish = measure();
  const started = performance.now();
  const runs = Array.from({ length: config.sessions }, async () => {
    const pty = spawnPty({
      file: "/bin/sh",
      args: ["-c", WRITER_SCRIPTS[config.writer], process.execPath, config.payloadPath],
      cwd: tmpdir(),
      env: process.env,
      ...DEFAULT_TERMINAL_SIZE,
    });
    const terminal = new ElwoodTerminal({ pty, parser: config.parser });
    let received = 0;
    pty.onData((chunk) => {
      received += Buffer.byteLength(chunk);
      if (received >= config.payloadBytes) pty.write("q");
    });
    try {
      await new Promise((resolve) => pty.onExit(resolve));
      await terminal.settled();
      if (received !== config.payloadBytes)
        throw new Error(`a session received ${received} of ${config.payloadBytes} bytes`);
      if (terminal.renderFailed) throw new Error("a terminal failed to render");
    } finally {
      terminal.dispose();
      reapProcessGroup(pty.pid);
    }
  });
  await Promise.all(runs);
  const wallSeconds = (performance.now() - started) / 1000;
  return { wallSeconds, ...finish() };
}

/** Just enough of a PTY for frames pushed from this process. */
class FramePty implements PtyProcess {
  readonly pid = 0;
  readonly #listeners = new Set<(chunk: string) => void>();
  write(): void {}
  resize(): void {}
  pause(): void {}
  resume(): void {}
  kill(): void {}
  onData(callback: (chunk: string) => void): ElwoodUnsubscribe {
    this.#listeners.add(callback);
    return () => this.#listeners.delete(callback);
  }
  onExit(): ElwoodUnsubscribe {
    return () => {};
  }
  push(chunk: string): void {
    for (const listener of this.#listeners) listener(chunk);
  }
}

async function latency(config: Extract<ScenarioConfig, { kind: "latency" }>) {
  const frameText = buildPayload(4096).toString("utf8");
  const finish = measure();
  const started = performance.now();
  const samples: number[] = [];
  let firstFrameMs = 0;
  await Promise.all(
    Array.from({ length: config.sessions }, async (_, index) => {
      const pty = new FramePty();
      const terminal = new ElwoodTerminal({ pty, parser: config.parser });
      try {
        for (let frame = 0; frame < config.frames; frame += 1) {
          const sent = performance.now();
          pty.push(frameText);
          await terminal.settled();
          const elapsed = performance.now() - sent;
          if (frame === 0 && index === 0) firstFrameMs = elapsed;
          else if (frame > 0) samples.push(elapsed);
          // A TUI repaints every few tens of ms, not back to back.
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        terminal.dispose();
      }
    }),
  );
  const wallSeconds = (performance.now() - started) / 1000;
  return {
    wallSeconds,
    ...finish(),
    firstFrameMs,
    frameP50Ms: median(samples),
    frameP99Ms: percentile(samples, 0.99),
  };
}

export async function runScenario(config: ScenarioConfig): Promise<ScenarioResult> {
  return config.kind === "throughput" ? throughput(config) : latency(config);
}

if (process.argv[1]?.endsWith("scenario.ts") && process.argv[2] !== undefined) {
  const config = JSON.parse(process.argv[2]) as ScenarioConfig;
  const result = await runScenario(config);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // No exit(): a worker or handle left behind would keep this process alive, and the
  // orchestrator reports a process that does not end on its own.
}
