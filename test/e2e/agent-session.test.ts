// One function written against ElwoodAgentSession drives a real Claude and a real Codex
// session alike (C-API-27): send a message, wait for the assistant's answer, stop.
import { describe, expect, test } from "vitest";
import { startClaude, startCodex } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/index.js";
import { ensureGone, token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

/** Agent-neutral: knows nothing about which CLI is behind the session. */
async function converse(session: ElwoodAgentSession, message: string): Promise<string> {
  const statuses: string[] = [];
  const unsubscribe = session.on("status", (event) => statuses.push(event.status));
  await session.waitForStatus((status) => status === "ready", 90_000);
  await session.sendMessage(message);
  const answer = await session.waitForActivity(
    (event) => event.kind === "assistant_message",
    60_000,
  );
  await session.waitForStatus((status) => status === "ready", 60_000);
  unsubscribe();
  await session.stop();
  expect(session.status).toBe("stopped");
  expect(statuses).toContain("running");
  return answer.text;
}

describe("ElwoodAgentSession against both real CLIs", () => {
  test("C-API-27 C-API-11 C-API-12 C-API-13: one agent-neutral function drives a Claude and a Codex session", async () => {
    const claudeReply = token("claude-says");
    const codexReply = token("codex-says");
    const claudeFx = await newFixture({ trusted: true });
    claudeFx.server.turn({ match: "neutral hello", steps: [{ say: claudeReply }] });
    const codexFx = await newFixture({ cli: "codex" });
    codexFx.server.turn({ match: "neutral hello", steps: [{ say: codexReply }] });

    const claude = await startClaude({
      cwd: claudeFx.workspace,
      env: claudeFx.home.env,
      stateDir: claudeFx.stateDir,
      allowedTools: ["Bash"],
    });
    claudeFx.defer(() => ensureGone(claude));
    const codex = await startCodex({
      cwd: codexFx.workspace,
      autotrust: true,
      env: codexFx.home.env,
      stateDir: codexFx.stateDir,
    });
    codexFx.defer(() => ensureGone(codex));

    const sessions: ElwoodAgentSession[] = [claude, codex];
    const answers: string[] = [];
    for (const session of sessions) answers.push(await converse(session, "neutral hello"));
    expect(sessions.map((session) => session.agent)).toEqual(["claude", "codex"]);
    expect(answers[0]).toContain(claudeReply);
    expect(answers[1]).toContain(codexReply);
  });
});
