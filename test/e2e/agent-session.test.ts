// One function written against ElwoodAgentSession drives a real Claude, Codex and Copilot
// session alike (C-API-27): send a message, wait for the assistant's answer, stop; and all
// put the same kinds of activity on one agent-neutral timeline (C-API-12).
import { describe, expect, test } from "vitest";
import { startClaude, startCodex, startCopilot } from "../../src/agents.js";
import type { ElwoodActivityEvent, ElwoodAgentSession } from "../../src/index.js";
import { ensureGone, recordedActivity, token } from "../support/claude-e2e.js";
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

describe("ElwoodAgentSession against the real CLIs", () => {
  test("C-API-27 C-API-11 C-API-12 C-API-13: one agent-neutral function drives a Claude, a Codex and a Copilot session", async () => {
    const claudeReply = token("claude-says");
    const codexReply = token("codex-says");
    const copilotReply = token("copilot-says");
    const claudeFx = await newFixture({ trusted: true });
    claudeFx.server.turn({ match: "neutral hello", steps: [{ say: claudeReply }] });
    const codexFx = await newFixture({ cli: "codex" });
    codexFx.server.turn({ match: "neutral hello", steps: [{ say: codexReply }] });
    const copilotFx = await newFixture({ cli: "copilot", trusted: true });
    copilotFx.server.turn({ match: "neutral hello", steps: [{ say: copilotReply }] });

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
    const copilot = await startCopilot({
      cwd: copilotFx.workspace,
      env: copilotFx.home.env,
      stateDir: copilotFx.stateDir,
    });
    copilotFx.defer(() => ensureGone(copilot));

    const sessions: ElwoodAgentSession[] = [claude, codex, copilot];
    const answers: string[] = [];
    for (const session of sessions) answers.push(await converse(session, "neutral hello"));
    expect(sessions.map((session) => session.agent)).toEqual(["claude", "codex", "copilot"]);
    expect(answers[0]).toContain(claudeReply);
    expect(answers[1]).toContain(codexReply);
    expect(answers[2]).toContain(copilotReply);
  });

  test("C-API-12: lifecycle, message, tool, transcript and hook-error activity share one normalized shape on every adapter", async () => {
    const claudeFx = await newFixture({ trusted: true });
    const codexFx = await newFixture({ cli: "codex" });
    const copilotFx = await newFixture({ cli: "copilot", trusted: true });
    const thrower = () => {
      throw new Error("handler blew up");
    };
    const timelines: ElwoodActivityEvent[][] = [];
    for (const [fx, shell] of [
      [claudeFx, { name: "Bash", input: { command: "echo neutral-tool" } }],
      [codexFx, { name: "exec_command", input: { cmd: "echo neutral-tool" } }],
      [copilotFx, { name: "bash", input: { command: "echo neutral-tool", description: "echo" } }],
    ] as const) {
      fx.server.turn({ match: "use a tool", steps: [{ tool: shell }, { say: "tool used" }] });
    }
    const claude = await startClaude({
      cwd: claudeFx.workspace,
      env: claudeFx.home.env,
      stateDir: claudeFx.stateDir,
      allowedTools: ["Bash"],
      hooks: { PreToolUse: thrower },
    });
    claudeFx.defer(() => ensureGone(claude));
    const codex = await startCodex({
      cwd: codexFx.workspace,
      autotrust: true,
      env: codexFx.home.env,
      stateDir: codexFx.stateDir,
      hooks: { PreToolUse: thrower },
    });
    codexFx.defer(() => ensureGone(codex));
    const copilot = await startCopilot({
      cwd: copilotFx.workspace,
      env: copilotFx.home.env,
      stateDir: copilotFx.stateDir,
      hooks: { preToolUse: thrower },
    });
    copilotFx.defer(() => ensureGone(copilot));

    const sessions: ElwoodAgentSession[] = [claude, codex, copilot];
    for (const session of sessions) {
      const seen: ElwoodActivityEvent[] = [];
      session.on("activity", (event) => seen.push(event));
      await session.waitForStatus((status) => status === "ready", 90_000);
      await session.sendMessage("use a tool");
      await recordedActivity(
        { activity: seen },
        (event) => event.kind === "assistant_message" && event.text.includes("tool used"),
        60_000,
      );
      await session.waitForStatus((status) => status === "ready", 60_000);
      await session.stop();
      timelines.push(seen);
    }

    for (const [index, agent] of (["claude", "codex", "copilot"] as const).entries()) {
      const seen = timelines[index] ?? [];
      const id = sessions[index]?.elwoodSessionId;
      const kinds = new Set(seen.map((event) => `${event.source}:${event.kind}`));
      for (const kind of [
        "lifecycle:status",
        "transcript:assistant_message",
        "transcript:tool_call",
        "transcript:tool_result",
        "hook:hook_error",
        "lifecycle:lifecycle",
      ]) {
        expect(kinds, `${agent} ${kind}`).toContain(kind);
      }
      for (const event of seen) {
        expect(event.agent).toBe(agent);
        expect(event.elwoodSessionId).toBe(id);
        expect(typeof event.label).toBe("string");
      }
      const call = seen.find((event) => event.kind === "tool_call");
      const result = seen.find((event) => event.kind === "tool_result");
      expect(call?.toolUseId).toBeTruthy();
      expect(result?.toolUseId).toBe(call?.toolUseId);
      const failure = seen.find((event) => event.kind === "hook_error");
      const preToolUse = agent === "copilot" ? "preToolUse" : "PreToolUse";
      expect(failure).toMatchObject({ hookEventName: preToolUse, failedOpen: true });
      // The exit shows on the same timeline, after everything else.
      expect(seen.at(-1)).toMatchObject({ source: "lifecycle" });
    }
  });
});
