// A pending approval ends when its CLI's hook request ends (issue 47 "Done when" 3,
// prd/approvals.md "When nobody waits any more"): the CLI killed by its pid while its
// permission request is parked leaves the pending list within a second, the cancelled
// event says why, and a late answer is the typed approval_settled; interrupt() does the
// same. Every agent of the one table (support/agent-table.ts) in the posture that asks
// first, its approvals from ElwoodApprovals' hooksFor (Gemini's lasts as long as its dialog
// shows: prd/approvals.md "On screen"), the real pinned CLIs against the scripted model.
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

function sessionFor(row: AgentRow, fx: ClaudeFixture, approvals: ElwoodApprovals) {
  const session = row.create({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    asking: true,
    hooks: approvals.hooksFor(ELWOOD_AGENTS.get(row.agent)),
  });
  fx.defer(() => session.kill().catch(() => undefined));
  return session;
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

/** A session whose permission request is parked as the one pending approval. */
async function parked(row: AgentRow, fx: ClaudeFixture, approvals: ElwoodApprovals) {
  const events: ElwoodApprovalEvent[] = [];
  approvals.on((event) => events.push(event));
  const markerFile = join(fx.workspace, `${token("dropped")}.txt`);
  fx.server.turn({
    match: /needs approval/,
    steps: [row.asks.shell(touchAndEcho(markerFile, "ran")), { say: "never asked" }],
  });
  const session = sessionFor(row, fx, approvals);
  const turn = session.send("needs approval").catch((error: unknown) => error);
  expect(await waitFor(() => approvals.pending().length === 1, { timeoutMs: 90_000 })).toBe(true);
  return { session, turn, events, approvalId: approvals.pending()[0]?.id as string };
}

describe("a pending approval whose CLI request is dropped leaves the list within a second", () => {
  test.each(AGENT_ROWS)(
    "C-APR-04: $agent: the CLI killed by its pid while its approval is pending cancels the approval within 1 s with reason request_ended; a late answer is approval_settled",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      const { turn, events, approvalId } = await parked(row, fx, approvals);
      const pids = cliProcesses(fx);
      expect(pids.length).toBeGreaterThan(0);
      const killedAt = Date.now();
      for (const pid of pids) process.kill(pid, "SIGKILL");
      const gone = await waitFor(() => approvals.pending().length === 0, {
        timeoutMs: 5_000,
        intervalMs: 20,
      });
      const tookMs = Date.now() - killedAt;
      expect(gone).toBe(true);
      expect(tookMs).toBeLessThan(1_000);
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
      approvals.close();
    },
  );

  test.each(AGENT_ROWS)(
    "C-APR-04: $agent: interrupt() while its approval is pending cancels the approval within 1 s of the turn ending; a late answer is approval_settled",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      const { session, turn, events, approvalId } = await parked(row, fx, approvals);
      await session.interrupt({ timeoutMs: 30_000 });
      const interruptedAt = Date.now();
      const gone = await waitFor(() => approvals.pending().length === 0, {
        timeoutMs: 5_000,
        intervalMs: 20,
      });
      expect(gone).toBe(true);
      expect(Date.now() - interruptedAt).toBeLessThan(1_000);
      expect(events.at(-1)).toMatchObject({ type: "cancelled", approval: { id: approvalId } });
      expect(() => approvals.answer(approvalId, { behavior: "allow" })).toThrow(
        expect.objectContaining({ name: "approval_settled" }),
      );
      await turn;
      await session.stop();
      approvals.close();
    },
  );
});
