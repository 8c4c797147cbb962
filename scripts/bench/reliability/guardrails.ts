// The reliability rows of issue 21 (the README's Guarantees): the launch sentinel after
// a parent SIGKILL (in-process: detached sleeps, plus its start time and RSS), teardown
// beside another user's folders (needs root for chown), and against the real CLIs a
// parent SIGKILLed after a tool ran `setsid`/`nohup`, and an agent that rewrites every
// file under `.elwood/` (the deny still holds, a bare resume is refused before spawning).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  startClaude,
  startCodex,
  startOrResumeClaude,
  startOrResumeCodex,
} from "../../../src/agents.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import type { ElwoodAgentSession } from "../../../src/core/contract/session.js";
import { ElwoodError } from "../../../src/errors.js";
import { LaunchSentinel } from "../../../src/shell/sentinel.js";
import { LAUNCH_TAG_ENV, newLaunchTag } from "../../../src/shell/tagged-processes.js";
import { StateStore } from "../../../src/state/index.js";
import { postHook, recordingSink } from "../../../test/fixtures/bridge-http.js";
import { EXPLOIT_COMMAND } from "../../../test/support/guardrails.js";
import {
  descendantsOf,
  isProcessAlive,
  processesWithEnv,
  waitFor,
} from "../../../test/support/process-table.js";
import { startCrashParent } from "./crash-parent.js";
import type { CliWorld, Row } from "./types.js";

const MARKER = "ELWOOD_TEST_MARKER";
const SENTINEL_PARENT = fileURLToPath(
  new URL("../../../test/fixtures/sentinel-parent.mjs", import.meta.url),
);
const AGENTS = ["claude", "codex"] as const;
type Agent = (typeof AGENTS)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

function shellCall(agent: Agent, command: string) {
  const name = agent === "claude" ? "Bash" : "exec_command";
  return { tool: { name, input: agent === "claude" ? { command } : { cmd: command } } };
}

// Two detached sleeps, then a long foreground command: the parent dies mid-tool (Codex
// ends a finished command's process group, which would take the `nohup` one with it).
function detachingCommand(marker: string): string {
  const quiet = ">/dev/null 2>&1 </dev/null &";
  const long = `node -e "setTimeout(() => {}, 30000)"`;
  return `${MARKER}=${marker} setsid sleep 600 ${quiet} ${MARKER}=${marker} nohup sleep 600 ${quiet} ${long}`;
}

function killMarked(marker: string): number {
  const left = processesWithEnv(MARKER, marker);
  for (const pid of left) process.kill(pid, "SIGKILL");
  return left.length;
}

/** Spawn time and RSS of a sentinel started in this process (Linux /proc). */
async function sentinelCost(samples: number): Promise<{ startMs: number; rssMiB: number }> {
  const starts: number[] = [];
  const rss: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const started = performance.now();
    const sentinel = LaunchSentinel.start({ launchTag: newLaunchTag() });
    starts.push(performance.now() - started);
    await sleep(50);
    const status = readFileSync(`/proc/${sentinel.pid}/status`, "utf8");
    rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    sentinel.release();
  }
  return { startMs: median(starts), rssMiB: median(rss) };
}

/** A parent with a sentinel, a tagged `setsid` and `nohup` sleep; SIGKILL; survivors at 2 s. */
export async function sentinelAfterParentKill(runs: number): Promise<Row> {
  let failures = 0;
  let survivors = 0;
  for (let run = 0; run < runs; run += 1) {
    const tag = newLaunchTag();
    const marker = `bench-${randomBytes(6).toString("hex")}`;
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      [LAUNCH_TAG_ENV]: tag,
      [MARKER]: marker,
    };
    for (const detach of ["setsid", "nohup"])
      spawn("/bin/sh", ["-c", `${detach} sleep 600 >/dev/null 2>&1 </dev/null &`], {
        stdio: "ignore",
        env,
      }).unref();
    await waitFor(() => processesWithEnv(MARKER, marker).length === 2, { timeoutMs: 5_000 });
    const parent = spawn(
      process.execPath,
      ["--import", "tsx", SENTINEL_PARENT, JSON.stringify({ launchTag: tag })],
      { stdio: ["pipe", "pipe", "ignore"] },
    );
    await new Promise((resolve) => parent.stdout?.once("data", resolve));
    parent.kill("SIGKILL");
    await waitFor(() => processesWithEnv(MARKER, marker).length === 0, { timeoutMs: 2_000 });
    const left = killMarked(marker);
    survivors += left;
    if (left > 0) failures += 1;
  }
  const cost = await sentinelCost(20);
  return {
    scenario: "launch sentinel: parent SIGKILL, tagged setsid + nohup sleeps",
    runs,
    failures,
    leaks: `${survivors} processes after 2 s; sentinel start p50 ${cost.startMs.toFixed(1)} ms, RSS p50 ${cost.rssMiB.toFixed(1)} MiB`,
  };
}

/** Teardown with `<tmp>/elwood-<uid>` and the private root owned by another uid. */
export async function foreignFoldersAtTeardown(runs: number): Promise<Row> {
  const scenario = "teardown beside another user's <tmp>/elwood-<uid> and private root";
  if (process.getuid?.() !== 0)
    return { scenario, runs: 0, failures: 0, leaks: "skipped: chown needs root" };
  let failures = 0;
  let firstFailure: string | undefined;
  for (let run = 0; run < runs; run += 1) {
    const base = mkdtempSync(join(tmpdir(), "elwood-rel-foreign-"));
    try {
      const cwd = join(base, "project");
      mkdirSync(cwd);
      const privateRoot = join(base, "state", "elwood", "private");
      const store = await StateStore.open({ cwd, tempDir: join(base, "tmp"), privateRoot });
      const record = { schemaVersion: 1 as const, elwoodSessionId: "s", adapter: "claude", cwd };
      await store.writeRecord({ ...record, resume: { posture: {} } });
      const socketParent = join(base, "tmp", `elwood-${process.getuid?.()}`);
      mkdirSync(socketParent, { recursive: true });
      chownSync(socketParent, 54_321, 54_321);
      chownSync(privateRoot, 54_321, 54_321);
      const removed = await store.removeSession("claude", "s");
      if (!removed.sessionDir || removed.skipped.length !== 2)
        throw new Error(JSON.stringify(removed));
    } catch (error) {
      failures += 1;
      firstFailure ??= String(error);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
  return {
    scenario,
    runs,
    failures,
    leaks: "-",
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}

/** Parent SIGKILLed after a tool ran `setsid sleep 600 &` and `nohup sleep 600 &`. */
export async function parentKilledAfterDetach(world: CliWorld, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const agent of AGENTS) {
    let failures = 0;
    let survivors = 0;
    let firstFailure: string | undefined;
    for (let run = 0; run < runs; run += 1) {
      const marker = `bench-${randomBytes(6).toString("hex")}`;
      const prompt = `detach ${agent} ${marker}`;
      world.server.turn({
        match: prompt,
        steps: [shellCall(agent, detachingCommand(marker)), { say: "detached" }],
      });
      try {
        // Codex's default sandbox ends a detached process with its command (its own PID
        // namespace); danger-full-access does not, which is the case to prove.
        const posture = agent === "codex" ? { sandbox: "danger-full-access" } : {};
        const parent = await startCrashParent(world, { agent, phase: "mid-turn", prompt, posture });
        await waitFor(() => processesWithEnv(MARKER, marker).length === 2, {
          timeoutMs: 60_000,
          intervalMs: 100,
        });
        const started = descendantsOf(parent.child.pid as number).map((entry) => entry.pid);
        parent.child.kill("SIGKILL");
        await sleep(2_000);
        const left = started.filter(isProcessAlive);
        for (const pid of left) process.kill(pid, "SIGKILL");
        const count = left.length + killMarked(marker);
        survivors += count;
        if (count > 0) failures += 1;
      } catch (error) {
        failures += 1;
        firstFailure ??= String(error);
        killMarked(marker);
      }
    }
    rows.push({
      scenario: `parent SIGKILL after a tool ran setsid + nohup (${agent})`,
      runs,
      failures,
      leaks: `${survivors} processes after 2 s`,
      ...(firstFailure === undefined ? {} : { firstFailure }),
    });
  }
  return rows;
}

async function expectRefused(resumed: unknown, field: string): Promise<void> {
  if (resumed instanceof ElwoodError && resumed.name === "state_corrupt") {
    if (resumed.details?.field === field) return;
    throw new Error(
      `the bare resume was refused for ${String(resumed.details?.field)}, not ${field}`,
    );
  }
  if (!(resumed instanceof ElwoodError)) await (resumed as ElwoodAgentSession).kill();
  throw new Error(`the bare resume was not refused: ${String(resumed)}`);
}

/** One exploit run; throws unless the deny held and the bare resume was refused unspawned. */
async function exploitOnce(world: CliWorld, agent: Agent): Promise<void> {
  const marker = `never-runs-${randomBytes(6).toString("hex")}`;
  const markerFile = join(world.workspace, `${marker}.txt`);
  world.server.turn({
    match: `rewrite ${marker}`,
    steps: [shellCall(agent, EXPLOIT_COMMAND), { say: "rewrote" }],
  });
  world.server.turn({
    match: `touch ${marker}`,
    steps: [shellCall(agent, `touch ${markerFile}`), { say: "tried" }],
  });
  const decide = (event: { tool_input: { command: string } }) => {
    if (event.tool_input.command.includes(marker))
      return { permissionDecision: "deny" as const, permissionDecisionReason: "no" };
    return agent === "claude" ? { permissionDecision: "allow" as const } : undefined;
  };
  const hooks = { PreToolUse: { Bash: decide } };
  const options = { cwd: world.workspace, env: world.home.env, hooks, autotrust: true };
  let session: ElwoodAgentSession | undefined;
  try {
    session = agent === "claude" ? await startClaude(options) : await startCodex(options);
    const said = (text: string) => (event: { kind: string; text?: string }) =>
      event.kind === "assistant_message" && (event.text ?? "").includes(text);
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendMessage(`rewrite ${marker}`);
    await session.waitForActivity(said("rewrote"), 60_000);
    await session.sendMessage(`touch ${marker}`);
    await session.waitForActivity(said("tried"), 60_000);
    await session.stop();
    if (processesWithEnv("ELWOOD_SESSION_ID", session.elwoodSessionId).length > 0)
      throw new Error("the stopped session left a process");
    const resume = { ...options, elwoodSessionId: session.elwoodSessionId };
    const bareResume = () =>
      (agent === "claude" ? startOrResumeClaude(resume) : startOrResumeCodex(resume)).then(
        (result) => result.session,
        (error: unknown) => error,
      );
    await expectRefused(await bareResume(), "resume.posture");
    // Deleting the record must not turn the resume into a fresh, looser start.
    rmSync(join(world.workspace, ".elwood", "sessions", session.elwoodSessionId, "record.json"));
    await expectRefused(await bareResume(), "record");
    if (processesWithEnv("ELWOOD_SESSION_ID", session.elwoodSessionId).length > 0)
      throw new Error("the refused resume spawned a process");
    if (existsSync(markerFile)) throw new Error("the denied command ran");
  } finally {
    await session?.teardown().catch(() => undefined);
    rmSync(join(world.workspace, ".elwood"), { recursive: true, force: true });
    rmSync(join(world.workspace, ".claude"), { recursive: true, force: true });
    rmSync(join(world.workspace, ".codex"), { recursive: true, force: true });
  }
}

/** The agent rewrites `.elwood/`: the deny holds and a bare startOrResume is refused. */
export async function agentRewritesState(world: CliWorld, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const agent of AGENTS) {
    let failures = 0;
    let firstFailure: string | undefined;
    for (let run = 0; run < runs; run += 1) {
      await exploitOnce(world, agent).catch((error: unknown) => {
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      });
    }
    rows.push({
      scenario: `agent rewrites .elwood/: deny holds, bare resume refused, deleted record too (${agent})`,
      runs,
      failures,
      leaks: "-",
      ...(firstFailure === undefined ? {} : { firstFailure }),
    });
  }
  return rows;
}

/**
 * Forged hooks: the right token and a valid body, posted by a process that is not the
 * CLI (this bench, standing in for a tool that read the CLI's environment), for an http
 * event and a command event. Real sockets and the real /proc peer check; none may reach
 * the handlers.
 */
export async function forgedHooksRefused(runs: number): Promise<Row> {
  const scenario = "forged hooks: right token from a process that is not the CLI";
  const recording = recordingSink(async () => '{"decision":"block"}');
  const server = await HookBridgeServer.start({ sink: recording.sink });
  // The "CLI": a process this bench started, so its pid is known and it holds no socket.
  const cli = spawn("sleep", ["600"], { stdio: "ignore" });
  let failures = 0;
  let firstFailure: string | undefined;
  try {
    server.admitOnlyPeersOf({
      cliPid: cli.pid as number,
      clientKind: "bash",
      hookTimeoutMs: 1000,
      isCommandEvent: (eventName) => eventName === "SessionStart",
    });
    for (let run = 0; run < runs; run += 1) {
      const event = run % 2 === 0 ? "PreToolUse" : "SessionStart";
      const before = recording.dispatched.length;
      const reply = await postHook({
        port: server.port,
        path: `/hooks/${event}`,
        token: server.token,
        body: JSON.stringify({ hook_event_name: event, session_id: "s", cwd: "/" }),
      }).catch((error: unknown) => ({ status: 0, body: String(error) }));
      if (recording.dispatched.length !== before || reply.body.includes("block")) {
        failures += 1;
        firstFailure ??= `${event} was dispatched (status ${reply.status})`;
      }
    }
  } finally {
    cli.kill("SIGKILL");
    await server.close();
  }
  const { foreignPeer, dispatched } = server.stats;
  return {
    scenario,
    runs,
    failures,
    leaks: `${dispatched} dispatched, ${foreignPeer} refused as foreign peers`,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}
