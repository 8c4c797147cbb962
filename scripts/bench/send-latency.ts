// send() turn-end latency (issue 7 "Done when" 4, target ≤ 150 ms median): for N scripted
// one-message turns on one ClaudeSession and one CodexSession, the time from the agent's
// turn-boundary hook (`Stop`, as Elwood receives it: `hook:Stop` on the lazy class) to
// send() resolving. That gap is what the completeness oracle adds on top of the agent
// itself: waiting for the screen's `ready` and for the transcript to hold the Stop text.
// Runs offline against the scripted model server.
// Run: `npm run bench -- send-latency` or `npx tsx scripts/bench/send-latency.ts`.

import { execFileSync } from "node:child_process";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import { cliBinaryDir } from "../../test/support/cli-binaries.js";

const TURNS = 10;

type Agent = "claude" | "codex";

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Per-turn milliseconds from the Stop hook to send() resolving, one session, TURNS turns. */
async function measure(agent: Agent): Promise<number[]> {
  const server = await startScriptedModelServer();
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-ws-")));
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-state-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const home = await createAgentHome({
    server,
    trustedDirs: agent === "claude" ? [workspace] : [],
    cliPaths: [cliBinaryDir(agent)],
  });
  const common = { cwd: workspace, env: home.env, stateDir: join(stateParent, "state") };
  const session =
    agent === "claude"
      ? new ClaudeSession(common)
      : new CodexSession({ ...common, autotrust: true });
  let stopAt: number | undefined;
  const onStop = () => {
    stopAt = performance.now();
  };
  if (session instanceof ClaudeSession) session.on("hook:Stop", onStop);
  else session.on("hook:Stop", onStop);
  const samples: number[] = [];
  try {
    await session.start();
    // One unmeasured warm-up turn (first paint of the transcript tailer, caches).
    for (let turn = 0; turn <= TURNS; turn += 1) {
      const answer = `Answer number ${turn} for the latency bench.`;
      server.turn({ match: `bench question ${turn}`, steps: [{ say: answer }] });
      stopAt = undefined;
      const reply = await session.send(`bench question ${turn}`, { timeoutMs: 60_000 });
      const resolvedAt = performance.now();
      if (reply !== answer) throw new Error(`${agent} turn ${turn}: got ${JSON.stringify(reply)}`);
      if (stopAt === undefined) throw new Error(`${agent} turn ${turn}: no Stop hook was seen`);
      if (turn > 0) samples.push(resolvedAt - stopAt);
    }
  } finally {
    await session.close().catch(() => session.kill());
    await home.cleanup();
    await server.close();
    await rm(workspace, { recursive: true, force: true });
    await rm(stateParent, { recursive: true, force: true });
  }
  return samples;
}

export async function run(): Promise<void> {
  for (const agent of ["claude", "codex"] as const) {
    const samples = await measure(agent);
    const sorted = [...samples].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `${agent.padEnd(6)} Stop hook → send() resolved over ${samples.length} turns: ` +
        `median ${ms(median(sorted))}, p90 ${ms(percentile(sorted, 0.9))}, ` +
        `max ${ms(sorted.at(-1) ?? Number.NaN)} (target median ≤ 150 ms)`,
    );
    console.log(`       samples: ${samples.map((value) => value.toFixed(0)).join(", ")}`);
  }
}

/** The name scripts/bench/run.ts looks for. */
export const runBenchmark = run;
export default run;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run();
}
