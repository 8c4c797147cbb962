// A conversation gone from the CLI's own files (issue 47 "Done when" 1, prd/decisions.md
// "A conversation gone from disk"), for every agent of the one table (support/agent-table.ts;
// each declares `findConversation`): after a turn and stop(), a transcript cut in the middle
// of its last record still resumes the same conversation, the first turn answered with
// exactly its own reply and the history never seen again as new activity; once the
// transcript is deleted,
// resume* rejects resume_unavailable naming the file before anything is spawned (the CLI
// executable is a wrapper that logs every run), `elwood sessions --output json` lists the
// session as not resumable with the reason, and startOrResume* starts a working fresh
// conversation with resumed: false and the conversation_missing warning. Real pinned CLIs
// against the scripted model server.
import { chmod, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ELWOOD_AGENTS } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodActivityEvent } from "../../src/core/contract/types.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, ensureGone, rejection, token } from "../support/claude-e2e.js";
import { assertBuilt, runBin } from "../support/cli-bin.js";
import { cliBinary } from "../support/cli-binaries.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

interface Setup {
  readonly fx: ClaudeFixture;
  readonly row: AgentRow;
  /** The CLI behind a wrapper that appends one line to `runLog` per run. */
  readonly executable: string;
  readonly runLog: string;
}

async function setUp(row: AgentRow): Promise<Setup> {
  const fx = await newFixture(row.fixture);
  const runLog = join(fx.home.home, "cli-runs.log");
  const executable = join(fx.home.home, `logged-${row.agent}`);
  await writeFile(runLog, "");
  await writeFile(
    executable,
    `#!/bin/sh\necho "run $*" >> '${runLog}'\nexec '${cliBinary(row.agent)}' "$@"\n`,
  );
  await chmod(executable, 0o755);
  return { fx, row, executable, runLog };
}

function common({ fx, executable }: Setup) {
  return { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir, executable };
}

async function opened(setup: Setup, session: ElwoodAgentSession) {
  setup.fx.defer(() => ensureGone(session));
  const warnings: ElwoodWarningEvent[] = [];
  const activity: ElwoodActivityEvent[] = [];
  session.on("warning", (warning) => warnings.push(warning));
  session.on("activity", (event) => activity.push(event));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return { session, warnings, activity };
}

/** The texts of the user and assistant messages the session reported, in order. */
function messageTexts(activity: readonly ElwoodActivityEvent[]): string[] {
  return activity.flatMap((event) =>
    event.kind === "user_message" || event.kind === "assistant_message" ? [event.text] : [],
  );
}

function resume(setup: Setup, elwoodSessionId: string): Promise<ElwoodAgentSession> {
  return setup.row.resume({ ...common(setup), elwoodSessionId });
}

async function startOrResume(setup: Setup, elwoodSessionId: string) {
  const result = await setup.row.startOrResume({ ...common(setup), elwoodSessionId });
  return { ...(await opened(setup, result.session)), resumed: result.resumed };
}

/** Where the agent's registry entry finds the conversation in the agent home. */
async function conversationOnDisk({ fx, row }: Setup, agentSessionId: string) {
  const find = ELWOOD_AGENTS.get(row.agent).findConversation;
  expect(find, `${row.agent} declares findConversation`).toBeTypeOf("function");
  return find?.(agentSessionId, fx.home.env);
}

async function recordedConversationId(fx: ClaudeFixture, elwoodSessionId: string) {
  const text = await readFile(
    join(fx.stateDir, "sessions", elwoodSessionId, "record.json"),
    "utf8",
  );
  const id = (JSON.parse(text) as { resume: { agentSessionId?: string } }).resume.agentSessionId;
  expect(id).toEqual(expect.any(String));
  return id as string;
}

/** Whether a main model request of the session carried `text` (the conversation so far). */
function askedWith(fx: ClaudeFixture, prompt: string, text: string): boolean {
  const request = fx.server.requests.find(
    (entry) => !entry.isAuxiliary && JSON.stringify(entry.body).includes(prompt),
  );
  expect(request).toBeDefined();
  return JSON.stringify(request?.body).includes(text);
}

/** A first turn answered, then stop(): the session's ids and the transcript's path. */
async function firstConversation(setup: Setup, firstPrompt: string) {
  const { fx, row } = setup;
  const first = await opened(setup, await row.start(common(setup)));
  expect(await first.session.send(firstPrompt)).toContain("first answer");
  await first.session.stop();
  const id = first.session.elwoodSessionId;
  const agentSessionId = await recordedConversationId(fx, id);
  const written = await conversationOnDisk(setup, agentSessionId);
  expect(written?.state).toBe("written");
  expect(written?.path).toEqual(expect.any(String));
  return { id, agentSessionId, transcript: written?.path as string };
}

describe("a conversation deleted from the CLI's files is reported, never resumed into a stall", () => {
  test.each(AGENT_ROWS)(
    "C-API-26: $agent: a transcript cut in the middle of its last record resumes the same conversation",
    async (row) => {
      const setup = await setUp(row);
      const { fx } = setup;
      const firstPrompt = token("first-prompt");
      const afterCut = token("after-cut");
      fx.server.turn({ match: firstPrompt, steps: [{ say: "first answer" }] });
      fx.server.turn({ match: afterCut, steps: [{ say: "still the same conversation" }] });
      const { id, transcript } = await firstConversation(setup, firstPrompt);

      // Cut in the middle of its last record (a crash mid-write): the same conversation.
      // Copilot rewrites its record without the cut line on resume (a new file): the first
      // turn must still be told only its own reply, never the history replayed as new.
      const text = await readFile(transcript, "utf8");
      const lastRecordStart = text.trimEnd().lastIndexOf("\n") + 1;
      const lastRecordLength = text.trimEnd().length - lastRecordStart;
      await truncate(transcript, lastRecordStart + Math.floor(lastRecordLength / 2));
      const cut = await opened(setup, await resume(setup, id));
      expect(await cut.session.send(afterCut)).toBe("still the same conversation");
      expect(askedWith(fx, afterCut, firstPrompt)).toBe(true);
      expect(messageTexts(cut.activity)).not.toContain(firstPrompt);
      expect(messageTexts(cut.activity)).not.toContain("first answer");
      await cut.session.stop();
    },
  );

  test.each(AGENT_ROWS)(
    "C-API-26 C-CLI-24: $agent: deleted → resume_unavailable with no process, sessions says not resumable, startOrResume starts fresh and warns",
    async (row) => {
      assertBuilt();
      const setup = await setUp(row);
      const { fx } = setup;
      const firstPrompt = token("first-prompt");
      const afterLoss = token("after-loss");
      fx.server.turn({ match: firstPrompt, steps: [{ say: "first answer" }] });
      fx.server.turn({ match: afterLoss, steps: [{ say: "a fresh start" }] });
      const { id, agentSessionId } = await firstConversation(setup, firstPrompt);

      // Deleted: refused before any process starts, naming the file and what to do. Every
      // file the agent finds of the conversation goes (Gemini 0.61's `--resume` would leave
      // a near-empty second chat file of the same id: prd/gemini.md "Resume").
      for (let left = 3; left > 0; left -= 1) {
        const found = await conversationOnDisk(setup, agentSessionId);
        if (found?.path === undefined) break;
        await rm(found.path);
      }
      expect(await conversationOnDisk(setup, agentSessionId)).toMatchObject({ state: "absent" });
      await writeFile(setup.runLog, "");
      const refused = await rejection(resume(setup, id));
      expect(refused.name).toBe("resume_unavailable");
      expect(refused.details).toMatchObject({
        elwoodSessionId: id,
        agentSessionId,
        conversation: "missing",
      });
      expect(refused.message).toContain(agentSessionId);
      expect(refused.message).toContain(String(refused.details.conversationPath));
      expect(refused.message).toContain("Start a new session");
      expect(await readFile(setup.runLog, "utf8")).toBe("");

      const listed = await runBin(["sessions", "--output", "json", "--state-dir", fx.stateDir], {
        cwd: fx.workspace,
        env: fx.home.env,
      });
      expect(listed.code).toBe(0);
      const sessions = (JSON.parse(listed.stdout) as { sessions: Record<string, unknown>[] })
        .sessions;
      expect(sessions.find((session) => session.id === id)).toMatchObject({
        resumable: false,
        notResumable: {
          reason: "conversation_missing",
          conversationPath: refused.details.conversationPath,
          message: expect.stringContaining(agentSessionId),
        },
      });
      expect(await readFile(setup.runLog, "utf8")).toBe("");

      // startOrResume* starts a working fresh conversation and says why.
      const fresh = await startOrResume(setup, id);
      expect(fresh.resumed).toBe(false);
      expect(fresh.session.elwoodSessionId).not.toBe(id);
      expect(await fresh.session.send(afterLoss)).toContain("a fresh start");
      expect(askedWith(fx, afterLoss, firstPrompt)).toBe(false);
      expect(fresh.warnings).toEqual([
        expect.objectContaining({
          code: "conversation_missing",
          source: "lifecycle",
          previousElwoodSessionId: id,
          agentSessionId,
          conversation: "missing",
          conversationPath: refused.details.conversationPath,
        }),
      ]);
      expect(await readFile(setup.runLog, "utf8")).not.toBe("");
      await fresh.session.stop();
    },
  );
});
