// Prompt delivery under load (issue 11 "Done when" 1): N sessions (Claude and Codex
// alternating, each with a fresh workspace, agent home, state dir and scripted model
// server, `autotrust: true`) take M send() turns each, all sessions at once. Every prompt
// is unique; the model server's request log proves each reached the model exactly once.
// Progress goes to stderr as it happens; a failed or overrunning turn dumps its session
// (status, screen, exit, warnings, receipts). Every step is bounded, so the bench always
// ends with a report. Leftovers are found by process group, descent and private HOME.
// Run: `npm run bench -- concurrency [--sessions N] [--turns M]`.

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import { cliBinaryDir } from "../../test/support/cli-binaries.js";
import { waitFor } from "../../test/support/process-table.js";
import { type BenchSession, Progress, SessionProbe } from "./concurrency/probe.js";
import { ProcessWatch } from "./concurrency/processes.js";

const DEFAULT_SESSIONS = 16;
const DEFAULT_TURNS = 4;
/** What a patient caller waits for one turn before giving up (the 90 s). */
const TURN_TIMEOUT_MS = 90_000;
/** Past send()'s own timeout, the bench stops waiting and reports the turn as overrun. */
const OVERRUN_GRACE_MS = 20_000;
/** close() gets this long before the session is killed; kill() gets the same again. */
const CLOSE_BOUND_MS = 30_000;

type Agent = "claude" | "codex";

interface TurnResult {
  readonly label: string;
  readonly turn: number;
  readonly token: string;
  readonly isCorrect: boolean;
  readonly receipts: number;
  readonly error?: string;
}

interface SessionRun {
  readonly results: TurnResult[];
  readonly dumps: string[];
}

function parseArgs(args: readonly string[]): { sessions: number; turns: number } {
  const value = (flag: string, fallback: number): number => {
    const at = args.indexOf(flag);
    if (at === -1) return fallback;
    const parsed = Number(args[at + 1]);
    if (!Number.isInteger(parsed) || parsed < 1) {
      throw new Error(`${flag} expects a positive integer, got ${JSON.stringify(args[at + 1])}`);
    }
    return parsed;
  };
  return {
    sessions: value("--sessions", DEFAULT_SESSIONS),
    turns: value("--turns", DEFAULT_TURNS),
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
  readonly turns: number;
  readonly progress: Progress;
  readonly watch: ProcessWatch;
}

async function runSession(index: number, context: RunContext): Promise<SessionRun> {
  const { progress, watch } = context;
  const agent: Agent = index % 2 === 0 ? "claude" : "codex";
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
  const session: BenchSession =
    agent === "claude" ? new ClaudeSession(options) : new CodexSession(options);
  const probe = new SessionProbe(label, session, server, progress, () => watch.sample());
  const results: TurnResult[] = [];
  const dumps: string[] = [];
  try {
    for (let turn = 0; turn < context.turns; turn += 1) {
      const token = `${agent}${index}t${turn}x${randomBytes(4).toString("hex")}`;
      const answer = `ANSWER ${token}`;
      server.turn({ match: token, steps: [{ say: answer }] });
      const outcome = await bounded(
        session.send(`SAY<<${token}>>`, { timeoutMs: TURN_TIMEOUT_MS }),
        TURN_TIMEOUT_MS + OVERRUN_GRACE_MS,
      );
      const base = { label, turn, token, receipts: probe.receipts(token) };
      if (outcome !== "overrun" && "value" in outcome && outcome.value === answer) {
        results.push({ ...base, isCorrect: true });
        progress.turnSettled(`${label} turn ${turn}`, "ok");
        continue;
      }
      const error =
        outcome === "overrun"
          ? "overrun"
          : "value" in outcome
            ? `wrong_reply ${JSON.stringify(outcome.value.slice(0, 80))}`
            : `${outcome.error instanceof Error ? outcome.error.name : "non_error"}: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`;
      results.push({ ...base, isCorrect: false, error });
      progress.turnSettled(`${label} turn ${turn}`, error.split(":")[0] ?? error);
      const dump = probe.dump(token, `turn ${turn} ${error}`);
      dumps.push(dump);
      process.stderr.write(`${dump}\n`);
      // An overrun turn may still hold the session's turn slot: the rest cannot run.
      if (outcome === "overrun") break;
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
    await server.close().catch(() => undefined);
    await home.cleanup().catch(() => undefined);
    await rm(workspace, { recursive: true, force: true });
    await rm(stateParent, { recursive: true, force: true });
  }
  return { results, dumps };
}

export async function run(args: readonly string[] = []): Promise<void> {
  const { sessions, turns } = parseArgs(args);
  const total = sessions * turns;
  const loadBefore = loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");
  const watch = new ProcessWatch();
  const progress = new Progress(total);
  const sampler = setInterval(() => watch.sample(), 1000);
  const startedAt = performance.now();
  let runs: SessionRun[];
  try {
    runs = await Promise.all(
      Array.from({ length: sessions }, (_, index) => runSession(index, { turns, progress, watch })),
    );
  } finally {
    clearInterval(sampler);
  }
  const wallMs = performance.now() - startedAt;
  await waitFor(() => watch.leftovers().length === 0, { timeoutMs: 10_000, intervalMs: 200 });
  const left = watch.leftovers();
  const all = runs.flatMap((entry) => entry.results);
  const correct = all.filter((result) => result.isCorrect).length;
  // Turns never attempted (after an overrun) count as neither correct nor delivered.
  const exactlyOnce = all.filter((result) => result.receipts === 1).length;
  console.log(
    `${sessions} sessions × ${turns} turns (claude/codex alternating), load before ${loadBefore}, after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(`replies correct:            ${correct}/${total}`);
  console.log(`received exactly once:      ${exactlyOnce}/${total}`);
  console.log(`wall time:                  ${(wallMs / 1000).toFixed(1)} s`);
  console.log(`process groups seen:        ${watch.groupsSeen}`);
  console.log(`processes left:             ${left.length}`);
  for (const entry of left) {
    console.log(
      `  ! pid ${entry.pid} (group ${entry.pgid}, session ${entry.session ?? "?"}): ${entry.command}`,
    );
  }
  for (const result of all) {
    if (result.receipts !== 1)
      console.log(
        `  ! ${result.label} turn ${result.turn}: prompt reached the model ${result.receipts} times`,
      );
    if (result.error !== undefined)
      console.log(`  ✗ ${result.label} turn ${result.turn}: ${result.error}`);
  }
  for (const dump of runs.flatMap((entry) => entry.dumps)) console.log(dump);
  if (correct !== total || exactlyOnce !== total || left.length > 0) process.exitCode = 1;
}

/** The name scripts/bench/run.ts looks for. */
export const runBenchmark = run;
export default run;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run(process.argv.slice(2));
}
