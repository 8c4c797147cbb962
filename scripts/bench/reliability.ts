// Reliability report (issue 16, the README's "Guarantees"): one table of scenario,
// runs, failures and leaks. In-process scenarios (bridge fuzz, hook handlers under load)
// always run; the real-CLI ones (parent SIGKILL at each phase, start/close cycles) run
// against the scripted model server unless `--no-cli`.
//
//   npm run bench -- reliability [--fuzz 10000] [--hooks 1000] [--crash-runs 1]
//     [--phases starting,ready,mid-turn,mid-hook,mid-stop] [--cycles 20]
//     [--sentinel 20] [--forged 200] [--serve 50] [--guard-runs 1] [--no-cli]

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ClaudeSession,
  CodexSession,
  startOrResumeClaude,
  startOrResumeCodex,
} from "../../src/agents.js";
import { createHookDispatcher } from "../../src/bridge/dispatcher.js";
import type { HookDispatchError } from "../../src/bridge/outcome.js";
import { HookBridgeServer } from "../../src/bridge/server.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import {
  type FakeHandlers,
  type FakeHookEvent,
  fakeCatalogue,
} from "../../test/fixtures/bridge-catalogue.js";
import { generateCase, seededRandom, sendCase } from "../../test/fixtures/bridge-fuzz.js";
import { processesInHome } from "../../test/support/process-table.js";
import { startCrashParent } from "./reliability/crash-parent.js";
import {
  agentRewritesState,
  foreignFoldersAtTeardown,
  forgedHooksRefused,
  parentKilledAfterDetach,
  sentinelAfterParentKill,
} from "./reliability/guardrails.js";
import { serveStaysLocal } from "./reliability/serve-guards.js";
import type { CliWorld, Row } from "./reliability/types.js";
import { processFigures } from "./soak/figures.js";

const option = (args: readonly string[], name: string, fallback: number): number => {
  const index = args.indexOf(`--${name}`);
  const parsed = index < 0 ? fallback : Number(args[index + 1]);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} needs a whole number`);
  return parsed;
};

/** `--phases mid-turn,mid-hook` runs only those crash phases (all five by default). */
function phasesOption(args: readonly string[]): readonly (typeof PHASES)[number][] {
  const index = args.indexOf("--phases");
  if (index < 0) return PHASES;
  const wanted = (args[index + 1] ?? "").split(",");
  const unknown = wanted.filter((phase) => !(PHASES as readonly string[]).includes(phase));
  if (unknown.length > 0) throw new Error(`--phases takes ${PHASES.join(",")}; got ${unknown}`);
  return PHASES.filter((phase) => wanted.includes(phase));
}

const fdCount = (): number => processFigures().fds;

async function bridgeFuzz(requests: number): Promise<Row> {
  const fdsBefore = fdCount();
  let stray = 0;
  const dispatcher = createHookDispatcher<FakeHandlers, FakeHookEvent>({
    catalogue: fakeCatalogue,
    hookTimeoutMs: 1000,
    handlers: {
      PreToolUse: () => ({ decision: "allow" }),
    },
  });
  const server = await HookBridgeServer.start({ sink: dispatcher });
  const foreign = await HookBridgeServer.start({ sink: dispatcher });
  const reply = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
  });
  const random = seededRandom(0x5eed);
  const cases = Array.from({ length: requests }, (_, index) =>
    generateCase(random, index, { own: server.token, foreign: foreign.token }, () => reply),
  );
  let failures = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const fuzzCase = cases[next++];
      if (fuzzCase === undefined) return;
      const result = await sendCase(server.port, fuzzCase, 2_000);
      if (fuzzCase.expectedStatus === undefined) continue;
      const statusLine = result.response.split("\r\n")[0] ?? "";
      const body = result.response.slice(result.response.indexOf("\r\n\r\n") + 4);
      if (
        !result.isAnswered ||
        result.answerMs > 2_000 ||
        !statusLine.startsWith(`HTTP/1.1 ${fuzzCase.expectedStatus} `) ||
        body !== fuzzCase.expectedBody
      )
        failures += 1;
    }
  };
  await Promise.all(Array.from({ length: 48 }, worker));
  const valid = cases.filter((c) => c.kind === "valid" || c.kind === "slow_valid").length;
  const wrongEvent = cases.filter((c) => c.kind === "wrong_event").length;
  stray = Math.abs(server.stats.dispatched - valid - wrongEvent) + foreign.stats.received;
  await Promise.all([server.close(), foreign.close()]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const fdDelta = fdCount() - fdsBefore;
  return {
    scenario: "bridge fuzz (garbage, wrong token, oversized, slow, cut off)",
    runs: requests,
    failures: failures + stray,
    leaks: `${Math.max(0, fdDelta)} fds`,
  };
}

async function handlersUnderLoad(calls: number): Promise<Row> {
  const timersBefore = processFigures().timers;
  const errors: HookDispatchError[] = [];
  const dispatcher = createHookDispatcher<FakeHandlers, FakeHookEvent>({
    catalogue: fakeCatalogue,
    hookTimeoutMs: 300,
    handlers: {
      PreToolUse: (event) => {
        const index = Number(event.session_id.slice(1));
        if (index % 10 === 0) throw new Error("handler failed");
        if (index % 10 === 1) return new Promise(() => {});
        if (index % 10 === 2) return { decision: 42 } as never;
        return { decision: "allow" };
      },
    },
    onHookError: (error) => errors.push(error),
  });
  const server = await HookBridgeServer.start({ sink: dispatcher });
  let failures = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls) {
      const index = next++;
      const started = performance.now();
      const body = JSON.stringify({
        hook_event_name: "PreToolUse",
        session_id: `s${index}`,
        cwd: "/",
      });
      const response = await fetch(`${server.url}/hooks/PreToolUse`, {
        method: "POST",
        headers: { "x-elwood-token": server.token, "content-type": "application/json" },
        body,
      }).then((answer) => answer.text());
      const shouldFailOpen = index % 10 <= 2;
      if (performance.now() - started > 300 + 5_000) failures += 1;
      if (shouldFailOpen !== (response === "")) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: 100 }, worker));
  await server.close();
  const expected = { handler_error: 0, timeout: 0, invalid_response: 0 };
  for (let index = 0; index < calls; index += 1) {
    if (index % 10 === 0) expected.handler_error += 1;
    if (index % 10 === 1) expected.timeout += 1;
    if (index % 10 === 2) expected.invalid_response += 1;
  }
  for (const [category, count] of Object.entries(expected)) {
    failures += Math.abs(errors.filter((error) => error.category === category).length - count);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const timerDelta = processFigures().timers - timersBefore;
  return {
    scenario: "hook handlers: 1/10 throw, 1/10 hang, 1/10 invalid",
    runs: calls,
    failures,
    leaks: `${Math.max(0, timerDelta)} timers`,
  };
}

async function cliWorld(): Promise<CliWorld> {
  const server = await startScriptedModelServer();
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-rel-ws-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-rel-state-")));
  const home = await createAgentHome({ server, trustedDirs: [workspace] });
  // Plain prompts only: a crash run's tool prompt (`crash …`) must reach its own script.
  server.turn({ match: /^(plain|after|cycle)/, repeat: true, steps: [{ say: "answered" }] });
  return {
    server,
    home,
    workspace,
    stateDir: join(stateParent, "state"),
    async cleanup() {
      await server.close();
      await home.cleanup();
      await rm(workspace, { recursive: true, force: true });
      await rm(stateParent, { recursive: true, force: true });
    },
  };
}

const PHASES = ["starting", "ready", "mid-turn", "mid-hook", "mid-stop"] as const;

/** One parent SIGKILL: survivors after 2 s, and whether startOrResume then answers a turn. */
async function crashOnce(
  world: CliWorld,
  agent: "claude" | "codex",
  phase: (typeof PHASES)[number],
): Promise<{ survivors: number; isRecovered: boolean; failure?: string }> {
  const shell = agent === "claude" ? "Bash" : "exec_command";
  const long = `node -e "setTimeout(() => {}, 30000)"`;
  const prompt = `crash ${agent} ${phase} ${Math.random()}`;
  world.server.turn({
    match: prompt,
    steps: [
      { tool: { name: shell, input: agent === "claude" ? { command: long } : { cmd: long } } },
      { say: "ok" },
    ],
  });
  const { child, elwoodSessionId } = await startCrashParent(world, {
    agent,
    phase,
    prompt: phase === "mid-stop" ? "plain first turn" : prompt,
  });
  child.kill("SIGKILL");
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  // Found by the agent HOME: a mid-stop parent has killed itself before this, and what a
  // crash re-parented is no longer in the parent's tree.
  const alive = processesInHome(world.home.home);
  for (const pid of alive) process.kill(pid, "SIGKILL");
  const common = {
    cwd: world.workspace,
    env: world.home.env,
    stateDir: world.stateDir,
    autotrust: true,
  };
  let session: ElwoodAgentSession | undefined;
  let isRecovered = false;
  let failure: string | undefined;
  try {
    const result =
      agent === "claude"
        ? await startOrResumeClaude({ ...common, elwoodSessionId, permissionMode: "default" })
        : await startOrResumeCodex({ ...common, elwoodSessionId });
    session = result.session;
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendMessage("after the crash");
    await session.waitForActivity((event) => event.kind === "assistant_message", 60_000);
    isRecovered = true;
  } catch (error) {
    isRecovered = false;
    failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } finally {
    await session?.kill().catch(() => undefined);
  }
  return { survivors: alive.length, isRecovered, ...(failure === undefined ? {} : { failure }) };
}

async function crashRecovery(
  world: CliWorld,
  runs: number,
  phases: readonly (typeof PHASES)[number][],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const agent of ["claude", "codex"] as const) {
    for (const phase of phases) {
      let failures = 0;
      let survivors = 0;
      let firstFailure: string | undefined;
      for (let run = 0; run < runs; run += 1) {
        const result = await crashOnce(world, agent, phase).catch((error: unknown) => ({
          survivors: 0,
          isRecovered: false,
          failure: String(error),
        }));
        survivors += result.survivors;
        if (!result.isRecovered) failures += 1;
        firstFailure ??= result.failure;
      }
      rows.push({
        scenario: `parent SIGKILL ${phase}, then startOrResume (${agent})`,
        runs,
        failures,
        leaks: `${survivors} processes after 2 s`,
        ...(firstFailure === undefined ? {} : { firstFailure }),
      });
    }
  }
  return rows;
}

async function startCloseCycles(world: CliWorld, cycles: number): Promise<Row> {
  const before = processFigures();
  let failures = 0;
  const common = {
    cwd: world.workspace,
    env: world.home.env,
    stateDir: world.stateDir,
    autotrust: true,
  };
  for (let cycle = 1; cycle <= cycles; cycle += 1) {
    const session =
      cycle % 2 === 1
        ? new ClaudeSession({ ...common, permissionMode: "default" })
        : new CodexSession(common);
    try {
      if (!(await session.send(`cycle ${cycle}`)).includes("answered")) failures += 1;
    } catch {
      failures += 1;
    } finally {
      await session.close().catch(() => undefined);
      await session.teardown().catch(() => undefined);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = processFigures();
  return {
    scenario: "start, one turn, close (Claude and Codex alternating)",
    runs: cycles,
    failures,
    leaks: `${after.children - before.children} processes, ${after.fds - before.fds} fds, ${after.timers - before.timers} timers, ${(after.heapMiB - before.heapMiB).toFixed(1)} MiB heap`,
  };
}

function printTable(rows: readonly Row[]): void {
  const width = Math.max(...rows.map((row) => row.scenario.length), "scenario".length);
  console.log(
    `${"scenario".padEnd(width)}  ${"runs".padStart(6)}  ${"failures".padStart(8)}  leaks`,
  );
  for (const row of rows) {
    console.log(
      `${row.scenario.padEnd(width)}  ${String(row.runs).padStart(6)}  ${String(row.failures).padStart(8)}  ${row.leaks}`,
    );
  }
  for (const row of rows) {
    if (row.firstFailure !== undefined) console.log(`${row.scenario}: ${row.firstFailure}`);
  }
}

export async function runBenchmark(args: readonly string[] = []): Promise<void> {
  const rows: Row[] = [];
  rows.push(await bridgeFuzz(option(args, "fuzz", 10_000)));
  rows.push(await handlersUnderLoad(option(args, "hooks", 1_000)));
  rows.push(await sentinelAfterParentKill(option(args, "sentinel", 20)));
  rows.push(await foreignFoldersAtTeardown(option(args, "sentinel", 20)));
  rows.push(await forgedHooksRefused(option(args, "forged", 200)));
  rows.push(await serveStaysLocal(option(args, "serve", 50)));
  if (!args.includes("--no-cli")) {
    const world = await cliWorld();
    const guardRuns = option(args, "guard-runs", 1);
    try {
      rows.push(...(await crashRecovery(world, option(args, "crash-runs", 1), phasesOption(args))));
      rows.push(...(await parentKilledAfterDetach(world, guardRuns)));
      rows.push(...(await agentRewritesState(world, guardRuns)));
      rows.push(await startCloseCycles(world, option(args, "cycles", 20)));
    } finally {
      await world.cleanup();
    }
  }
  console.log(
    `load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
  );
  printTable(rows);
}
