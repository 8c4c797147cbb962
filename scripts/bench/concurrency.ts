// Prompt delivery under load (issue 11 "Done when" 1): N sessions (Claude and Codex
// alternating, each with a fresh workspace, agent home and scripted model server,
// `autotrust: true`) take M send() turns each, all sessions at once. Every prompt is
// unique; the model server's request log proves each reached the model exactly once.
// Reports correct replies, exact-once deliveries, failures by error name, wall time and
// the processes left behind (must be 0). Runs offline.
// Run: `npm run bench -- concurrency [--sessions N] [--turns M] [--verbose]`.

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import {
  createAgentHome,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../src/testing/index.js";
import { cliBinaryDir } from "../../test/support/cli-binaries.js";
import { descendantsOf, waitFor } from "../../test/support/process-table.js";

const DEFAULT_SESSIONS = 16;
const DEFAULT_TURNS = 4;
/** What a patient caller waits for one turn before giving up (the issue's 90 s). */
const TURN_TIMEOUT_MS = 90_000;

type Agent = "claude" | "codex";

interface TurnResult {
  readonly agent: Agent;
  readonly session: number;
  readonly turn: number;
  readonly token: string;
  readonly isCorrect: boolean;
  readonly error?: string;
  readonly detail?: string;
}

interface SessionRun {
  readonly results: TurnResult[];
  readonly server: ScriptedModelServer;
  readonly tokens: string[];
  readonly agent: Agent;
  readonly index: number;
}

function parseArgs(args: readonly string[]): { sessions: number; turns: number; verbose: boolean } {
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
    verbose: args.includes("--verbose"),
  };
}

async function runSession(index: number, turns: number, verbose: boolean): Promise<SessionRun> {
  const agent: Agent = index % 2 === 0 ? "claude" : "codex";
  const server = await startScriptedModelServer();
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-conc-ws-")));
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-conc-state-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const home = await createAgentHome({ server, cliPaths: [cliBinaryDir(agent)] });
  const options = {
    cwd: workspace,
    env: home.env,
    stateDir: join(stateParent, "state"),
    autotrust: true,
  };
  const session = agent === "claude" ? new ClaudeSession(options) : new CodexSession(options);
  const results: TurnResult[] = [];
  const tokens: string[] = [];
  try {
    for (let turn = 0; turn < turns; turn += 1) {
      const token = `${agent}${index}t${turn}x${randomBytes(4).toString("hex")}`;
      tokens.push(token);
      const answer = `ANSWER ${token}`;
      server.turn({ match: token, steps: [{ say: answer }] });
      try {
        const reply = await session.send(`SAY<<${token}>>`, { timeoutMs: TURN_TIMEOUT_MS });
        results.push({ agent, session: index, turn, token, isCorrect: reply === answer });
        if (reply !== answer) {
          results[results.length - 1] = {
            ...(results.at(-1) as TurnResult),
            error: "wrong_reply",
            detail: JSON.stringify(reply.slice(0, 120)),
          };
        }
      } catch (error) {
        const name = error instanceof Error ? error.name : "non_error";
        const message = error instanceof Error ? error.message : String(error);
        const screen = verbose ? screenTail(session) : "";
        results.push({
          agent,
          session: index,
          turn,
          token,
          isCorrect: false,
          error: name,
          detail: `${message} [status ${session.status}]${screen}`,
        });
      }
    }
  } finally {
    await session.close().catch(() => session.kill().catch(() => undefined));
    await home.cleanup().catch(() => undefined);
    await rm(workspace, { recursive: true, force: true });
    await rm(stateParent, { recursive: true, force: true });
  }
  return { results, server, tokens, agent, index };
}

function screenTail(session: ClaudeSession | CodexSession): string {
  const lines = session.session?.terminal.snapshot().lines ?? [];
  const tail = lines
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-8);
  const decisions = session
    .statusDecisions()
    .slice(-8)
    .map((d) => `${d.evidence}:${d.from}->${d.to ?? "-"}(${d.reason})`);
  return `\n      screen: ${tail.join("\n              ")}\n      decisions: ${decisions.join(" ")}`;
}

/** How many main (non-auxiliary) model requests carried each token, and how often. */
function receipts(run: SessionRun): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of run.tokens) counts.set(token, 0);
  for (const request of run.server.requests) {
    if (request.isAuxiliary) continue;
    for (const token of run.tokens) {
      const occurrences = request.userText.split(token).length - 1;
      if (occurrences > 0) counts.set(token, (counts.get(token) ?? 0) + occurrences);
    }
  }
  return counts;
}

export async function run(args: readonly string[] = []): Promise<void> {
  const { sessions, turns, verbose } = parseArgs(args);
  const loadBefore = loadavg()[0]?.toFixed(2);
  // Helpers of the bench runner itself (tsx's esbuild service) are not the sessions' doing.
  const preexisting = new Set(descendantsOf(process.pid).map((entry) => entry.pid));
  const leftovers = () => descendantsOf(process.pid).filter((entry) => !preexisting.has(entry.pid));
  const startedAt = performance.now();
  const runs = await Promise.all(
    Array.from({ length: sessions }, (_, index) => runSession(index, turns, verbose)),
  );
  const wallMs = performance.now() - startedAt;
  const all = runs.flatMap((entry) => entry.results);
  const correct = all.filter((result) => result.isCorrect).length;
  let exactlyOnce = 0;
  const anomalies: string[] = [];
  for (const entry of runs) {
    for (const [token, count] of receipts(entry)) {
      if (count === 1) exactlyOnce += 1;
      else anomalies.push(`${token} reached the model ${count} times`);
    }
  }
  await Promise.all(runs.map((entry) => entry.server.close()));
  const isClean = await waitFor(() => leftovers().length === 0, {
    timeoutMs: 10_000,
    intervalMs: 200,
  });
  const left = isClean ? 0 : leftovers().length;
  const byName = new Map<string, number>();
  for (const result of all) {
    if (result.error !== undefined) byName.set(result.error, (byName.get(result.error) ?? 0) + 1);
  }
  const total = sessions * turns;
  console.log(
    `${sessions} sessions × ${turns} turns (claude/codex alternating), load before ${loadBefore}, after ${loadavg()[0]?.toFixed(2)}`,
  );
  console.log(`replies correct:            ${correct}/${total}`);
  console.log(`received exactly once:      ${exactlyOnce}/${total}`);
  console.log(
    `failures by error name:     ${byName.size === 0 ? "none" : [...byName].map(([name, n]) => `${name} ×${n}`).join(", ")}`,
  );
  console.log(`wall time:                  ${(wallMs / 1000).toFixed(1)} s`);
  console.log(`processes left:             ${left}`);
  for (const anomaly of anomalies) console.log(`  ! ${anomaly}`);
  for (const result of all) {
    if (result.error === undefined) continue;
    console.log(
      `  ✗ ${result.agent} session ${result.session} turn ${result.turn}: ${result.error}: ${result.detail}`,
    );
  }
  if (correct !== total || exactlyOnce !== total || left !== 0) process.exitCode = 1;
}

/** The name scripts/bench/run.ts looks for. */
export const runBenchmark = run;
export default run;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run(process.argv.slice(2));
}
