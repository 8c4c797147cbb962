// compact() through the real CLIs (issue 12 "Done when" 1), for every agent of the one
// table (support/agent-table.ts): after two turns compact() resolves, the CLI's own
// compaction-start hook came first, the scripted server answered the summary request the
// CLI asks in its own words (the kit's `compactionSummaryTurns`), and the next turn's
// request carries the summary instead of the compacted history. For the agents with no
// compaction-end hook (Gemini, Copilot), a refused summary request rejects compact() with
// the line the CLI drew.
import { describe, expect, test } from "vitest";
import { compactionSummaryTurns, type LoggedRequest } from "../../src/testing/index.js";
import { AGENT_ROWS } from "../support/agent-table.js";
import { ensureGone, rejection, token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

function bodyText(request: LoggedRequest): string {
  return JSON.stringify(request.body ?? "");
}

interface HookView {
  on(event: "hook", handler: (event: { hook_event_name: string; trigger?: unknown }) => void): void;
}

describe("compact() against the real CLIs", () => {
  test.each(AGENT_ROWS)(
    "C-API-22: $agent: after two turns compact() resolves once compaction ended and the next turn carries the summary",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const firstSecret = token("alpha-detail");
      const summary = token("COMPACT-SUMMARY");
      fx.server.turn({ match: "first question", steps: [{ say: `First answer ${firstSecret}` }] });
      fx.server.turn({ match: "second question", steps: [{ say: "Second answer" }] });
      fx.server.turn({ match: "third question", steps: [{ say: "Third answer" }] });
      for (const turn of compactionSummaryTurns(row.agent, summary)) fx.server.turn(turn);
      const session = await row.start({
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
      });
      fx.defer(() => ensureGone(session));
      const hooks: { name: string; trigger?: unknown }[] = [];
      (session as unknown as HookView).on("hook", (event) =>
        hooks.push({ name: event.hook_event_name, trigger: event.trigger }),
      );

      await session.send("first question");
      await session.send("second question");
      const before = fx.server.requests.length;
      await session.compact({ timeoutMs: 60_000 });

      // The start hook, once and for this manual compaction, before the end hook if any.
      const { compaction } = row;
      const started = hooks.findIndex((hook) => hook.name === compaction.startHook);
      expect(started).toBeGreaterThanOrEqual(0);
      const manual = hooks.filter(
        (hook) => hook.name === compaction.startHook && hook.trigger === "manual",
      );
      expect(manual).toHaveLength(1);
      if (compaction.endHook !== undefined) {
        expect(hooks.findIndex((hook) => hook.name === compaction.endHook)).toBeGreaterThan(
          started,
        );
      }
      // The summary was asked for and answered from the script before compact() resolved.
      const asked = fx.server.requests
        .slice(before)
        .filter((request) => request.matchedTurn !== undefined);
      expect(asked).toHaveLength(compaction.summaryRequests);
      for (const request of asked) {
        expect(request.isAuxiliary).toBe(compaction.summaryIsSideRequest);
        expect(request.status).toBe(200);
      }

      expect(await session.send("third question")).toContain("Third answer");
      const third = fx.server.requests.find(
        (request) => !request.isAuxiliary && request.userText.includes("third question"),
      );
      expect(third).toBeDefined();
      const text = bodyText(third as LoggedRequest);
      expect(text).toContain(summary);
      expect(text).not.toContain(firstSecret);
      await session.stop();
    },
  );

  // Gemini and Copilot fire no hook when compaction ends: a refusal shows only on screen.
  const HOOKLESS_ROWS = AGENT_ROWS.filter((row) => row.compaction.refusedLine !== undefined);

  test.each(HOOKLESS_ROWS)(
    "C-API-22: $agent: a summary request the model refuses rejects compact() with compact_failed naming the CLI's line",
    async (row) => {
      const fx = await newFixture(row.fixture);
      fx.server.turn({ match: "first question", steps: [{ say: "First answer" }] });
      fx.server.turn({ match: "after refusal", steps: [{ say: "Still here" }] });
      for (const turn of compactionSummaryTurns(row.agent, "unused")) {
        fx.server.turn({
          ...turn,
          steps: [{ fail: { status: 400, message: "scripted refusal" } }],
        });
      }
      const session = await row.start({
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
      });
      fx.defer(() => ensureGone(session));
      await session.send("first question");

      // Read off the screen (a timeout's error carries no cliMessage).
      const refused = await rejection(session.compact({ timeoutMs: 120_000 }));
      expect(refused.name).toBe("compact_failed");
      expect(String(refused.details.cliMessage)).toMatch(row.compaction.refusedLine as RegExp);
      expect(refused.message).toContain(String(refused.details.cliMessage));
      expect(await session.send("after refusal")).toContain("Still here");
      await session.stop();
    },
  );
});
