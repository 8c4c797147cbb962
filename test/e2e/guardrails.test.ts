// Guardrails the agent cannot switch off (issue 21, Done-when 1), against the real CLIs
// with default options (state in `<cwd>/.elwood/`, no posture option) and a before-tool deny
// handler; whatever the agent's defaults ask a human about is approved, as a person at the
// screen would. A scripted tool call does what a prompt-injected agent would: rewrites every
// file under `.elwood/` (the record's posture loosened as far as it goes, a loop planted,
// anything else replaced by `exit 0`) and plants CLI settings that switch hooks off. Then:
// - the next command the handler denies is still denied and never runs;
// - after stop(), a bare startOrResume* (no posture options), and a session class resuming
//   as `elwood serve` does (resumeOnly), fail with state_corrupt naming the field before
//   spawning anything, and so does a resume after the record was deleted: never a looser
//   launch;
// - once the record is restored, the resume launches the original posture and the deny
//   policy still holds, the planted CLI settings notwithstanding.
// Every agent of the one table (support/agent-table.ts).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ELWOOD_AGENTS, ElwoodApprovals } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { StateStore } from "../../src/state/index.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, ensureGone, rejection, token } from "../support/claude-e2e.js";
import {
  EXPLOIT_COMMAND,
  LOOSE_LAUNCH,
  LOOSE_POSTURE,
  sessionCommandLines,
} from "../support/guardrails.js";
import { touchAndEcho, waitForSay } from "../support/hooks-e2e.js";
import { processesInHome, survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

interface DenyPolicy {
  /** The before-tool handler: denies any shell command that names the marker. */
  readonly beforeTool: (event: { tool_input: { command: string } }) => unknown;
  /** The approvals' hooks: every dialog the agent's defaults raise is allowed. */
  readonly hooks: Readonly<Record<string, unknown>>;
  /** Commands the handler saw, in order. */
  readonly seen: string[];
}

function denyPolicy(fx: ClaudeFixture, row: AgentRow, marker: string, reason: string): DenyPolicy {
  const seen: string[] = [];
  const beforeTool = (event: { tool_input: { command: string } }) => {
    seen.push(event.tool_input.command);
    return event.tool_input.command.includes(marker) ? row.denyTool(reason) : undefined;
  };
  const approvals = new ElwoodApprovals();
  fx.defer(() => approvals.close());
  approvals.on((event) => {
    if (event.type === "created") approvals.answer(event.approval.id, { behavior: "allow" });
  });
  return { beforeTool, hooks: approvals.hooksFor(ELWOOD_AGENTS.get(row.agent)), seen };
}

/** Default options: no stateDir (state in `<cwd>/.elwood/`) and no posture option. */
function bareOptions(fx: ClaudeFixture, policy: DenyPolicy) {
  return {
    cwd: fx.workspace,
    env: fx.home.env,
    bare: true,
    beforeTool: policy.beforeTool,
    hooks: policy.hooks,
  };
}

async function startDefault(fx: ClaudeFixture, row: AgentRow, policy: DenyPolicy) {
  const session = await row.start(bareOptions(fx, policy));
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/** A bare startOrResume*: the id, the folder, the handler, and no posture option at all. */
function bareResume(fx: ClaudeFixture, row: AgentRow, policy: DenyPolicy, id: string) {
  return row.startOrResume({ ...bareOptions(fx, policy), elwoodSessionId: id });
}

/** The agent's session class (`new ClaudeSession(...)`, …) resuming with no posture option. */
async function sessionClassResume(
  fx: ClaudeFixture,
  row: AgentRow,
  id: string,
  resumeOnly: boolean,
) {
  const options = { cwd: fx.workspace, env: fx.home.env, elwoodSessionId: id, resumeOnly };
  const session = ELWOOD_AGENTS.get(row.agent).createSession(options);
  fx.defer(() => session.close());
  return session.start();
}

/** Sends the denied command's prompt and checks it was denied and never ran. */
async function expectDenied(
  fx: ClaudeFixture,
  session: ElwoodAgentSession,
  policy: DenyPolicy,
  markerFile: string,
  reason: string,
): Promise<void> {
  const seenBefore = policy.seen.length;
  const requestsBefore = fx.server.requests.length;
  await session.sendMessage("make the file");
  await waitForSay(session, "tried to make it");
  expect(policy.seen.slice(seenBefore)).toEqual([touchAndEcho(markerFile, "ran")]);
  const results = fx.server.requests
    .slice(requestsBefore)
    .flatMap((request) => request.toolResults.map((result) => result.text));
  expect(results.join("\n")).toContain(reason);
  expect(existsSync(markerFile)).toBe(false);
}

/**
 * A default posture that confines a tool's writes to the workspace and the temp dir (Codex's
 * workspace-write sandbox): told exactly where the private copies are, it still cannot
 * change them.
 */
async function expectCopiesOutOfReach(
  fx: ClaudeFixture,
  row: AgentRow,
  session: ElwoodAgentSession,
  privateDir: string,
): Promise<void> {
  const record = join(privateDir, "record.json");
  const loops = join(privateDir, "loops.json");
  const before = readFileSync(record, "utf8");
  const overwrite = `printf planted > '${record}'; printf planted > '${loops}'`;
  fx.server.turn({
    match: "reach the copies",
    steps: [row.shell(`${overwrite}; echo tried`), { say: "tried the copies" }],
  });
  await session.sendMessage("reach the copies");
  await waitForSay(session, "tried the copies");
  expect(readFileSync(record, "utf8")).toBe(before);
  expect(existsSync(loops)).toBe(false);
}

describe("the agent rewrites Elwood's files in its workspace", () => {
  test.each(AGENT_ROWS)(
    "issue 21 C-STATE-13: $agent, default options: a deny still holds, a bare resume refuses the loosened record before spawning, and the restored one resumes the original posture with the deny intact",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const marker = token("never-runs");
      const markerFile = join(fx.workspace, `${marker}.txt`);
      const reason = token("still-denied");
      fx.server.turn({
        match: "rewrite the state",
        steps: [row.shell(EXPLOIT_COMMAND), { say: "rewrote it" }],
      });
      fx.server.turn({
        match: "make the file",
        repeat: true,
        steps: [row.shell(touchAndEcho(markerFile, "ran")), { say: "tried to make it" }],
      });
      const policy = denyPolicy(fx, row, marker, reason);
      const session = await startDefault(fx, row, policy);
      const id = session.elwoodSessionId;
      const sessionDir = join(fx.workspace, ".elwood", "sessions", id);
      const recordFile = join(sessionDir, "record.json");
      const original = readFileSync(recordFile, "utf8");
      const originalPosture = JSON.parse(original).resume.posture;

      await session.sendMessage("rewrite the state");
      await waitForSay(session, "rewrote it");
      // The exploit really ran: the workspace record is loosened and a loop planted.
      expect(JSON.parse(readFileSync(recordFile, "utf8")).resume.posture).toEqual(
        LOOSE_POSTURE[row.agent],
      );
      expect(readFileSync(join(sessionDir, "loops.json"), "utf8")).toContain("planted");

      const privateDir = await (await StateStore.open({ cwd: fx.workspace })).privateDir(id);
      if (row.confinesToolWrites) await expectCopiesOutOfReach(fx, row, session, privateDir);

      await expectDenied(fx, session, policy, markerFile, reason);
      await session.stop();

      // Nothing runs with the agent's HOME once stopped (within the 2 s every other
      // survivor check allows: a SIGKILLed tool can take a moment to be reaped on a loaded
      // machine); a refused resume starts nothing.
      expect(await survivorsInHome(fx.home.home, 2_000)).toEqual([]);
      // Every bare resume path: startOrResume*, and the session class opened the way
      // `elwood serve` resumes (resumeOnly) and the way it starts-or-resumes.
      for (const attempt of [
        () => bareResume(fx, row, policy, id),
        () => sessionClassResume(fx, row, id, true),
        () => sessionClassResume(fx, row, id, false),
      ]) {
        const refused = await rejection(attempt());
        expect(refused.name).toBe("state_corrupt");
        expect(refused.details).toMatchObject({ field: "resume.posture", elwoodSessionId: id });
      }
      // Deleting the record instead must not turn the resume into a fresh, looser start.
      renameSync(recordFile, `${recordFile}.moved`);
      const removed = await rejection(bareResume(fx, row, policy, id));
      expect(removed.name).toBe("state_corrupt");
      expect(removed.details).toMatchObject({ field: "record", elwoodSessionId: id });
      renameSync(`${recordFile}.moved`, recordFile);
      expect(processesInHome(fx.home.home)).toEqual([]);

      // The user restores the record and drops the planted loop; the planted CLI settings
      // (.claude/settings.local.json, .codex/config.toml, .gemini/settings.json) stay.
      writeFileSync(recordFile, original, { mode: 0o600 });
      rmSync(join(sessionDir, "loops.json"));
      if (row.plantedHooksOff === "refused") {
        // The agent reads the workspace's switch over Elwood's own settings: the launch is
        // refused, naming the file, and starts nothing until the user removes it.
        const refused = await rejection(bareResume(fx, row, policy, id));
        expect(refused.name).toBe(`${row.agent}_hooks_disabled`);
        const { settingsFile } = refused.details as { settingsFile: string };
        expect(settingsFile.startsWith(fx.workspace)).toBe(true);
        expect(processesInHome(fx.home.home)).toEqual([]);
        rmSync(settingsFile);
      }
      const resumed = await bareResume(fx, row, policy, id);
      fx.defer(() => ensureGone(resumed.session));
      expect(resumed.resumed).toBe(true);
      await resumed.session.waitForStatus((status) => status === "ready", 90_000);
      const launched = sessionCommandLines(id).join("\n");
      expect(launched).not.toMatch(LOOSE_LAUNCH);
      expect(JSON.parse(readFileSync(recordFile, "utf8")).resume.posture).toEqual(originalPosture);
      await expectDenied(fx, resumed.session, policy, markerFile, reason);
      await resumed.session.teardown();
      expect(existsSync(privateDir)).toBe(false);
    },
  );
});
