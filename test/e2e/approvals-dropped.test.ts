// A pending approval ends when its CLI's hook request ends (issue 47 "Done when" 3,
// prd/approvals.md "When nobody waits any more"): the CLI killed by its pid while its
// PermissionRequest is parked leaves the pending list within a second, the cancelled event
// says why, and a late answer is the typed approval_settled. Claude, Codex and Gemini
// (whose approval lasts as long as its dialog shows: prd/approvals.md "On screen"), the
// real pinned CLIs against the scripted model server.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ClaudeSession, CodexSession, ElwoodApprovals, GeminiSession } from "../../src/agents.js";
import type { ElwoodApprovalEvent } from "../../src/core/approvals/types.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import type { CliName } from "../support/cli-binaries.js";
import { touchAndEcho } from "../support/hooks-e2e.js";
import { commandLineOf, processesInHome, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

// Long enough that only a cancellation can settle the approval within the test.
const EXPIRY_MS = 120_000;

function sessionFor(cli: CliName, fx: ClaudeFixture, approvals: ElwoodApprovals) {
  const common = { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir, autotrust: true };
  const session: ElwoodAgentSession =
    cli === "claude"
      ? // Claude's default mode with no allow rule for Bash asks before every command.
        new ClaudeSession({ ...common, permissionMode: "default", hooks: approvals.claudeHooks() })
      : cli === "gemini"
        ? // Gemini's default mode asks before `touch`.
          new GeminiSession({ ...common, approvalMode: "default", hooks: approvals.geminiHooks() })
        : // Codex asks before a command that wants to leave a read-only sandbox.
          new CodexSession({
            ...common,
            sandbox: "read-only",
            approvalPolicy: "on-request",
            hooks: approvals.codexHooks(),
          });
  fx.defer(() => session.kill().catch(() => undefined));
  return session;
}

function shellCall(cli: CliName, command: string) {
  if (cli === "claude") return { tool: { name: "Bash", input: { command } } };
  if (cli === "gemini") {
    return { tool: { name: "run_shell_command", input: { command, description: "marker" } } };
  }
  const input = {
    cmd: command,
    sandbox_permissions: "require_escalated",
    justification: "The test needs this file written outside the sandbox",
  };
  return { tool: { name: "exec_command", input } };
}

/**
 * The CLI's own processes, found by what their command lines carry (Claude's `--settings`,
 * Codex's hook overrides, Gemini's `--session-id`), not the hook clients (`bash -c '<client>'`, `node -e '<client>'`)
 * or a shell around the CLI, whose command text may quote the same words.
 */
function cliProcesses(fx: ClaudeFixture, cli: CliName): number[] {
  const mark =
    cli === "claude" ? "--settings" : cli === "gemini" ? "--session-id" : "features.hooks=true";
  return processesInHome(fx.home.home).filter((pid) => {
    const words = commandLineOf(pid).split(" ");
    const isWrapper = /(^|\/)(ba)?sh$/.test(words[0] ?? "") || words[1] === "-e";
    return words.includes(mark) && !isWrapper;
  });
}

/** A session whose PermissionRequest is parked as the one pending approval. */
async function parked(cli: CliName, fx: ClaudeFixture, approvals: ElwoodApprovals) {
  const events: ElwoodApprovalEvent[] = [];
  approvals.on((event) => events.push(event));
  const markerFile = join(fx.workspace, `${token("dropped")}.txt`);
  fx.server.turn({
    match: /needs approval/,
    steps: [shellCall(cli, touchAndEcho(markerFile, "ran")), { say: "never asked" }],
  });
  const session = sessionFor(cli, fx, approvals);
  const turn = session.send("needs approval").catch((error: unknown) => error);
  expect(await waitFor(() => approvals.pending().length === 1, { timeoutMs: 90_000 })).toBe(true);
  return { session, turn, events, approvalId: approvals.pending()[0]?.id as string };
}

describe("a pending approval whose CLI request is dropped leaves the list within a second", () => {
  test.each(["claude", "codex", "gemini"] as const)(
    "C-APR-04: %s: the CLI killed by its pid while its approval is pending cancels the approval within 1 s with reason request_ended; a late answer is approval_settled",
    async (cli) => {
      const fx = await newFixture({ cli });
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      const { turn, events, approvalId } = await parked(cli, fx, approvals);
      const pids = cliProcesses(fx, cli);
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

  test.each(["claude", "codex", "gemini"] as const)(
    "C-APR-04: %s: interrupt() while its approval is pending cancels the approval within 1 s of the turn ending; a late answer is approval_settled",
    async (cli) => {
      const fx = await newFixture({ cli });
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      const { session, turn, events, approvalId } = await parked(cli, fx, approvals);
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
