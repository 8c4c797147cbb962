// Prompt delivery under load (issue 11 "Done when" 1): N sessions (the registered agents
// alternating, or those named by --agents; each with a fresh workspace, agent home, state dir and scripted model
// server, `autotrust: true`) take M send() turns each, all sessions at once. Every prompt
// is unique; the model server's request log proves each reached the model exactly once.
// Progress goes to stderr as it happens; a failed or overrunning turn dumps its session
// (status, screen, exit, warnings, receipts). Every step is bounded, so the bench always
// ends with a report. Leftovers are found by process group, descent and private HOME.
// Each turn is classed as correct (its own reply), typed (an ElwoodError), wrong (another
// text), empty, untyped (any other rejection) or overrun; a driver may be slow under
// overload but never wrong (issue 22). Run:
// `npm run bench -- concurrency [--sessions N] [--turns M] [--agents claude,codex,…]
// [--turn-timeout ms|none] [--min-correct 0.9]`.

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { ELWOOD_AGENTS, type ElwoodAgentKind } from "../../src/agents.js";
import { ElwoodError } from "../../src/errors.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import { cliBinaryDir } from "../../test/support/cli-binaries.js";
import { waitFor } from "../../test/support/process-table.js";
import { CpuShare } from "./concurrency/cpu-share.js";
import { type BenchSession, Progress, SessionProbe } from "./concurrency/probe.js";
import { ProcessWatch } from "./concurrency/processes.js";

const DEFAULT_SESSIONS = 16;
const DEFAULT_TURNS = 4;
/** What a patient caller waits for one turn before giving up (the issue's 90 s). */
const TURN_TIMEOUT_MS = 90_000;
/** Past send()'s own timeout, the bench stops waiting and reports the turn as overrun. */
const OVERRUN_GRACE_MS = 20_000;
/** With no per-turn timeout (`--turn-timeout none`), the bench still ends: 20 minutes. */
const UNBOUNDED_TURN_OVERRUN_MS = 20 * 60_000;
/** close() gets this long before the session is killed; kill() gets the same again. */
const CLOSE_BOUND_MS = 30_000;

/** How one turn ended, as the caller saw it. */
type TurnOutcome = "correct" | "typed" | "wrong" | "empty" | "untyped" | "overrun";
const OUTCOMES: readonly TurnOutcome[] = [
  "correct",
  "typed",
  "wrong",
  "empty",
  "untyped",
  "overrun",
];

interface TurnResult {
  readonly label: string;
  readonly turn: number;
  readonly token: string;
  readonly outcome: TurnOutcome;
  readonly receipts: number;
  readonly error?: string;
}

interface BenchArgs {
  readonly sessions: number;
  readonly turns: number;
  /** send()'s timeoutMs; undefined = none (the caller waits as long as it takes). */
  readonly turnTimeoutMs: number | undefined;
  /** The share of turns that must be correct for a passing run. */
  readonly minCorrect: number;
  /** The agents that take turns, session i driving agents[i % length]. */
  readonly agents: readonly ElwoodAgentKind[];
}

interface SessionRun {
  readonly results: TurnResult[];
  readonly dumps: string[];
}

function parseArgs(args: readonly string[]): BenchArgs {
  const raw = (flag: string): string | undefined => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  const positive = (flag: string, fallback: number): number => {
    const given = raw(flag);
    if (given === undefined) return fallback;
    const parsed = Number(given);
    if (!Number.isInteger(parsed) || parsed < 1) {
      throw new Error(`${flag} expects a positive integer, got ${JSON.stringify(given)}`);
    }
    return parsed;
  };
  const timeout = raw("--turn-timeout");
  const minCorrect = Number(raw("--min-correct") ?? "1");
  if (!(minCorrect >= 0 && minCorrect <= 1)) {
    throw new Error(`--min-correct expects a fraction 0..1, got ${raw("--min-correct")}`);
  }
  const agents = (raw("--agents")?.split(",") ?? [...ELWOOD_AGENTS.ids]).map((agent) => {
    if (!ELWOOD_AGENTS.has(agent)) {
      throw new Error(`--agents: "${agent}" is not registered (${ELWOOD_AGENTS.ids.join(", ")})`);
    }
    return agent;
  });
  return {
    agents,
    sessions: positive("--sessions", DEFAULT_SESSIONS),
    turns: positive("--turns", DEFAULT_TURNS),
    turnTimeoutMs: timeout === "none" ? undefined : positive("--turn-timeout", TURN_TIMEOUT_MS),
    minCorrect,
  };
}

/** Resolves with `promise`'s outcome, or with "overrun" after `ms`. */
async function bounded<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ value: T } | { error: unknown } | "overrun"> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<"overrun">((resolve) => {
    timer = setTimeout(() => resolve("overrun"), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      overrun,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

interface RunContext {
  readonly agents: readonly ElwoodAgentKind[];
  readonly turns: number;
  readonly turnTimeoutMs: number | undefined;
  readonly progress: Progress;
  readonly watch: ProcessWatch;
}

function classify(
  settled: { value: string } | { error: unknown } | "overrun",
  answer: string,
): { outcome: TurnOutcome; error: string } {
  if (settled === "overrun") return { outcome: "overrun", error: "overrun" };
  if ("value" in settled) {
    if (settled.value === answer) return { outcome: "correct", error: "" };
    if (settled.value === "") return { outcome: "empty", error: "empty_reply" };
    return { outcome: "wrong", error: `wrong_reply ${JSON.stringify(settled.value.slice(0, 80))}` };
  }
  const { error } = settled;
  if (error instanceof ElwoodError) {
    return { outcome: "typed", error: `${error.name}: ${error.message}` };
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { outcome: "untyped", error: `untyped ${text}` };
}

async function runSession(index: number, context: RunContext): Promise<SessionRun> {
  const { progress, watch } = context;
  const agent = context.agents[index % context.agents.length] as ElwoodAgentKind;
  const label = `s${String(index).padStart(2, "0")} ${agent}`;
  const server = await startScriptedModelServer();
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-conc-ws-")));
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-conc-state-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const home = await createAgentHome({ server, cliPaths: [cliBinaryDir(agent)] });
  watch.registerHome(home.home, index);
  const options = {
    cwd: workspace,
    env: home.env,
    stateDir: join(stateParent, "state"),
    autotrust: true,
  };
  const session: BenchSession = ELWOOD_AGENTS.get(agent).createSession(options);
  const probe = new SessionProbe(label, session, server, progress, () => watch.sample());
  const results: TurnResult[] = [];
  const dumps: string[] = [];
  try {
    for (let turn = 0; turn < context.turns; turn += 1) {
      const token = `${agent}${index}t${turn}x${randomBytes(4).toString("hex")}`;
      const answer = `ANSWER ${token}`;
      server.turn({ match: token, steps: [{ say: answer }] });
      const overrunMs =
        context.turnTimeoutMs === undefined
          ? UNBOUNDED_TURN_OVERRUN_MS
          : context.turnTimeoutMs + OVERRUN_GRACE_MS;
      const settled = await bounded(
        session.send(
          `SAY<<${token}>>`,
          context.turnTimeoutMs === undefined ? {} : { timeoutMs: context.turnTimeoutMs },
        ),
        overrunMs,
      );
      const { outcome, error } = classify(settled, answer);
      const base = { label, turn, token, receipts: probe.receipts(token) };
      if (outcome === "correct") {
        results.push({ ...base, outcome });
        progress.turnSettled(`${label} turn ${turn}`, "ok");
        continue;
      }
      results.push({ ...base, outcome, error });
      progress.turnSettled(`${label} turn ${turn}`, error.split(":")[0] ?? error);
      const dump = probe.dump(token, `turn ${turn} ${error}`);
      dumps.push(dump);
      process.stderr.write(`${dump}\n`);
      // An overrun turn may still hold the session's turn slot: the rest cannot run.
      if (settled === "overrun") break;
    }
  } finally {
    const closed = await bounded(session.close(), CLOSE_BOUND_MS);
    if (closed === "overrun" || "error" in closed) {
      const why =
        closed === "overrun" ? "close() overran" : `close() failed: ${String(closed.error)}`;
      dumps.push(probe.dump("-", why));
      await bounded(session.kill(), CLOSE_BOUND_MS);
    }
    progress.line(`${label} closed (${session.status})`);
    // Counted again once the session is gone: a duplicate may reach the model long after
    // its turn settled (Claude queues a prompt pasted while it works and sends it later).
    results.splice(
      0,
      results.length,
      ...results.map((result) => ({ ...result, receipts: probe.receipts(result.token) })),
    );
    await server.close().catch(() => undefined);
    await home.cleanup().catch(() => undefined);
    await rm(workspace, { recursive: true, force: true });
    await rm(stateParent, { recursive: true, force: true });
  }
  return { results, dumps };
}

export async function run(args: readonly string[] = []): Promise<void> {
  const { agents, sessions, turns, turnTimeoutMs, minCorrect } = parseArgs(args);
  const total = sessions * turns;
  const loadBefore = loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");
  const watch = new ProcessWatch();
  const progress = new Progress(total);
  const cpu = new CpuShare();
  const sampler = setInterval(() => watch.sample(), 1000);
  const startedAt = performance.now();
  let runs: SessionRun[];
  try {
    runs = await Promise.all(
      Array.from({ length: sessions }, (_, index) =>
        runSession(index, { agents, turns, turnTimeoutMs, progress, watch }),
      ),
    );
  } finally {
    clearInterval(sampler);
  }
  const wallMs = performance.now() - startedAt;
  const share = cpu.measure();
  await waitFor(() => watch.leftovers().length === 0, { timeoutMs: 10_000, intervalMs: 200 });
  const left = watch.leftovers();
  const all = runs.flatMap((entry) => entry.results);
  const count = (outcome: TurnOutcome) => all.filter((result) => result.outcome === outcome).length;
  const correct = count("correct");
  // Turns never attempted (after an overrun) count as neither correct nor delivered.
  const attempted = all.length;
  const duplicates = all.filter((result) => result.receipts > 1).length;
  const exactlyOnce = all.filter((result) => result.receipts === 1).length;
  const timeout = turnTimeoutMs === undefined ? "none" : `${turnTimeoutMs} ms`;
  console.log(
    `${sessions} sessions × ${turns} turns (${agents.join("/")} alternating), per-turn timeout ${timeout}, load before ${loadBefore}, after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(`replies correct:            ${correct}/${total}`);
  for (const outcome of OUTCOMES.filter((entry) => entry !== "correct")) {
    console.log(`${`${outcome}:`.padEnd(28)}${count(outcome)}`);
  }
  console.log(`not attempted:              ${total - attempted}`);
  console.log(`received exactly once:      ${exactlyOnce}/${total}`);
  console.log(`prompts received twice+:    ${duplicates}`);
  console.log(`wall time:                  ${(wallMs / 1000).toFixed(1)} s`);
  console.log(
    `parent CPU:                 ${share.parentSeconds.toFixed(1)} s of ${share.allSeconds.toFixed(1)} s used by all processes (${(share.parentShare * 100).toFixed(1)}%)`,
  );
  console.log(`parent peak RSS:            ${share.parentPeakRssMiB.toFixed(0)} MiB`);
  console.log(`process groups seen:        ${watch.groupsSeen}`);
  console.log(`processes left:             ${left.length}`);
  for (const entry of left) {
    console.log(
      `  ! pid ${entry.pid} (group ${entry.pgid}, session ${entry.session ?? "?"}): ${entry.command}`,
    );
  }
  for (const result of all) {
    if (result.receipts > 1 || (result.outcome === "correct" && result.receipts !== 1))
      console.log(
        `  ! ${result.label} turn ${result.turn}: prompt reached the model ${result.receipts} times`,
      );
    if (result.error !== undefined)
      console.log(`  ✗ ${result.label} turn ${result.turn} [${result.outcome}]: ${result.error}`);
  }
  for (const dump of runs.flatMap((entry) => entry.dumps)) console.log(dump);
  // Never wrong: a wrong, empty or untyped answer, a duplicate prompt or a leftover process
  // fails the run whatever the share of correct turns.
  const neverWrong =
    count("wrong") + count("empty") + count("untyped") === 0 &&
    duplicates === 0 &&
    left.length === 0;
  const verdict = neverWrong && correct >= Math.ceil(total * minCorrect);
  console.log(
    `verdict:                    ${verdict ? "pass" : "FAIL"} (never wrong: ${neverWrong ? "yes" : "no"}; correct ≥ ${Math.round(minCorrect * 100)}%: ${correct >= Math.ceil(total * minCorrect) ? "yes" : "no"})`,
  );
  if (!verdict) process.exitCode = 1;
}

/** The name scripts/bench/run.ts looks for. */
export const runBenchmark = run;
export default run;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run(process.argv.slice(2));
}
