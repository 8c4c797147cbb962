// Crash recovery against the real CLIs (issue 16, Done-when 1; TARGETS "crash
// recovery"): a parent application is SIGKILLed while its session is starting, ready,
// mid-turn (a long shell command running), mid-hook (a handler that never answers) and
// mid-stop. Within 2 s nothing it started is alive, and a new parent's startOrResume*
// gives a working session: the same conversation when one was written, otherwise a new
// one reported as `resumed: false` with a typed warning, after resume* itself refused
// with resume_unavailable before spawning anything.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import {
  resumeClaude,
  resumeCodex,
  startOrResumeClaude,
  startOrResumeCodex,
} from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import {
  type ClaudeFixture,
  childPids,
  ensureGone,
  rejection,
  token,
} from "../support/claude-e2e.js";
import type { CliName } from "../support/cli-binaries.js";
import { onCrashParentMessages } from "../support/crash-parent-messages.js";
import { descendantsOf, isProcessAlive, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/crash-parent.mjs", import.meta.url));
const newFixture = useRealCliFixture({ trusted: true });

type Phase = "starting" | "ready" | "mid-turn" | "mid-hook" | "mid-stop";

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

const SHELL_TOOL: Readonly<Record<CliName, string>> = { claude: "Bash", codex: "exec_command" };

function shellCall(cli: CliName, command: string) {
  const input = cli === "claude" ? { command } : { cmd: command };
  return { tool: { name: SHELL_TOOL[cli], input } };
}

interface ParentRun {
  readonly child: ChildProcess;
  readonly elwoodSessionId: string;
}

/** Starts the fixture parent and resolves once it reports `phase`. */
function runParent(
  fx: ClaudeFixture,
  cli: CliName,
  phase: Phase,
  prompt: string,
): Promise<ParentRun> {
  const config = {
    agent: cli,
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    phase,
    prompt,
  };
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  fx.defer(() => {
    child.kill("SIGKILL");
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    let elwoodSessionId: string | undefined;
    const timer = setTimeout(
      () => reject(new Error(`no "${phase}" within 120 s: ${stderr}`)),
      120_000,
    );
    child.stderr?.on("data", (part: Buffer) => {
      stderr += part.toString("utf8");
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`parent exited (${code}) before "${phase}": ${stderr}`));
    });
    onCrashParentMessages(child.stdout, (message) => {
      if (message.event === "started") elwoodSessionId = message.elwoodSessionId;
      if (message.event === "phase" && elwoodSessionId !== undefined) {
        clearTimeout(timer);
        resolve({ child, elwoodSessionId });
      }
    });
  });
}

/** A process's command line, for a failure message that says what survived. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return "?";
  }
}

/**
 * SIGKILLs the parent; resolves with whatever it had started (snapshotted just before
 * the kill) that is still alive 2 s later, as "pid command".
 */
async function killParent(run: ParentRun): Promise<string[]> {
  const started = descendantsOf(run.child.pid as number).map((entry) => entry.pid);
  expect(started.length).toBeGreaterThan(0);
  run.child.removeAllListeners("exit");
  run.child.kill("SIGKILL");
  const survivors = () => started.filter((pid) => isProcessAlive(pid));
  await waitFor(() => survivors().length === 0, { timeoutMs: 2_000, intervalMs: 50 });
  const left = survivors().map((pid) => `${pid} ${commandLine(pid)}`);
  for (const pid of survivors()) process.kill(pid, "SIGKILL");
  return left;
}

async function restart(fx: ClaudeFixture, cli: CliName, elwoodSessionId: string) {
  const common = { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir, autotrust: true };
  const result =
    cli === "claude"
      ? await startOrResumeClaude({ ...common, elwoodSessionId, permissionMode: "default" })
      : await startOrResumeCodex({ ...common, elwoodSessionId });
  const session: ElwoodAgentSession = result.session;
  fx.defer(() => ensureGone(session));
  const warnings: ElwoodWarningEvent[] = [];
  session.on("warning", (warning) => warnings.push(warning));
  return { session, resumed: result.resumed, warnings };
}

const cases = (["claude", "codex"] as const).flatMap((cli) =>
  (["starting", "ready", "mid-turn", "mid-hook", "mid-stop"] as const).map((phase) => ({
    cli,
    phase,
  })),
);

describe("parent SIGKILL, then startOrResume* from a new parent", () => {
  test.each(cases)(
    "C-API-26 C-LIFE-10: $cli, killed $phase: no survivor within 2 s, and the next startOrResume works",
    async ({ cli, phase }) => {
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
          descendantsOf(run.child.pid as number).some(({ pid }) =>
            commandLine(pid).includes("console.log('slept')"),
          );
        expect(await waitFor(commandRuns, { timeoutMs: 60_000, intervalMs: 100 })).toBe(true);
      }
      expect(await killParent(run)).toEqual([]);

      const { elwoodSessionId } = run;
      if (!HAS_CONVERSATION[phase]) {
        // resume* refuses before spawning anything.
        const before = childPids();
        const resume = cli === "claude" ? resumeClaude : resumeCodex;
        const error = await rejection(
          resume({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir, elwoodSessionId }),
        );
        expect(error.name).toBe("resume_unavailable");
        expect([...childPids()].filter((pid) => !before.has(pid))).toEqual([]);
      }

      const { session, resumed, warnings } = await restart(fx, cli, elwoodSessionId);
      await session.waitForStatus((status) => status === "ready", 90_000);
      const reasons = warnings
        .filter((warning) => warning.code === "started_new_conversation")
        .map((warning) => warning.reason);
      // Claude flushes its transcript lazily: killed inside the first PreToolUse hook, the
      // conversation may not be on disk yet, and then a new one is started and reported.
      const expected = cli === "claude" && phase === "mid-hook" ? resumed : HAS_CONVERSATION[phase];
      expect({ resumed, reasons }).toEqual({
        resumed: expected,
        reasons: expected ? [] : ["resume_unavailable"],
      });
      await session.sendMessage("after the restart");
      await session.waitForActivity(
        (event) => event.kind === "assistant_message" && (event.text ?? "").includes("back again"),
        60_000,
      );
      const request = await fx.server.waitForRequest(
        (entry) => !entry.isAuxiliary && JSON.stringify(entry.body).includes("after the restart"),
        10_000,
      );
      // A resumed session carries the first conversation; a new one does not.
      expect(JSON.stringify(request.body).includes(firstPrompt)).toBe(expected);
      if (resumed) {
        expect(session.elwoodSessionId).toBe(elwoodSessionId);
        expect(warnings.filter((warning) => warning.code === "started_new_conversation")).toEqual(
          [],
        );
      } else {
        expect(session.elwoodSessionId).not.toBe(elwoodSessionId);
        expect(warnings).toContainEqual(
          expect.objectContaining({
            code: "started_new_conversation",
            previousElwoodSessionId: elwoodSessionId,
            reason: "resume_unavailable",
          }),
        );
      }
      await session.stop();
    },
  );
});
