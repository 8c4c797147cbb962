// Real Codex lifecycle through Elwood: resume continues the conversation, resume refusals
// spawn nothing, and stop/kill/teardown leave no process, no content and (teardown) no
// state behind (issue 6 "Done when", C-LIFE-10, C-STATE-xx).
import { existsSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { type CodexSessionApi, resumeCodex } from "../../src/agents.js";
import { newSessionId, StateStore } from "../../src/state/index.js";
import { ensureGone, rejection, token } from "../support/claude-e2e.js";
import { type CodexFixture, codexRequests, inputText, startCodexIn } from "../support/codex-e2e.js";
import { processesInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { endAndExpectGone, expectNoSecretsIn } from "../support/session-end.js";

const newFixture = useRealCliFixture({ cli: "codex" });

async function startAndTalk(
  fx: CodexFixture,
  prompt: string,
  reply: string,
): Promise<CodexSessionApi> {
  fx.server.turn({ match: prompt, steps: [{ say: reply }] });
  const session = await startCodexIn(fx);
  await session.waitForStatus((status) => status === "ready", 90_000);
  await session.sendMessage(prompt);
  await session.waitForActivity(
    (event) => event.kind === "assistant_message" && event.text.includes(reply),
    60_000,
  );
  await session.waitForStatus((status) => status === "ready", 60_000);
  return session;
}

describe("Codex lifecycle against the real CLI", () => {
  test("C-API-10 C-LIFE-04 C-STATE-04: resumeCodex continues the same conversation after stop()", async () => {
    const fx = await newFixture();
    const word = token("elwood-word");
    const reply = token("Remembered");
    const first = await startAndTalk(fx, `remember ${word}`, reply);
    const id = first.elwoodSessionId;
    await first.stop();
    expect(first.status).toBe("stopped");

    fx.server.turn({ match: "what was the word", steps: [{ say: "The word was remembered" }] });
    const resumed = await resumeCodex({
      elwoodSessionId: id,
      cwd: fx.workspace,
      stateDir: fx.stateDir,
      env: fx.home.env,
    });
    fx.defer(() => ensureGone(resumed));
    expect(resumed.elwoodSessionId).toBe(id);
    await resumed.waitForStatus((status) => status === "ready", 90_000);
    await resumed.sendMessage("what was the word");
    const answer = await resumed.waitForActivity(
      (event) =>
        event.kind === "assistant_message" && event.text.includes("The word was remembered"),
      60_000,
    );
    expect(answer.source).toBe("transcript");
    const followUp = codexRequests(fx.server).find((request) => request.matchedTurn === 1);
    expect(followUp).toBeDefined();
    if (followUp === undefined) return;
    const history = inputText(followUp);
    expect(history).toContain(`remember ${word}`);
    expect(history).toContain(reply);
    await resumed.stop();
  });

  test("C-STATE-10 C-CODEX-07 C-API-10: resumeCodex refuses a claude record and an id-less codex record without spawning", async () => {
    const fx = await newFixture();
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    const resumeWith = (elwoodSessionId: string) =>
      resumeCodex({ elwoodSessionId, cwd: fx.workspace, stateDir: fx.stateDir, env: fx.home.env });

    const claudeId = newSessionId();
    await store.writeRecord({
      schemaVersion: 1,
      elwoodSessionId: claudeId,
      adapter: "claude",
      cwd: fx.workspace,
      resume: { agentSessionId: "f3a8c0de-0000-4000-8000-000000000000", posture: {} },
    });
    expect((await rejection(resumeWith(claudeId))).name).toBe("adapter_mismatch");

    const idlessId = newSessionId();
    await store.writeRecord({
      schemaVersion: 1,
      elwoodSessionId: idlessId,
      adapter: "codex",
      cwd: fx.workspace,
      resume: { posture: {} },
    });
    expect((await rejection(resumeWith(idlessId))).name).toBe("resume_unavailable");

    expect(processesInHome(fx.home.home)).toEqual([]);
    expect(fx.server.requests).toEqual([]);
  });

  test("C-LIFE-02 C-LIFE-03 C-LIFE-10 C-STATE-05 C-STATE-07 C-STATE-08 C-STATE-12: stop, kill and teardown leave no process and no content; teardown removes the session dir, private dir and socket home", async () => {
    const fx = await newFixture();
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    const secrets: string[] = [];
    const privateDirs: string[] = [];
    for (const end of ["stop", "kill", "teardown"] as const) {
      const prompt = token(`elwood-prompt-${end}`);
      const reply = token(`elwood-reply-${end}`);
      secrets.push(prompt, reply);
      // No detached tool process here, unlike Claude's test: Codex 0.171 ends everything a
      // command started when the command ends (sandboxed or not), so none can outlive it.
      const session = await startAndTalk(fx, prompt, reply);
      const id = session.elwoodSessionId;
      const sessionDir = store.sessionDir(id);
      const socketHome = store.socketHome("codex", id);
      const privateDir = await store.privateDir(id);
      privateDirs.push(privateDir);
      expect(existsSync(sessionDir)).toBe(true);
      expect(processesInHome(fx.home.home).length).toBeGreaterThan(0);

      await endAndExpectGone(session, end, fx.home.home, { sessionDir, privateDir, socketHome });
    }
    // The stopped and killed sessions keep their private copies; no content is in them.
    await expectNoSecretsIn(
      [fx.stateDir, ...privateDirs.filter((dir) => existsSync(dir))],
      secrets,
    );
  });
});
