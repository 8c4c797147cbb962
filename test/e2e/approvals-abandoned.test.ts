// A pending approval whose CLI stopped waiting is cancelled at once, not left for a human
// to answer until it expires (prd/approvals.md "When nobody waits any more"): the session
// killed while its permission request is parked, and the turn interrupted while it is.
// One ElwoodApprovals outlives the session here, as it does in an app that shares it.
// The interrupt case also guards the turn: it once stayed open forever after Escape.
// Every agent of the one table (support/agent-table.ts) in the posture that asks first.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ELWOOD_AGENTS, ElwoodApprovals } from "../../src/agents.js";
import type { ElwoodApprovalEvent } from "../../src/core/approvals/types.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import { touchAndEcho } from "../support/hooks-e2e.js";
import { waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

// Long enough that only a cancellation can settle the approval within the test.
const EXPIRY_MS = 120_000;

async function parkedApproval(
  row: AgentRow,
  fx: ClaudeFixture,
  approvals: ElwoodApprovals,
  name: string,
  afterTool: string,
) {
  const events: ElwoodApprovalEvent[] = [];
  approvals.on((event) => events.push(event));
  const markerFile = join(fx.workspace, `${token(name)}.txt`);
  fx.server.turn({
    match: /needs approval/,
    // A request that carries the refused call's result is this turn's continuation.
    steps: [row.asks.shell(touchAndEcho(markerFile, "ran")), { say: afterTool }],
  });
  const session = row.create({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    asking: true,
    hooks: approvals.hooksFor(ELWOOD_AGENTS.get(row.agent)),
  });
  fx.defer(() => session.kill().catch(() => undefined));
  const turn = session.send("needs approval").catch((error: unknown) => error);
  expect(await waitFor(() => approvals.pending().length === 1, { timeoutMs: 90_000 })).toBe(true);
  const [approval] = approvals.pending();
  return { session, turn, events, markerFile, approvalId: approval?.id as string };
}

describe("an approval nobody waits for any more is cancelled", () => {
  test.each(AGENT_ROWS)(
    "C-APR-04: $agent: the session killed while its permission request is parked cancels the approval at once; a late answer is approval_settled",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      const { session, turn, events, markerFile, approvalId } = await parkedApproval(
        row,
        fx,
        approvals,
        "killed",
        "never asked",
      );
      await session.kill();
      await turn;
      const cancelled = await waitFor(
        () =>
          events.some((event) => event.type === "cancelled" && event.approval.id === approvalId),
        { timeoutMs: 10_000 },
      );
      expect(cancelled).toBe(true);
      expect(approvals.pending()).toEqual([]);
      expect(() => approvals.answer(approvalId, { behavior: "allow" })).toThrow(
        expect.objectContaining({ name: "approval_settled" }),
      );
      expect(existsSync(markerFile)).toBe(false);
      approvals.close();
    },
  );

  test.each(AGENT_ROWS)(
    "C-APR-04: $agent: the turn interrupted while its permission request is parked cancels the approval; the session goes on",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      const after = token("after the interrupt");
      const next = token("the next prompt");
      fx.server.turn({ match: /still there/, steps: [{ say: next }] });
      const { session, turn, events, markerFile, approvalId } = await parkedApproval(
        row,
        fx,
        approvals,
        "interrupted",
        after,
      );
      // Claude shows its own permission dialog while the hook waits; Escape dismisses it
      // with "Interrupted" and no Stop. The turn must end there, not hang.
      await session.interrupt({ timeoutMs: 30_000 });
      const ended = await Promise.race([
        turn.then(() => "ended"),
        new Promise((resolve) => setTimeout(() => resolve("still open after 30 s"), 30_000)),
      ]);
      expect(ended).toBe("ended");
      const cancelled = await waitFor(
        () =>
          events.some((event) => event.type === "cancelled" && event.approval.id === approvalId),
        { timeoutMs: 10_000 },
      );
      expect(cancelled).toBe(true);
      expect(approvals.pending()).toEqual([]);
      expect(existsSync(markerFile)).toBe(false);
      const expected = row.asks.promptAfterInterrupt === "continues-the-turn" ? after : next;
      expect(await session.send("still there?")).toBe(expected);
      await session.stop();
      approvals.close();
    },
  );
});
