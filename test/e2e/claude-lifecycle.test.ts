// Real Claude lifecycle through Elwood: resume continues the conversation, resume refusals
// spawn nothing, and stop/kill/teardown leave no process, no content and (teardown) no
// state behind (issue 5 "Done when", C-LIFE-10, C-STATE-xx).
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { type ClaudeSessionApi, resumeClaude, startClaude } from "../../src/agents.js";
import { newSessionId, StateStore } from "../../src/state/index.js";
import {
  type ClaudeFixture,
  conversationText,
  ensureGone,
  record,
  recordedActivity,
  rejection,
  token,
  userTurnRequests,
} from "../support/claude-e2e.js";
import { processesInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import {
  detachedCommand,
  endAndExpectGone,
  expectNoSecretsIn,
  expectRunningInHome,
} from "../support/session-end.js";

const newFixture = useRealCliFixture({ trusted: true });

/** Starts a session and talks one turn; with `detach`, the turn first runs that command. */
async function startAndTalk(
  fx: ClaudeFixture,
  prompt: string,
  reply: string,
  detach?: string,
): Promise<ClaudeSessionApi> {
  const tool = { tool: { name: "Bash", input: { command: detach ?? "" } } };
  fx.server.turn({
    match: prompt,
    steps: detach === undefined ? [{ say: reply }] : [tool, { say: reply }],
  });
  const session = await startClaude({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    // As root Claude cannot skip permissions: the handler approves the one Bash call.
    permissionMode: "default",
    hooks: {
      PreToolUse: () => ({ permissionDecision: "allow", permissionDecisionReason: "test" }),
    },
  });
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  const seen = record(session);
  await session.sendMessage(prompt);
  await recordedActivity(
    seen,
    (event) => event.kind === "assistant_message" && event.text.includes(reply),
    60_000,
  );
  await session.waitForStatus((status) => status === "ready", 60_000);
  return session;
}

describe("Claude lifecycle against the real CLI", () => {
  test("C-API-03 C-LIFE-04 C-STATE-04: resumeClaude continues the same conversation after stop()", async () => {
    const fx = await newFixture();
    const word = token("elwood-word");
    const first = await startAndTalk(fx, `remember ${word}`, "Remembered");
    const id = first.elwoodSessionId;
    await first.stop();
    expect(first.status).toBe("stopped");

    fx.server.turn({ match: "what was the word", steps: [{ say: "The word was remembered" }] });
    const resumed = await resumeClaude({
      elwoodSessionId: id,
      cwd: fx.workspace,
      stateDir: fx.stateDir,
      env: fx.home.env,
    });
    fx.defer(() => ensureGone(resumed));
    expect(resumed.elwoodSessionId).toBe(id);
    await resumed.waitForStatus((status) => status === "ready", 90_000);
    const seen = record(resumed);
    await resumed.sendMessage("what was the word");
    await recordedActivity(
      seen,
      (event) =>
        event.kind === "assistant_message" && event.text.includes("The word was remembered"),
      60_000,
    );
    const turns = userTurnRequests(fx.server);
    const followUp = turns.find((request) => request.matchedTurn === 1);
    expect(followUp).toBeDefined();
    if (followUp === undefined) return;
    const history = conversationText(followUp);
    expect(history).toContain(`remember ${word}`);
    expect(history).toContain("Remembered");
    await resumed.stop();
  });

  test("C-STATE-10 C-ERR-04 C-CLAUDE-08: resume refuses codex, id-less and corrupt records without spawning", async () => {
    const fx = await newFixture();
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    const resumeWith = (elwoodSessionId: string) =>
      resumeClaude({ elwoodSessionId, cwd: fx.workspace, stateDir: fx.stateDir, env: fx.home.env });

    const codexId = newSessionId();
    await store.writeRecord({
      schemaVersion: 1,
      elwoodSessionId: codexId,
      adapter: "codex",
      cwd: fx.workspace,
      resume: { agentSessionId: "codex-thread", posture: {} },
    });
    expect((await rejection(resumeWith(codexId))).name).toBe("adapter_mismatch");

    const idlessId = newSessionId();
    await store.writeRecord({
      schemaVersion: 1,
      elwoodSessionId: idlessId,
      adapter: "claude",
      cwd: fx.workspace,
      resume: { posture: {} },
    });
    expect((await rejection(resumeWith(idlessId))).name).toBe("resume_unavailable");

    const corruptId = newSessionId();
    const recordFile = await store.writeRecord({
      schemaVersion: 1,
      elwoodSessionId: corruptId,
      adapter: "claude",
      cwd: fx.workspace,
      resume: { agentSessionId: "f3a8c0de-0000-4000-8000-000000000000", posture: {} },
    });
    await writeFile(recordFile, "{ not json");
    expect((await rejection(resumeWith(corruptId))).name).toBe("state_corrupt");

    expect(processesInHome(fx.home.home)).toEqual([]);
    expect(fx.server.requests).toEqual([]);
  });

  test("C-LIFE-02 C-LIFE-03 C-LIFE-10 C-STATE-05 C-STATE-08 C-STATE-12: stop, kill and teardown leave no process (a detached tool process included) and no content; teardown removes the session dir, private dir and socket home", async () => {
    const fx = await newFixture();
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    const secrets: string[] = [];
    const privateDirs: string[] = [];
    for (const end of ["stop", "kill", "teardown"] as const) {
      const prompt = token(`elwood-prompt-${end}`);
      const reply = token(`elwood-reply-${end}`);
      const marker = token(`elwood-detached-${end}`);
      secrets.push(prompt, reply);
      const session = await startAndTalk(fx, prompt, reply, detachedCommand(marker));
      const id = session.elwoodSessionId;
      const sessionDir = store.sessionDir(id);
      const socketHome = store.socketHome("claude", id);
      const privateDir = await store.privateDir(id);
      privateDirs.push(privateDir);
      expect(existsSync(sessionDir)).toBe(true);
      await expectRunningInHome(fx.home.home, marker);

      await endAndExpectGone(session, end, fx.home.home, { sessionDir, privateDir, socketHome });
    }
    // The stopped and killed sessions keep their private copies; no content is in them.
    await expectNoSecretsIn(
      [fx.stateDir, ...privateDirs.filter((dir) => existsSync(dir))],
      secrets,
    );
  });
});
