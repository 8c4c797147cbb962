// Hostile transcripts under a live session (issue 16 "Hostile and broken inputs"), for every
// agent of the one table (support/agent-table.ts): while a real session sits ready after
// one turn, its transcript (each CLI's JSONL file, found by the registry's
// findConversation) gets a 50 MiB single-line record appended, or is deleted, or is
// replaced by a copy. The parent stays up, the 50 MiB record is dropped with a
// content-free warning, and the next turn still answers. Codex keeps its rollout open and
// appends to the file it opened, so once the path is deleted or replaced what it writes is
// out of reach: the turn then fails typed (wait_timeout after catchUpMs) while the session
// stays up and ready (prd/decisions.md "Hostile inputs"); the others write on at the
// path (the row's `transcriptMoved`). (Reader-level bounds, 100,000-record bursts, invalid
// UTF-8 and truncated lines: test/unit/transcript/.)
import { copyFile, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ELWOOD_AGENTS } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodActivityEvent } from "../../src/core/contract/types.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import {
  AGENT_ROWS,
  type AgentRow,
  type TurnAfterTranscriptMoved,
} from "../support/agent-table.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();
const PAD_BYTE = "Q";
const FIFTY_MIB = 50 * 2 ** 20;

/**
 * The transcript the CLI is writing, where the agent's registry entry finds the
 * conversation the session recorded (Claude projects/, Codex sessions/, Gemini chats/,
 * Copilot session-state/): a file of lines, so a record can be appended as one.
 */
async function transcriptOf(fx: ClaudeFixture, session: ElwoodAgentSession): Promise<string> {
  const recordPath = join(fx.stateDir, "sessions", session.elwoodSessionId, "record.json");
  const record = JSON.parse(await readFile(recordPath, "utf8")) as {
    resume: { agentSessionId?: string };
  };
  const agentSessionId = record.resume.agentSessionId;
  expect(agentSessionId).toEqual(expect.any(String));
  const find = ELWOOD_AGENTS.get(session.agent).findConversation;
  expect(find, `${session.agent} declares findConversation`).toBeTypeOf("function");
  const found = await find?.(agentSessionId as string, fx.home.env);
  expect(found?.state).toBe("written");
  expect(found?.path).toMatch(/\.jsonl$/);
  return found?.path as string;
}

/** The texts of the assistant messages the session reported, in order. */
function assistantTexts(activity: readonly ElwoodActivityEvent[]): string[] {
  return activity.flatMap((event) => (event.kind === "assistant_message" ? [event.text] : []));
}

async function readySession(fx: ClaudeFixture, row: AgentRow) {
  const session = await row.start({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
  fx.defer(() => ensureGone(session));
  const warnings: ElwoodWarningEvent[] = [];
  const activity: ElwoodActivityEvent[] = [];
  session.on("warning", (warning) => warnings.push(warning));
  session.on("activity", (event) => activity.push(event));
  const first = token("first-answer");
  fx.server.turn({ match: "first question", steps: [{ say: first }] });
  expect(await session.send("first question")).toContain(first);
  // The reply can resolve before its record is reported (Copilot reads it at the hook).
  await expect
    .poll(() => assistantTexts(activity).join("\n"), { timeout: 10_000 })
    .toContain(first);
  return { session, warnings, activity, first, transcript: await transcriptOf(fx, session) };
}

/** Sends the next turn; resolves with its reply once it held the scripted answer. */
async function expectNextTurnAnswers(
  fx: ClaudeFixture,
  session: ElwoodAgentSession,
): Promise<string> {
  const answer = token("still-working");
  fx.server.turn({ match: "next question", steps: [{ say: answer }] });
  const reply = await session.send("next question", { timeoutMs: 60_000 });
  expect(reply).toContain(answer);
  expect(session.status).toBe("ready");
  return reply;
}

/**
 * The turn after the transcript was deleted or replaced: answered, or failed typed with
 * the session still ready (the row's `transcriptMoved`, see the top).
 */
async function expectNextTurnAfterPathChange(
  fx: ClaudeFixture,
  expected: TurnAfterTranscriptMoved,
  session: ElwoodAgentSession,
): Promise<string | undefined> {
  if (expected === "answers") return expectNextTurnAnswers(fx, session);
  fx.server.turn({ match: "next question", steps: [{ say: token("out-of-reach") }] });
  const turn = session.send("next question", { timeoutMs: 60_000, catchUpMs: 3_000 });
  await expect(turn).rejects.toMatchObject({ name: expected.fails });
  await session.waitForStatus((status) => status === "ready", 30_000);
  return undefined;
}

describe("hostile transcripts under a live session", () => {
  test.each(AGENT_ROWS)(
    "C-CLAUDE-15: $agent: a 50 MiB single-line record is dropped with a content-free warning and the next turn answers",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const { session, warnings, transcript } = await readySession(fx, row);
      const huge = `{"type":"elwood-hostile","pad":"${PAD_BYTE.repeat(FIFTY_MIB)}"}\n`;
      await writeFile(transcript, huge, { flag: "a" });
      await expectNextTurnAnswers(fx, session);
      const dropped = warnings.filter((w) => w.code === "transcript_records_dropped");
      expect(dropped).toContainEqual(expect.objectContaining({ cause: "oversized" }));
      expect(JSON.stringify(warnings)).not.toContain(PAD_BYTE.repeat(64));
      await session.stop();
    },
  );

  test.each(AGENT_ROWS)(
    "C-CLAUDE-15: $agent: the transcript deleted mid-session: no crash; the next turn answers, or fails typed where the CLI keeps the file open",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const { session, transcript } = await readySession(fx, row);
      await rm(transcript);
      await expectNextTurnAfterPathChange(fx, row.transcriptMoved, session);
      await session.stop();
    },
  );

  test.each(AGENT_ROWS)(
    "C-CLAUDE-15: $agent: the transcript replaced by a copy mid-session: no repeats; the next turn answers, or fails typed where the CLI keeps the file open",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const { session, activity, first, transcript } = await readySession(fx, row);
      await copyFile(transcript, `${transcript}.copy`);
      await rename(`${transcript}.copy`, transcript);
      const before = activity.length;
      // Not read again from the start: the first turn's answer is not in the second's reply,
      // nor reported again as activity.
      const reply = await expectNextTurnAfterPathChange(fx, row.transcriptMoved, session);
      expect(reply ?? "").not.toContain(first);
      expect(assistantTexts(activity.slice(before)).join("\n")).not.toContain(first);
      await session.stop();
    },
  );
});
