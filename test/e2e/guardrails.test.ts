// Guardrails the agent cannot switch off (issue 21, Done-when 1), against the real CLIs
// with default options (state in `<cwd>/.elwood/`) and a PreToolUse deny handler. A
// scripted tool call does what a prompt-injected agent would: rewrites every file under
// `.elwood/` (the record's posture loosened as far as it goes, a loop planted, anything
// else replaced by `exit 0`) and plants CLI settings that switch hooks off. Then:
// - the next command the handler denies is still denied and never runs;
// - after stop(), a bare startOrResume* (no posture options), and a session class resuming
//   as `elwood serve` does (resumeOnly), fail with state_corrupt naming the field before
//   spawning anything, and so does a resume after the record was deleted: never a looser
//   launch;
// - once the record is restored, the resume launches the original posture and the deny
//   policy still holds, the planted CLI settings notwithstanding.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  ClaudeSession,
  CodexSession,
  startClaude,
  startCodex,
  startOrResumeClaude,
  startOrResumeCodex,
} from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { StateStore } from "../../src/state/index.js";
import { type ClaudeFixture, ensureGone, rejection, token } from "../support/claude-e2e.js";
import type { CliName } from "../support/cli-binaries.js";
import { EXPLOIT_COMMAND, LOOSE_POSTURE, sessionCommandLines } from "../support/guardrails.js";
import { touchAndEcho, waitForSay } from "../support/hooks-e2e.js";
import { processesInHome, survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

const SHELL_TOOL: Readonly<Record<CliName, string>> = {
  claude: "Bash",
  codex: "exec_command",
  gemini: "run_shell_command",
  copilot: "bash",
};

function shellCall(cli: CliName, command: string) {
  const input = cli === "codex" ? { cmd: command } : { command };
  return { tool: { name: SHELL_TOOL[cli], input } };
}

interface DenyPolicy {
  readonly hooks: Record<string, unknown>;
  /** Commands the handler saw, in order. */
  readonly seen: string[];
}

/** Denies any shell command that names `marker`; Claude's others are allowed (no dialog). */
function denyPolicy(cli: CliName, marker: string, reason: string): DenyPolicy {
  const seen: string[] = [];
  const decide = (event: { tool_input: { command: string } }) => {
    seen.push(event.tool_input.command);
    if (event.tool_input.command.includes(marker))
      return { permissionDecision: "deny", permissionDecisionReason: reason };
    return cli === "claude" ? { permissionDecision: "allow" } : undefined;
  };
  return { hooks: { PreToolUse: { Bash: decide } }, seen };
}

// Default options: no stateDir (state in `<cwd>/.elwood/`) and no posture option.
// `autotrust` only answers Codex's folder-trust prompt, which loosens nothing.
async function startDefault(fx: ClaudeFixture, cli: CliName, policy: DenyPolicy) {
  const options = { cwd: fx.workspace, env: fx.home.env, hooks: policy.hooks, autotrust: true };
  const session: ElwoodAgentSession =
    cli === "claude" ? await startClaude(options) : await startCodex(options);
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/** A bare startOrResume*: the id, the folder, the handler, and no posture option at all. */
function bareResume(fx: ClaudeFixture, cli: CliName, policy: DenyPolicy, id: string) {
  const options = {
    cwd: fx.workspace,
    env: fx.home.env,
    hooks: policy.hooks,
    autotrust: true,
    elwoodSessionId: id,
  };
  return cli === "claude" ? startOrResumeClaude(options) : startOrResumeCodex(options);
}

/** `new ClaudeSession(...)`/`new CodexSession(...)` resuming with no posture option. */
async function sessionClassResume(
  fx: ClaudeFixture,
  cli: CliName,
  id: string,
  resumeOnly: boolean,
) {
  const options = { cwd: fx.workspace, env: fx.home.env, elwoodSessionId: id, resumeOnly };
  const session = cli === "claude" ? new ClaudeSession(options) : new CodexSession(options);
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
 * Codex's default sandbox (workspace-write) confines a tool's writes to the workspace and
 * the temp dir: told exactly where the private copies are, it still cannot change them.
 */
async function expectCopiesOutOfReach(
  fx: ClaudeFixture,
  session: ElwoodAgentSession,
  privateDir: string,
): Promise<void> {
  const record = join(privateDir, "record.json");
  const loops = join(privateDir, "loops.json");
  const before = readFileSync(record, "utf8");
  const overwrite = `printf planted > '${record}'; printf planted > '${loops}'`;
  fx.server.turn({
    match: "reach the copies",
    steps: [shellCall("codex", `${overwrite}; echo tried`), { say: "tried the copies" }],
  });
  await session.sendMessage("reach the copies");
  await waitForSay(session, "tried the copies");
  expect(readFileSync(record, "utf8")).toBe(before);
  expect(existsSync(loops)).toBe(false);
}

describe("the agent rewrites Elwood's files in its workspace", () => {
  test.each(["claude", "codex"] as const)(
    "issue 21 C-STATE-13: %s, default options: a deny still holds, a bare resume refuses the loosened record before spawning, and the restored one resumes the original posture with the deny intact",
    async (cli) => {
      const fx = await newFixture({ cli });
      const marker = token("never-runs");
      const markerFile = join(fx.workspace, `${marker}.txt`);
      const reason = token("still-denied");
      fx.server.turn({
        match: "rewrite the state",
        steps: [shellCall(cli, EXPLOIT_COMMAND), { say: "rewrote it" }],
      });
      fx.server.turn({
        match: "make the file",
        repeat: true,
        steps: [shellCall(cli, touchAndEcho(markerFile, "ran")), { say: "tried to make it" }],
      });
      const policy = denyPolicy(cli, marker, reason);
      const session = await startDefault(fx, cli, policy);
      const id = session.elwoodSessionId;
      const sessionDir = join(fx.workspace, ".elwood", "sessions", id);
      const recordFile = join(sessionDir, "record.json");
      const original = readFileSync(recordFile, "utf8");
      const originalPosture = JSON.parse(original).resume.posture;

      await session.sendMessage("rewrite the state");
      await waitForSay(session, "rewrote it");
      // The exploit really ran: the workspace record is loosened and a loop planted.
      expect(JSON.parse(readFileSync(recordFile, "utf8")).resume.posture).toEqual(
        LOOSE_POSTURE[cli],
      );
      expect(readFileSync(join(sessionDir, "loops.json"), "utf8")).toContain("planted");

      const privateDir = await (await StateStore.open({ cwd: fx.workspace })).privateDir(id);
      if (cli === "codex") await expectCopiesOutOfReach(fx, session, privateDir);

      await expectDenied(fx, session, policy, markerFile, reason);
      await session.stop();

      // Nothing runs with the agent's HOME once stopped (within the 2 s every other
      // survivor check allows: a SIGKILLed tool can take a moment to be reaped on a loaded
      // machine); a refused resume starts nothing.
      expect(await survivorsInHome(fx.home.home, 2_000)).toEqual([]);
      // Every bare resume path: startOrResume*, and the session class opened the way
      // `elwood serve` resumes (resumeOnly) and the way it starts-or-resumes.
      for (const attempt of [
        () => bareResume(fx, cli, policy, id),
        () => sessionClassResume(fx, cli, id, true),
        () => sessionClassResume(fx, cli, id, false),
      ]) {
        const refused = await rejection(attempt());
        expect(refused.name).toBe("state_corrupt");
        expect(refused.details).toMatchObject({ field: "resume.posture", elwoodSessionId: id });
      }
      // Deleting the record instead must not turn the resume into a fresh, looser start.
      renameSync(recordFile, `${recordFile}.moved`);
      const removed = await rejection(bareResume(fx, cli, policy, id));
      expect(removed.name).toBe("state_corrupt");
      expect(removed.details).toMatchObject({ field: "record", elwoodSessionId: id });
      renameSync(`${recordFile}.moved`, recordFile);
      expect(processesInHome(fx.home.home)).toEqual([]);

      // The user restores the record and drops the planted loop; the planted CLI settings
      // (.claude/settings.local.json, .codex/config.toml) stay.
      writeFileSync(recordFile, original, { mode: 0o600 });
      rmSync(join(sessionDir, "loops.json"));
      const resumed = await bareResume(fx, cli, policy, id);
      fx.defer(() => ensureGone(resumed.session));
      expect(resumed.resumed).toBe(true);
      await resumed.session.waitForStatus((status) => status === "ready", 90_000);
      const launched = sessionCommandLines(id).join("\n");
      expect(launched).not.toMatch(/bypassPermissions|danger-full-access|--ask-for-approval/);
      expect(JSON.parse(readFileSync(recordFile, "utf8")).resume.posture).toEqual(originalPosture);
      await expectDenied(fx, resumed.session, policy, markerFile, reason);
      await resumed.session.teardown();
      expect(existsSync(privateDir)).toBe(false);
    },
  );
});
