// Terminal throughput (design/TARGETS.md; issue 22 item 3): real PTY children each writing
// 8 MiB of coloured mixed text into an ElwoodTerminal, with the output parsed on the main
// thread ("inline"), in the parse workers ("worker"), and as a caller gets it ("auto"),
// each scenario in a fresh process. Reports wall time, peak RSS, event-loop p99, CPU, MiB/s,
// the ratio to raw @xterm/headless parsing, and auto ÷ inline for the same session count;
// then the small-frame latency (time from output to settled) of both paths at 1 and 2.
//
//   npm run bench -- terminal [--runs 3] [--sessions 1,2,8,32] [--parsers inline,worker,auto]
//                             [--writers cat,node]

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { DEFAULT_TERMINAL_SIZE } from "../../src/terminal/terminal.js";
import { HeadlessTerminal } from "../../src/terminal/xterm-module.js";
import { buildPayload, MIB, median } from "./terminal/payload.js";
import type { ScenarioConfig, ScenarioResult, TerminalBenchWriter } from "./terminal/scenario.js";

const BYTES_PER_SESSION = 8 * MIB;
const SCENARIO = fileURLToPath(new URL("./terminal/scenario.ts", import.meta.url));
const LATENCY_FRAMES = 200;

interface Options {
  readonly runs: number;
  readonly sessions: readonly number[];
  readonly parsers: readonly ("inline" | "worker" | "auto")[];
  readonly writers: readonly TerminalBenchWriter[];
}

function parseOptions(args: readonly string[]): Options {
  const value = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const parsers = (value("--parsers") ?? "inline,worker,auto").split(",");
  for (const parser of parsers) {
    if (parser !== "inline" && parser !== "worker" && parser !== "auto")
      throw new Error(`--parsers takes inline, worker and auto; got ${parser}`);
  }
  const writers = (value("--writers") ?? "cat").split(",");
  for (const writer of writers) {
    if (writer !== "cat" && writer !== "node")
      throw new Error(`--writers takes cat and node; got ${writer}`);
  }
  return {
    writers: writers as Options["writers"],
    runs: Number(value("--runs") ?? 3),
    sessions: (value("--sessions") ?? "1,2,8,32").split(",").map(Number),
    parsers: parsers as Options["parsers"],
  };
}

function runChild(config: ScenarioConfig): Promise<ScenarioResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCENARIO, JSON.stringify(config)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    // A scenario that printed its figures must also end by itself: a parse worker or a
    // handle left behind would keep it alive.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`scenario ${JSON.stringify(config)} did not exit by itself`));
    }, 300_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const line = output.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || line === "") {
        reject(new Error(`scenario ${JSON.stringify(config)} exited with ${code}`));
        return;
      }
      resolve(JSON.parse(line) as ScenarioResult);
    });
  });
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

function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const format = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  ");
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function throughputTable(options: Options, payloadPath: string, payload: Buffer) {
  const rawMibPerSecond = await rawXtermMibPerSecond(payload);
  const paths = options.writers.flatMap((writer) =>
    options.parsers.map((parser) => ({ parser, writer, name: `${parser}, ${writer}` })),
  );
  const medians = new Map<string, { wall: number; rss: number; p99: number; cpu: number }>();
  const rows: string[][] = [];
  for (const sessions of options.sessions) {
    const resultsOf = new Map(paths.map((path) => [path.name, [] as ScenarioResult[]]));
    // Paths alternate run by run, so each sees the same machine load.
    for (let run = 0; run < options.runs; run += 1) {
      for (const path of paths) {
        const result = await runChild({
          kind: "throughput",
          sessions,
          parser: path.parser,
          writer: path.writer,
          payloadPath,
          payloadBytes: payload.length,
        });
        resultsOf.get(path.name)?.push(result);
        console.log(
          `  ${sessions} × ${path.name} run ${run + 1}: ${result.wallSeconds.toFixed(2)} s, ${result.peakRssMiB.toFixed(0)} MiB, loop p99 ${result.loopDelayP99Ms.toFixed(1)} ms, CPU ${result.cpuSeconds.toFixed(1)} s (load ${load()})`,
        );
      }
    }
    for (const path of paths) {
      const results = resultsOf.get(path.name) ?? [];
      const figure = {
        wall: median(results.map((result) => result.wallSeconds)),
        rss: median(results.map((result) => result.peakRssMiB)),
        p99: median(results.map((result) => result.loopDelayP99Ms)),
        cpu: median(results.map((result) => result.cpuSeconds)),
      };
      medians.set(`${path.name}:${sessions}`, figure);
      const mibPerSecond = (sessions * payload.length) / MIB / figure.wall;
      const inline = medians.get(`inline, ${path.writer}:${sessions}`);
      rows.push([
        String(sessions),
        path.name,
        results.map((result) => result.wallSeconds.toFixed(2)).join(" "),
        figure.wall.toFixed(2),
        figure.rss.toFixed(0),
        figure.p99.toFixed(1),
        figure.cpu.toFixed(1),
        mibPerSecond.toFixed(1),
        (mibPerSecond / rawMibPerSecond).toFixed(2),
        inline === undefined ? "" : (inline.wall / figure.wall).toFixed(2),
      ]);
    }
  }
  printTable(
    [
      "sessions",
      "parser, writer",
      "wall s (runs)",
      "median s",
      "peak RSS MiB",
      "loop p99 ms",
      "CPU s",
      "MiB/s",
      "÷ raw xterm",
      "× inline speed",
    ],
    rows,
  );
  console.log(
    `raw @xterm/headless parse of the same bytes: ${rawMibPerSecond.toFixed(1)} MiB/s; medians of ${options.runs}`,
  );
  console.log("target (32 sessions): ≤ 7.6 s wall, ≤ 400 MiB peak RSS, loop p99 ≤ 26 ms");
}

async function latencyTable(options: Options) {
  const rows: string[][] = [];
  for (const sessions of [1, 2]) {
    for (const parser of ["inline", "worker"] as const) {
      const results: ScenarioResult[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        results.push(await runChild({ kind: "latency", sessions, parser, frames: LATENCY_FRAMES }));
      }
      rows.push([
        String(sessions),
        parser,
        median(results.map((result) => result.firstFrameMs ?? Number.NaN)).toFixed(1),
        median(results.map((result) => result.frameP50Ms ?? Number.NaN)).toFixed(2),
        median(results.map((result) => result.frameP99Ms ?? Number.NaN)).toFixed(2),
        median(results.map((result) => result.peakRssMiB)).toFixed(0),
        median(results.map((result) => result.cpuSeconds)).toFixed(2),
      ]);
    }
  }
  console.log(
    `\nsmall frames (4 KiB, ${LATENCY_FRAMES} per session, 10 ms apart): output → settled()`,
  );
  printTable(["sessions", "parser", "first ms", "p50 ms", "p99 ms", "peak RSS MiB", "CPU s"], rows);
}

export async function runBenchmark(args: readonly string[] = []): Promise<void> {
  const options = parseOptions(args);
  const directory = mkdtempSync(join(tmpdir(), "elwood-bench-terminal-"));
  try {
    const payload = buildPayload(BYTES_PER_SESSION);
    const payloadPath = join(directory, "payload.bin");
    writeFileSync(payloadPath, payload);
    console.log(`load before: ${load()}`);
    await throughputTable(options, payloadPath, payload);
    await latencyTable(options);
    console.log(`load after: ${load()}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
