// The crash-recovery scenarios against the real CLIs (issue 16, Done-when 1; TARGETS
// "crash recovery"), run by e2e/crash-recovery-claude.test.ts and
// crash-recovery-codex.test.ts (one file per agent, so the two agents run side by side in
// the e2e-alone group): a parent application is SIGKILLed while its session is starting, ready,
// mid-turn (a long shell command running), mid-hook (a handler that never answers) and
// mid-stop. Within 2 s nothing it started is alive, and a new parent's startOrResume*
// gives a working session of the same id: the same conversation when one was written,
// otherwise the empty one relaunched, reported with the resumed_empty_conversation warning.
// Tools that detached from the terminal (`setsid`, `nohup`) die too: the launch sentinel
// ends them (issue 21).
import { expect } from "vitest";
import {
  startOrResumeClaude,
  startOrResumeCodex,
  startOrResumeCopilot,
  startOrResumeGemini,
} from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import { type ClaudeFixture, ensureGone, token } from "./claude-e2e.js";
import type { CliName } from "./cli-binaries.js";
import { type CrashParentRun, startCrashParent } from "./crash-parent.js";
import {
  commandLineOf,
  isProcessAlive,
  processesInHome,
  processesWithEnv,
  survivorsInHome,
  waitFor,
} from "./process-table.js";
import { type MakeFixture, useRealCliFixture } from "./real-cli-fixture.js";

export type Phase = "starting" | "ready" | "mid-turn" | "mid-hook" | "mid-stop";

/** Whether the phase comes after the CLI wrote a conversation (a prompt was taken). */
const HAS_CONVERSATION: Readonly<Record<Phase, boolean>> = {
  starting: false,
  ready: false,
  "mid-turn": true,
  "mid-hook": true,
  "mid-stop": true,
};

// Claude 2.1.332 refuses `sleep N` chains in its Bash tool; a Node timer is a plain
// long-running command to both CLIs.
const LONG_COMMAND = `node -e "setTimeout(() => console.log('slept'), 30000)"`;

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

/** Starts the fixture parent and resolves once it reports `phase`. */
function runParent(
  fx: ClaudeFixture,
  cli: CliName,
  phase: Phase,
  prompt: string,
  posture: Readonly<Record<string, string>> = {},
): Promise<CrashParentRun> {
  const config = { agent: cli, cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir };
  return startCrashParent(fx, { ...config, phase, prompt, posture });
}

/**
 * SIGKILLs the parent (in mid-stop it has killed itself); resolves with whatever its
 * session started that is still alive 2 s later, as "pid command". Found by the agent HOME
 * they all inherit (the parent itself runs with the test's own HOME), so a process
 * re-parented away from the parent's tree counts as much as a direct child. The CLI must
 * still run at the crash, or the scenario tested nothing.
 */
async function killParent(fx: ClaudeFixture, run: CrashParentRun): Promise<string[]> {
  expect(run.agentsAliveAtCrash ?? processesInHome(fx.home.home).length).toBeGreaterThan(0);
  run.child.kill("SIGKILL");
  const left = await survivorsInHome(fx.home.home, 2_000);
  for (const pid of processesInHome(fx.home.home)) process.kill(pid, "SIGKILL");
  return left;
}

async function restart(fx: ClaudeFixture, cli: CliName, elwoodSessionId: string) {
  const common = { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir, autotrust: true };
  const result =
    cli === "claude"
      ? await startOrResumeClaude({ ...common, elwoodSessionId, permissionMode: "default" })
      : cli === "codex"
        ? await startOrResumeCodex({ ...common, elwoodSessionId })
        : cli === "gemini"
          ? await startOrResumeGemini({ ...common, elwoodSessionId, approvalMode: "yolo" })
          : await startOrResumeCopilot({ ...common, elwoodSessionId });
  const session: ElwoodAgentSession = result.session;
  fx.defer(() => ensureGone(session));
  const warnings: ElwoodWarningEvent[] = [];
  session.on("warning", (warning) => warnings.push(warning));
  return { session, resumed: result.resumed, warnings };
}

export const KILL_PHASES: readonly Phase[] = [
  "starting",
  "ready",
  "mid-turn",
  "mid-hook",
  "mid-stop",
];

export interface CrashRecoveryScenarios {
  /** The parent is SIGKILLed in `phase`; nothing survives 2 s, and a new parent resumes. */
  killedIn(phase: Phase): Promise<void>;
  /** The parent is SIGKILLed while a tool's `setsid` and `nohup` children run. */
  killedAfterToolDetached(): Promise<void>;
}

/** Call once at the top of a test file: registers the file's fixture cleanup and leak check. */
export function crashRecoveryScenarios(cli: CliName): CrashRecoveryScenarios {
  const newFixture = useRealCliFixture({ trusted: true });
  return {
    killedIn: (phase) => killedIn(cli, newFixture, phase),
    killedAfterToolDetached: () => killedAfterToolDetached(cli, newFixture),
  };
}

async function killedIn(cli: CliName, newFixture: MakeFixture, phase: Phase): Promise<void> {
  const fx = await newFixture({ cli });
  const firstPrompt = token("first-prompt");
  const firstSteps =
    phase === "mid-stop"
      ? [{ say: "first answer" }]
      : [shellCall(cli, LONG_COMMAND), { say: "slept" }];
  fx.server.turn({ match: firstPrompt, steps: firstSteps });
  fx.server.turn({ match: "after the restart", steps: [{ say: "back again" }] });

  const run = await runParent(fx, cli, phase, firstPrompt);
  if (phase === "mid-turn") {
    // Kill while the tool command itself runs, so it is among what must not survive.
    const commandRuns = () =>
      processesInHome(fx.home.home).some((pid) =>
        commandLineOf(pid).includes("console.log('slept')"),
      );
    expect(await waitFor(commandRuns, { timeoutMs: 60_000, intervalMs: 100 })).toBe(true);
  }
  expect(await killParent(fx, run)).toEqual([]);

  const { elwoodSessionId } = run;
  const { session, resumed, warnings } = await restart(fx, cli, elwoodSessionId);
  // A CLI that refuses the resume exits with its reason on screen: keep it in the failure.
  await session
    .waitForStatus((status) => status === "ready", 90_000)
    .catch((error) => {
      throw new Error(`${String(error)}\nscreen:\n${session.terminal.snapshot().text}`);
    });
  // Every phase resumes the same session: one that never took a prompt is relaunched
  // empty and says so (prd/decisions.md "An empty conversation resumes").
  expect(resumed).toBe(true);
  expect(session.elwoodSessionId).toBe(elwoodSessionId);
  const codes = warnings.map((warning) => warning.code);
  expect(codes).not.toContain("started_new_conversation");
  const wasEmpty = codes.includes("resumed_empty_conversation");
  // Claude flushes its transcript lazily: killed inside the first PreToolUse hook, the
  // conversation may not be on disk yet, and then it is relaunched empty.
  const expected = cli === "claude" && phase === "mid-hook" ? !wasEmpty : HAS_CONVERSATION[phase];
  expect(wasEmpty).toBe(!expected);
  await session.sendMessage("after the restart");
  await session.waitForActivity(
    (event) => event.kind === "assistant_message" && (event.text ?? "").includes("back again"),
    60_000,
  );
  const request = await fx.server.waitForRequest(
    (entry) => !entry.isAuxiliary && JSON.stringify(entry.body).includes("after the restart"),
    10_000,
  );
  // A resumed conversation carries the first prompt; an empty one relaunched does not.
  expect(JSON.stringify(request.body).includes(firstPrompt)).toBe(expected);
  await session.stop();
}

const MARKER = "ELWOOD_TEST_MARKER";

/**
 * Two `sleep 600`s that leave the tool's terminal (`setsid`) or ignore its hangup
 * (`nohup`), found later by the marker, then a long foreground command so the parent is
 * killed while the tool still runs (Codex ends a finished command's process group).
 */
function detachingCommand(marker: string): string {
  const quiet = ">/dev/null 2>&1 </dev/null &";
  return `${MARKER}=${marker} setsid sleep 600 ${quiet} ${MARKER}=${marker} nohup sleep 600 ${quiet} ${LONG_COMMAND}`;
}

// Codex's default sandbox (workspace-write) runs each tool command in a PID namespace of
// its own, so a detached process dies with the command (0.171.0); with
// danger-full-access a `setsid` one outlives the command, which is the case to prove.
const UNCONFINED: Readonly<Record<CliName, Readonly<Record<string, string>>>> = {
  claude: {},
  codex: { sandbox: "danger-full-access" },
  gemini: { approvalMode: "yolo" },
  copilot: {},
};

async function killedAfterToolDetached(cli: CliName, newFixture: MakeFixture): Promise<void> {
  const fx = await newFixture({ cli });
  const marker = token("detached");
  fx.defer(() => {
    for (const pid of processesWithEnv(MARKER, marker)) process.kill(pid, "SIGKILL");
  });
  const prompt = token("detach");
  fx.server.turn({
    match: prompt,
    steps: [shellCall(cli, detachingCommand(marker)), { say: "slept" }],
  });
  const run = await runParent(fx, cli, "mid-turn", prompt, UNCONFINED[cli]);
  const bothRun = () => processesWithEnv(MARKER, marker).length === 2;
  expect(await waitFor(bothRun, { timeoutMs: 60_000, intervalMs: 100 })).toBe(true);
  // Found by the marker, not by parentage: a `setsid` one is re-parented to init once
  // its shell ends.
  const detached = processesWithEnv(MARKER, marker);
  const killedAt = Date.now();
  expect(await killParent(fx, run)).toEqual([]);
  const remaining = Math.max(0, 2_000 - (Date.now() - killedAt));
  await waitFor(() => !detached.some(isProcessAlive), { timeoutMs: remaining, intervalMs: 50 });
  expect(detached.filter(isProcessAlive).map((pid) => `${pid} ${commandLineOf(pid)}`)).toEqual([]);
}
