// A CLI that dies by itself mid-turn (issue 16 "Crash and restart"; prd/decisions.md
// "Crash recovery"): the agent's own process is SIGKILLed while a turn runs a long shell
// command, not the parent. stream() yields what arrived and then throws
// session_not_running, send() rejects with it, the status is `exited`, and nothing the
// session started (the CLI, the Codex wrapper, the tool's command) is alive 2 s later.
import { readFileSync, readlinkSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, test } from "vitest";
import { startClaude, startCodex } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodStreamEvent } from "../../src/core/contract/turn.js";
import { ElwoodError } from "../../src/errors.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import type { CliName } from "../support/cli-binaries.js";
import { descendantsOf, isProcessAlive, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** The agent's own executable: claude.exe, or Codex's native binary (not its node wrapper). */
function cliPid(cli: CliName): number | undefined {
  for (const { pid } of descendantsOf(process.pid)) {
    try {
      if (basename(readlinkSync(`/proc/${pid}/exe`)).replace(/\.exe$/, "") === cli) return pid;
    } catch {
      // gone, or not ours to read
    }
  }
  return undefined;
}

async function startSession(fx: ClaudeFixture, cli: CliName): Promise<ElwoodAgentSession> {
  const common = { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir, autotrust: true };
  const session =
    cli === "claude"
      ? await startClaude({
          ...common,
          permissionMode: "default",
          hooks: { PreToolUse: () => ({ permissionDecision: "allow" }) },
        })
      : await startCodex(common);
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/**
 * Waits until the turn's long command runs, SIGKILLs the CLI's own process, and returns
 * every process the session had started at that moment.
 */
async function killCliMidTurn(cli: CliName, marker: string): Promise<number[]> {
  const commandRuns = () =>
    descendantsOf(process.pid).some(({ pid }) => commandLine(pid).includes(marker));
  expect(await waitFor(commandRuns, { timeoutMs: 60_000, intervalMs: 100 })).toBe(true);
  const started = descendantsOf(process.pid).map(({ pid }) => pid);
  const pid = cliPid(cli);
  expect(pid).toBeDefined();
  process.kill(pid as number, "SIGKILL");
  return started;
}

async function survivorsAfter(started: readonly number[]): Promise<string[]> {
  const alive = () => started.filter((pid) => isProcessAlive(pid));
  await waitFor(() => alive().length === 0, { timeoutMs: 2_000, intervalMs: 50 });
  const left = alive().map((pid) => `${pid} ${commandLine(pid)}`);
  for (const pid of alive()) process.kill(pid, "SIGKILL");
  return left;
}

function scriptLongTurn(fx: ClaudeFixture, cli: CliName): { prompt: string; marker: string } {
  const prompt = token("dies-mid-turn");
  const marker = token("cli-death-marker");
  const command = `node -e "setTimeout(() => console.log('slept'), 30000) // ${marker}"`;
  const input = cli === "claude" ? { command } : { cmd: command };
  const tool = { name: cli === "claude" ? "Bash" : "exec_command", input };
  fx.server.turn({ match: prompt, steps: [{ tool }, { say: "never reached" }] });
  return { prompt, marker };
}

const clis = ["claude", "codex"] as const;

describe("the CLI dies by itself mid-turn", () => {
  test.each(clis)(
    "C-API-48 C-LIFE-10: %s: stream() throws session_not_running, the status is exited, nothing survives",
    async (cli) => {
      const fx = await newFixture({ cli });
      const session = await startSession(fx, cli);
      const { prompt, marker } = scriptLongTurn(fx, cli);
      const seen: ElwoodStreamEvent[] = [];
      const drained = (async () => {
        for await (const event of session.stream(prompt)) seen.push(event);
      })().then(
        () => undefined,
        (error: unknown) => error,
      );
      const started = await killCliMidTurn(cli, marker);
      const error = await drained;
      expect(error).toBeInstanceOf(ElwoodError);
      expect((error as ElwoodError).name).toBe("session_not_running");
      expect(session.status).toBe("exited");
      expect(await survivorsAfter(started)).toEqual([]);
      expect(seen.some((event) => event.type === "text" && event.text.includes("never"))).toBe(
        false,
      );
    },
  );

  test.each(clis)(
    "C-API-49 C-LIFE-10: %s: send() rejects with session_not_running and nothing survives",
    async (cli) => {
      const fx = await newFixture({ cli });
      const session = await startSession(fx, cli);
      const { prompt, marker } = scriptLongTurn(fx, cli);
      const answer = session.send(prompt).then(
        (text) => text,
        (error: unknown) => error,
      );
      const started = await killCliMidTurn(cli, marker);
      const error = await answer;
      expect(error).toBeInstanceOf(ElwoodError);
      expect((error as ElwoodError).name).toBe("session_not_running");
      expect((error as ElwoodError).message).toMatch(/exited by itself/);
      expect(session.status).toBe("exited");
      expect(await survivorsAfter(started)).toEqual([]);
      // The session is over: a new turn is refused, not queued.
      await expect(session.send("anything")).rejects.toMatchObject({ name: "session_not_running" });
    },
  );
});
