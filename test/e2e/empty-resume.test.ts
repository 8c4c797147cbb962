// A session that never took a prompt resumes as the empty conversation it was (issue 23
// "Done when" 1, prd/decisions.md "An empty conversation resumes"): loops created before
// the first turn (the durable definitions §5.9 keeps "for resume") come back with their
// ids and jitter, whether the session was stopped or its parent was SIGKILLed, and the
// resumed session answers a prompt. Every agent of the one table (support/agent-table.ts):
// Claude and Copilot are relaunched under the conversation id they were first launched
// with (`--session-id`); Codex, which takes no chosen id, starts its conversation afresh,
// and Gemini does either, as its chat file of that id allows. Real pinned CLIs against the
// scripted model server.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ElwoodLoopSnapshot } from "../../src/core/contract/loops.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import { type CrashParentRun, startCrashParent } from "../support/crash-parent.js";
import { commandLineOf, processesInHome, survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

/** Loops long enough that none fires during the test: they are definitions to keep. */
const LOOP_INTERVAL_MS = 3_600_000;
const LOOP_COUNT = 5;

interface StoredRecord {
  readonly resume: {
    readonly agentSessionId?: string;
    readonly launched?: { readonly agentSessionId?: string };
  };
}

async function readRecord(fx: ClaudeFixture, id: string): Promise<StoredRecord> {
  const text = await readFile(join(fx.stateDir, "sessions", id, "record.json"), "utf8");
  return JSON.parse(text) as StoredRecord;
}

function common(fx: ClaudeFixture) {
  return { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir };
}

async function start(fx: ClaudeFixture, row: AgentRow) {
  const session = await row.start(common(fx));
  fx.defer(() => ensureGone(session));
  return session;
}

async function resume(fx: ClaudeFixture, row: AgentRow, elwoodSessionId: string) {
  const session = await row.resume({ ...common(fx), elwoodSessionId });
  fx.defer(() => ensureGone(session));
  const warnings: ElwoodWarningEvent[] = [];
  session.on("warning", (warning) => warnings.push(warning));
  return { session, warnings };
}

/**
 * The command line of the agent home's process launched with `--session-id <id>`, the
 * flag's value separate or after `=` (Copilot's), read as `--session-id <id>`.
 */
function launchedWith(fx: ClaudeFixture, id: string | undefined): string {
  const lines = processesInHome(fx.home.home).map((pid) =>
    commandLineOf(pid).replace(`--session-id=${id}`, `--session-id ${id}`),
  );
  return lines.find((line) => line.includes(`--session-id ${id}`)) ?? "";
}

function loopShape(loops: readonly Pick<ElwoodLoopSnapshot, "id" | "jitterMs" | "createdAt">[]) {
  return loops.map((loop) => ({ id: loop.id, jitterMs: loop.jitterMs, createdAt: loop.createdAt }));
}

/** Resumed, ready, same loops, and a prompt answered; the record then holds the conversation. */
async function expectWorkingResume(
  fx: ClaudeFixture,
  row: AgentRow,
  elwoodSessionId: string,
  loops: ReturnType<typeof loopShape>,
  launchedId: string | undefined,
) {
  const { session, warnings } = await resume(fx, row, elwoodSessionId);
  expect(session.elwoodSessionId).toBe(elwoodSessionId);
  await session.waitForStatus((status) => status === "ready", 90_000);
  expect(loopShape(await session.listLoops())).toEqual(loops);
  if (row.emptyResume === "launched-id") {
    // Relaunched under the id it was first launched with: a new conversation, not --resume.
    const line = launchedWith(fx, launchedId);
    expect(line).toContain(`--session-id ${launchedId}`);
    expect(line).not.toContain("--resume");
  }
  expect(warnings.map((warning) => warning.code)).toEqual(["resumed_empty_conversation"]);
  expect(await session.send("after the resume")).toContain("back again");
  const record = await readRecord(fx, elwoodSessionId);
  if (row.emptyResume === "launched-id") expect(record.resume.agentSessionId).toBe(launchedId);
  else expect(record.resume.agentSessionId).toEqual(expect.any(String));
  // From here on it is a conversation like any other: the next resume is a real one.
  await session.stop();
  const again = await row.startOrResume({ ...common(fx), elwoodSessionId });
  fx.defer(() => ensureGone(again.session));
  expect(again.resumed).toBe(true);
  expect(again.session.elwoodSessionId).toBe(elwoodSessionId);
  await again.session.waitForStatus((status) => status === "ready", 90_000);
  await again.session.stop();
}

function runParent(fx: ClaudeFixture, row: AgentRow): Promise<CrashParentRun> {
  const loops = { count: LOOP_COUNT, intervalMs: LOOP_INTERVAL_MS };
  return startCrashParent(fx, {
    agent: row.agent,
    ...common(fx),
    phase: "ready",
    prompt: "unused",
    loops,
  });
}

describe("a session stopped or killed before its first turn resumes empty, loops intact", () => {
  test.each(AGENT_ROWS)(
    "C-LOOP-12 C-API-26: $agent: start → createLoop ×5 → stop() → resume keeps ids and jitter and answers",
    async (row) => {
      const fx = await newFixture(row.fixture);
      fx.server.turn({ match: "after the resume", steps: [{ say: "back again" }] });
      const first = await start(fx, row);
      await first.waitForStatus((status) => status === "ready", 90_000);
      for (let i = 0; i < LOOP_COUNT; i += 1) {
        await first.createLoop({
          mode: "fixed",
          intervalMs: LOOP_INTERVAL_MS,
          message: token(`loop-${i}`),
        });
      }
      const loops = loopShape(await first.listLoops());
      expect(loops).toHaveLength(LOOP_COUNT);
      const launchedId = (await readRecord(fx, first.elwoodSessionId)).resume.launched
        ?.agentSessionId;
      if (row.emptyResume === "launched-id") {
        expect(launchedId).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
        expect(launchedWith(fx, launchedId)).toContain(`--session-id ${launchedId}`);
      }
      await first.stop();
      expect((await readRecord(fx, first.elwoodSessionId)).resume.agentSessionId).toBeUndefined();
      await expectWorkingResume(fx, row, first.elwoodSessionId, loops, launchedId);
    },
  );

  test.each(AGENT_ROWS)(
    "C-LOOP-12 C-API-26: $agent: a parent SIGKILLed before the first turn leaves a session that resumes with its loops",
    async (row) => {
      const fx = await newFixture(row.fixture);
      fx.server.turn({ match: "after the resume", steps: [{ say: "back again" }] });
      const run = await runParent(fx, row);
      const stored = await readRecord(fx, run.elwoodSessionId);
      const sidecar = JSON.parse(
        await readFile(join(fx.stateDir, "sessions", run.elwoodSessionId, "loops.json"), "utf8"),
      ) as { loops: Pick<ElwoodLoopSnapshot, "id" | "jitterMs" | "createdAt">[] };
      const loops = loopShape(sidecar.loops);
      expect(loops).toHaveLength(LOOP_COUNT);
      run.child.kill("SIGKILL");
      expect(await survivorsInHome(fx.home.home, 2_000)).toEqual([]);
      expect(stored.resume.agentSessionId).toBeUndefined();
      await expectWorkingResume(
        fx,
        row,
        run.elwoodSessionId,
        loops,
        stored.resume.launched?.agentSessionId,
      );
    },
  );
});
