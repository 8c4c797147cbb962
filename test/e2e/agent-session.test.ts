// One function written against ElwoodAgentSession drives a real session of every
// registered agent alike (C-API-27): send a message, wait for the assistant's answer,
// stop; and each puts the same kinds of activity on one agent-neutral timeline
// (C-API-12). The rows come from the one table of agents (test/support/agent-table.ts).
import { describe, expect, test } from "vitest";
import type { ElwoodActivityEvent, ElwoodAgentSession } from "../../src/index.js";
import { AGENT_ROWS } from "../support/agent-table.js";
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
  test.each(AGENT_ROWS)(
    "C-API-27 C-API-11 C-API-12 C-API-13: one agent-neutral function drives a $agent session",
    async (row) => {
      const reply = token(`${row.agent}-says`);
      const fx = await newFixture(row.fixture);
      fx.server.turn({ match: "neutral hello", steps: [{ say: reply }] });
      const session = await row.start({
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
      });
      fx.defer(() => ensureGone(session));
      expect(session.agent).toBe(row.agent);
      expect(await converse(session, "neutral hello")).toContain(reply);
    },
  );

  test.each(AGENT_ROWS)(
    "C-API-12: $agent: lifecycle, message, tool, transcript and hook-error activity share one normalized shape",
    async (row) => {
      const fx = await newFixture(row.fixture);
      fx.server.turn({
        match: "use a tool",
        steps: [row.shell("echo neutral-tool"), { say: "tool used" }],
      });
      const session = await row.start({
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
        beforeTool: () => {
          throw new Error("handler blew up");
        },
      });
      fx.defer(() => ensureGone(session));
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

      const kinds = new Set(seen.map((event) => `${event.source}:${event.kind}`));
      for (const kind of [
        "lifecycle:status",
        "transcript:assistant_message",
        "transcript:tool_call",
        "transcript:tool_result",
        "hook:hook_error",
        "lifecycle:lifecycle",
      ]) {
        expect(kinds, kind).toContain(kind);
      }
      for (const event of seen) {
        expect(event.agent).toBe(row.agent);
        expect(event.elwoodSessionId).toBe(session.elwoodSessionId);
        expect(typeof event.label).toBe("string");
      }
      const call = seen.find((event) => event.kind === "tool_call");
      const result = seen.find((event) => event.kind === "tool_result");
      expect(call?.toolUseId).toBeTruthy();
      expect(result?.toolUseId).toBe(call?.toolUseId);
      const failure = seen.find((event) => event.kind === "hook_error");
      expect(failure).toMatchObject({ hookEventName: row.beforeToolEvent, failedOpen: true });
      // The exit shows on the same timeline, after everything else.
      expect(seen.at(-1)).toMatchObject({ source: "lifecycle" });
    },
  );
});
