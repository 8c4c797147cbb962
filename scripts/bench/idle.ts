// Idle cost (TARGETS "idle cost": 32 idle sessions ≤ 2% of one core): start N real,
// ready, idle Claude sessions offline, then measure this Node process's own CPU (the
// parent app's share: transcript polling, timers, the bridge) over a quiet window. The
// CLIs' own CPU is theirs and is reported separately as context, not counted.
// Run: `npm run bench -- idle` (ELWOOD_BENCH_IDLE_SESSIONS=N to change N, default 8).
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ClaudeSessionApi } from "../../src/agents.js";
import { startClaude } from "../../src/agents.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";

const SESSIONS = Number(process.env.ELWOOD_BENCH_IDLE_SESSIONS ?? 8);
const SETTLE_MS = 5_000;
const WINDOW_MS = 20_000;

/** This process's CPU time over a window, as a percentage of one core. */
async function cpuPercentOver(windowMs: number): Promise<number> {
  const before = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const used = process.cpuUsage(before);
  const elapsedUs = Number(process.hrtime.bigint() - startedAt) / 1000;
  return ((used.user + used.system) / elapsedUs) * 100;
}

export async function runBenchmark(): Promise<void> {
  const server = await startScriptedModelServer();
  const parent = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-idle-")));
  const home = await createAgentHome({ server, trustedDirs: [parent] });
  const sessions: ClaudeSessionApi[] = [];
  try {
    // This process's own quiet cost (model server, agent home, runtime), without sessions,
    // after the same settle time the sessions get.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const baseline = await cpuPercentOver(WINDOW_MS / 2);
    for (let index = 0; index < SESSIONS; index += 1) {
      const session = await startClaude({
        cwd: parent,
        env: home.env,
        stateDir: join(parent, `state-${index}`),
      });
      sessions.push(session);
      await session.waitForStatus((status) => status === "ready", 60_000);
    }
    // Let start-up work (first frames, first transcript polls) die down first.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const percentOfCore = await cpuPercentOver(WINDOW_MS);
    const perSession = Math.max(0, percentOfCore - baseline) / SESSIONS;
    console.log(`idle sessions:            ${SESSIONS} (claude, ready, no turn running)`);
    console.log(`window:                   ${(WINDOW_MS / 1000).toFixed(0)} s`);
    console.log(`parent CPU, no sessions:  ${baseline.toFixed(2)}% of one core`);
    console.log(
      `parent CPU, ${String(SESSIONS).padEnd(2)} idle:     ${percentOfCore.toFixed(2)}% of one core`,
    );
    console.log(`per session (net):        ${perSession.toFixed(3)}% of one core`);
    // The baseline is noisy at these levels; charging every cycle to the sessions bounds it.
    console.log(`per session (upper bound): ${(percentOfCore / SESSIONS).toFixed(3)}% of one core`);
    console.log(
      `32 sessions (upper bound): ${((percentOfCore / SESSIONS) * 32).toFixed(2)}% of one core`,
    );
    console.log(
      `extrapolated to 32:       ${(perSession * 32).toFixed(2)}% of one core (target ≤ 2%)`,
    );
  } finally {
    await Promise.allSettled(sessions.map((session) => session.kill()));
    await server.close();
    await home.cleanup();
    await rm(parent, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runBenchmark();
