// Crash safety (TARGETS "kill -9 the writer ≥ 1,000 times", C-STATE-03, C-LOOP-21):
// real writer processes are SIGKILLed at random moments mid-write and the real
// reader must always find a complete, valid record and sidecar. The suite kills 102 times
// (about 4 in 10 interrupt a write); `npm run bench -- crash-safety` runs this same file
// with ELWOOD_CRASH_KILLS=1020 for the target's sample.

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StateStore } from "../../../src/state/index.js";
import { crashLoops, crashRecord } from "../../fixtures/state-crash-data.mjs";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const WRITER = path.join(REPO, "test/fixtures/state-writer.mjs");
const PARALLEL_WRITERS = 6;
const TSX_KILLS = 12;
const TOTAL_KILLS = Number(process.env.ELWOOD_CRASH_KILLS ?? 102);
const BUNDLED_KILLS = TOTAL_KILLS - TSX_KILLS;
// Each write is two atomic writes now (the private copy, then the record): kills spread over
// 60 ms land both mid-write and after a completed write.
const MAX_KILL_DELAY_MS = 60;
const TEMP_FILE = /^\.(record|loops)\.json\..+\.tmp$/;

interface Slot {
  readonly cwd: string;
  readonly stateDir: string;
  readonly sessionId: string;
  readonly store: StateStore;
  /** The two records and sidecars the writer alternates between. */
  readonly expected: readonly { record: unknown; loops: unknown }[];
}

interface KillTally {
  kills: number;
  /** Sum of spawn-to-ready times, to tell writer start-up cost from everything else. */
  startupMs: number;
  interruptedWrites: number;
  recordVariants: Set<string>;
}

let root: string;
let bundle: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "elwood-crash-"));
  bundle = path.join(root, "state.mjs");
  // One compiled copy of the real src/state code, so each writer starts in ~50 ms
  // instead of recompiling TypeScript through tsx on every spawn.
  await build({
    entryPoints: [path.join(REPO, "src/state/index.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: bundle,
    minify: true,
    logLevel: "silent",
  });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function makeSlot(index: number): Promise<Slot> {
  const cwd = path.join(root, `slot-${index}`);
  const stateDir = path.join(cwd, "state");
  const sessionId = `crash-${index}`;
  mkdirSync(cwd);
  const store = await StateStore.open({ cwd, stateDir });
  await store.writeRecord(crashRecord(cwd, sessionId, 0));
  await store.writeLoops(sessionId, crashLoops(0));
  const expected = ([0, 1] as const).map((variant) => ({
    record: crashRecord(cwd, sessionId, variant),
    loops: crashLoops(variant),
  }));
  return { cwd, stateDir, sessionId, store, expected };
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("writer never became ready")), 30_000);
    child.once("exit", () => clearTimeout(timer));
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (!chunk.toString().includes("ready")) return;
      clearTimeout(timer);
      resolve();
    });
    child.once("exit", (code) => reject(new Error(`writer exited early (${code}): ${stderr}`)));
  });
}

// One spawn → random delay → SIGKILL → verify cycle on one slot.
async function killOnce(slot: Slot, useBundle: boolean, tally: KillTally): Promise<void> {
  const args = useBundle ? [WRITER] : ["--import", "tsx", WRITER];
  const { STATE_WRITER_MODULE: _inherited, ...inheritedEnv } = process.env;
  const env = useBundle ? { ...inheritedEnv, STATE_WRITER_MODULE: bundle } : inheritedEnv;
  const child = spawn(process.execPath, [...args, slot.stateDir, slot.cwd, slot.sessionId], {
    cwd: REPO,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => {
    child.once("exit", (_code, signal) => resolve(signal));
  });
  const spawnedAt = performance.now();
  await waitForReady(child);
  tally.startupMs += performance.now() - spawnedAt;
  await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_KILL_DELAY_MS));
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
  tally.kills += 1;

  // Each write goes to the private copy first, then the workspace record (issue 21): a kill
  // in either leaves a temp file there.
  const dirs = [slot.store.sessionDir(slot.sessionId), await slot.store.privateDir(slot.sessionId)];
  const hasTemp = (dir: string) =>
    existsSync(dir) && readdirSync(dir).some((name) => TEMP_FILE.test(name));
  if (dirs.some(hasTemp)) tally.interruptedWrites += 1;
  const record = await slot.store.readRecord(slot.sessionId);
  const variant = record.resume.agentSessionId === "agent-a" ? 0 : 1;
  expect(record).toEqual(slot.expected[variant]?.record);
  tally.recordVariants.add(`${variant}`);
  const loops = await slot.store.readLoops(slot.sessionId);
  const loopVariant = loops[0]?.id.startsWith("loop-x") ? 0 : 1;
  expect(loops).toEqual(slot.expected[loopVariant]?.loops);
}

function progress(tally: KillTally, started: number): string {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const startup = (tally.startupMs / Math.max(tally.kills, 1)).toFixed(0);
  return `${tally.kills} SIGKILLs in ${seconds} s (writer start-up ${startup} ms avg), ${tally.interruptedWrites} left a temp file mid-write`;
}

describe("state crash safety", () => {
  it("C-STATE-03 C-LOOP-21: ≥ 100 SIGKILLs mid-write never leave an unreadable record or sidecar", async () => {
    expect(TOTAL_KILLS, "ELWOOD_CRASH_KILLS must be at least 100").toBeGreaterThanOrEqual(100);
    const started = performance.now();
    const slots = await Promise.all(
      Array.from({ length: PARALLEL_WRITERS }, (_, index) => makeSlot(index)),
    );
    const tally: KillTally = {
      kills: 0,
      startupMs: 0,
      interruptedWrites: 0,
      recordVariants: new Set(),
    };
    for (let done = 0; done < TSX_KILLS; done += PARALLEL_WRITERS)
      await Promise.all(slots.map((slot) => killOnce(slot, false, tally)));
    for (let done = 0; done < BUNDLED_KILLS; done += PARALLEL_WRITERS) {
      await Promise.all(slots.map((slot) => killOnce(slot, true, tally)));
      if (tally.kills % 240 === 0) console.log(progress(tally, started));
    }

    // The next write sweeps every temp file the killed writers left behind.
    for (const slot of slots) {
      await slot.store.writeRecord(crashRecord(slot.cwd, slot.sessionId, 1));
      const leftovers = readdirSync(slot.store.sessionDir(slot.sessionId)).filter((name) =>
        TEMP_FILE.test(name),
      );
      expect(leftovers).toEqual([]);
    }
    console.log(`crash safety done: ${progress(tally, started)}, 0 unreadable records`);
    expect(tally.kills).toBeGreaterThanOrEqual(TOTAL_KILLS);
    expect(tally.interruptedWrites).toBeGreaterThan(0);
    expect(tally.recordVariants.size).toBe(2);
  }, 600_000);
});
