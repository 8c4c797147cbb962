// LaunchSentinel (issue 21 item 4, C-LIFE-10): when the parent is SIGKILLed, the
// sentinel it started kills the launch's process group and every process carrying the
// launch tag — also those that left the group and the terminal with `setsid` or
// ignore SIGHUP with `nohup` — and nothing else; released, it exits and signals
// nothing; killed by someone else while the session lives, it is replaced. Processes
// are found by a marker in their environment, never by parentage.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { LAUNCH_TAG_ENV, newLaunchTag } from "../../../src/shell/tagged-processes.js";
import {
  isProcessAlive,
  processesWithEnv,
  sessionAndGroupOf,
  waitFor,
} from "../../support/process-table.js";

const FIXTURE = fileURLToPath(new URL("../../fixtures/sentinel-parent.mjs", import.meta.url));
const MARKER = "ELWOOD_TEST_MARKER";

const markers: string[] = [];
const parents: ChildProcess[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) parent.kill("SIGKILL");
  for (const marker of markers.splice(0))
    for (const pid of processesWithEnv(MARKER, marker)) process.kill(pid, "SIGKILL");
});

function newMarker(): string {
  const marker = `sentinel-${randomBytes(6).toString("hex")}`;
  markers.push(marker);
  return marker;
}

/** Runs `script` in sh with `env`; what it backgrounds is re-parented away from us. */
function runDetaching(script: string, env: Record<string, string>): void {
  spawn("/bin/sh", ["-c", script], {
    stdio: "ignore",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
  }).unref();
}

/** A `sleep 600` that leads its own process group (the launch's PTY leader stands in). */
function groupLeader(marker: string): number {
  const child = spawn("sleep", ["600"], {
    detached: true,
    stdio: "ignore",
    env: { [MARKER]: marker },
  });
  child.unref();
  return child.pid as number;
}

interface ParentRun {
  readonly parent: ChildProcess;
  readonly sentinelPid: number;
  /** Sends a line to the fixture and resolves with its next JSON reply. */
  ask(line: string): Promise<Record<string, unknown>>;
}

function startParent(config: { launchTag: string; group?: number }): Promise<ParentRun> {
  const parent = spawn(process.execPath, ["--import", "tsx", FIXTURE, JSON.stringify(config)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  parents.push(parent);
  const replies: ((reply: Record<string, unknown>) => void)[] = [];
  let buffered = "";
  parent.stdout?.on("data", (part: Buffer) => {
    buffered += part.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) replies.shift()?.(JSON.parse(line) as Record<string, unknown>);
  });
  const next = () => new Promise<Record<string, unknown>>((resolve) => replies.push(resolve));
  const ask = (line: string) => {
    const reply = next();
    parent.stdin?.write(`${line}\n`);
    return reply;
  };
  return next().then((first) => ({ parent, sentinelPid: first.sentinelPid as number, ask }));
}

async function allGone(pids: readonly number[], timeoutMs: number): Promise<boolean> {
  return waitFor(() => !pids.some(isProcessAlive), { timeoutMs, intervalMs: 25 });
}

describe.runIf(process.platform === "linux")("LaunchSentinel", () => {
  it("C-LIFE-10: after a parent SIGKILL it kills the launch's group and every tagged process (setsid, nohup) within 2 s, and nothing else", async () => {
    const tag = newLaunchTag();
    const [inGroup, setsid, nohup, bystander] = [
      newMarker(),
      newMarker(),
      newMarker(),
      newMarker(),
    ];
    const leader = groupLeader(inGroup);
    const tagged = { [LAUNCH_TAG_ENV]: tag };
    runDetaching("setsid sleep 600 >/dev/null 2>&1 </dev/null &", { ...tagged, [MARKER]: setsid });
    runDetaching("nohup sleep 600 >/dev/null 2>&1 </dev/null &", { ...tagged, [MARKER]: nohup });
    runDetaching("setsid sleep 600 >/dev/null 2>&1 </dev/null &", { [MARKER]: bystander });
    const found = () => [setsid, nohup, bystander].map((m) => processesWithEnv(MARKER, m));
    expect(await waitFor(() => found().every((pids) => pids.length === 1))).toBe(true);
    const [setsidPids, nohupPids, bystanderPids] = found();

    const run = await startParent({ launchTag: tag, group: leader });
    // Its own session and group: not in the launch's group, not the agent's descendant.
    expect(sessionAndGroupOf(run.sentinelPid)).toEqual({
      sid: run.sentinelPid,
      pgid: run.sentinelPid,
    });
    expect(sessionAndGroupOf(leader).pgid).toBe(leader);
    run.parent.kill("SIGKILL");

    const launch = [leader, ...(setsidPids ?? []), ...(nohupPids ?? [])];
    expect(await allGone([...launch, run.sentinelPid], 2_000)).toBe(true);
    expect((bystanderPids ?? []).every(isProcessAlive)).toBe(true);
  });

  it("released, it exits at once and signals nothing, even when the parent dies later", async () => {
    const tag = newLaunchTag();
    const marker = newMarker();
    runDetaching("setsid sleep 600 >/dev/null 2>&1 </dev/null &", {
      [LAUNCH_TAG_ENV]: tag,
      [MARKER]: marker,
    });
    expect(await waitFor(() => processesWithEnv(MARKER, marker).length === 1)).toBe(true);
    const leader = groupLeader(newMarker());
    const run = await startParent({ launchTag: tag, group: leader });
    expect(await run.ask("release")).toEqual({ released: true });
    expect(await allGone([run.sentinelPid], 2_000)).toBe(true);
    run.parent.kill("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(processesWithEnv(MARKER, marker)).toHaveLength(1);
    expect(isProcessAlive(leader)).toBe(true);
  });

  it("killed by another process while the session lives, it is replaced, and the replacement still ends the launch", async () => {
    const tag = newLaunchTag();
    const marker = newMarker();
    const run = await startParent({ launchTag: tag, group: groupLeader(marker) });
    // A sentinel that dies within its first second is taken as unable to run here.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    process.kill(run.sentinelPid, "SIGKILL");
    let replacement: number | undefined;
    const replaced = async () => {
      const { sentinelPid } = await run.ask("pid");
      replacement = typeof sentinelPid === "number" ? sentinelPid : undefined;
      return replacement !== undefined && replacement !== run.sentinelPid;
    };
    const deadline = Date.now() + 5_000;
    while (!(await replaced()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(run.sentinelPid);
    run.parent.kill("SIGKILL");
    expect(await allGone(processesWithEnv(MARKER, marker), 2_000)).toBe(true);
  });
});
