// A pending approval whose CLI stopped waiting is cancelled at once, not left for a human
// to answer until it expires (issue 47 "Done when" 3, prd/approvals.md "When nobody waits
// any more"): the session killed, the CLI killed by its pid, and the turn interrupted, each
// while its permission request is parked. Each leaves the pending list within a second,
// the cancelled event says why, and a late answer is the typed approval_settled. One
// ElwoodApprovals outlives the session here, as it does in an app that shares it. The
// interrupt case also guards the turn: it once stayed open forever after Escape. Every
// agent of the one table (support/agent-table.ts) in the posture that asks first, its
// approvals from ElwoodApprovals' hooksFor (Gemini's lasts as long as its dialog shows:
// prd/approvals.md "On screen"), the real pinned CLIs against the scripted model.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ELWOOD_AGENTS, ElwoodApprovals } from "../../src/agents.js";
import type { ElwoodApprovalEvent } from "../../src/core/approvals/types.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import { touchAndEcho } from "../support/hooks-e2e.js";
import { commandLineOf, processesInHome, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

// Long enough that only a cancellation can settle the approval within the test.
const EXPIRY_MS = 120_000;

/** A session whose permission request is parked as the one pending approval. */
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

/**
 * The CLI's own processes: every process in the agent home but the hook clients
 * (`bash -c '<client>'`, `node -e '<client>'`) and shells, so the request ends because the
 * CLI died, not because its hook client did.
 */
function cliProcesses(fx: ClaudeFixture): number[] {
  return processesInHome(fx.home.home).filter((pid) => {
    const words = commandLineOf(pid).split(" ");
    const isWrapper = /(^|\/)(ba)?sh$/.test(words[0] ?? "") || words[1] === "-e";
    return !isWrapper;
  });
}

/** Pending empty within 1 s of `since`, polled every 20 ms. */
async function leftWithinASecond(approvals: ElwoodApprovals, since: number): Promise<void> {
  const gone = await waitFor(() => approvals.pending().length === 0, {
    timeoutMs: 5_000,
    intervalMs: 20,
  });
  expect(gone).toBe(true);
  expect(Date.now() - since).toBeLessThan(1_000);
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
    "C-APR-04: $agent: the CLI killed by its pid while its approval is pending cancels the approval within 1 s with reason request_ended; a late answer is approval_settled",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      const { turn, events, markerFile, approvalId } = await parkedApproval(
        row,
        fx,
        approvals,
        "dropped",
        "never asked",
      );
      const pids = cliProcesses(fx);
      expect(pids.length).toBeGreaterThan(0);
      const killedAt = Date.now();
      for (const pid of pids) process.kill(pid, "SIGKILL");
      await leftWithinASecond(approvals, killedAt);
      const cancelled = events.find(
        (event) => event.type === "cancelled" && event.approval.id === approvalId,
      );
      expect(cancelled).toMatchObject({ type: "cancelled" });
      expect(["request_ended", "session_ended"]).toContain(
        cancelled?.type === "cancelled" ? cancelled.reason : undefined,
      );
      expect(() => approvals.answer(approvalId, { behavior: "allow" })).toThrow(
        expect.objectContaining({
          name: "approval_settled",
          details: expect.objectContaining({ settled: "cancelled" }),
        }),
      );
      expect(await turn).toMatchObject({ name: "session_not_running" });
      expect(existsSync(markerFile)).toBe(false);
      approvals.close();
    },
  );

  test.each(AGENT_ROWS)(
    "C-APR-04: $agent: the turn interrupted while its permission request is parked cancels the approval within 1 s; the turn ends and the session goes on",
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
      await leftWithinASecond(approvals, Date.now());
      const ended = await Promise.race([
        turn.then(() => "ended"),
        new Promise((resolve) => setTimeout(() => resolve("still open after 30 s"), 30_000)),
      ]);
      expect(ended).toBe("ended");
      expect(events.at(-1)).toMatchObject({ type: "cancelled", approval: { id: approvalId } });
      expect(() => approvals.answer(approvalId, { behavior: "allow" })).toThrow(
        expect.objectContaining({ name: "approval_settled" }),
      );
      expect(existsSync(markerFile)).toBe(false);
      const expected = row.asks.promptAfterInterrupt === "continues-the-turn" ? after : next;
      expect(await session.send("still there?")).toBe(expected);
      await session.stop();
      approvals.close();
    },
  );
});
