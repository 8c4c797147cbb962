// A CLI that dies by itself mid-turn (issue 16 "Crash and restart"; prd/decisions.md
// "Crash recovery"): the agent's own process is SIGKILLed while a turn runs a long shell
// command, not the parent. stream() yields what arrived and then throws
// session_not_running, send() rejects with it, the status is `exited`, and nothing the
// session started (the CLI, any launcher wrapper in front of it, the tool's command) is
// alive 2 s later. Every agent of the one table (support/agent-table.ts).
import { readFileSync, readlinkSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, test } from "vitest";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodStreamEvent } from "../../src/core/contract/turn.js";
import { ElwoodError } from "../../src/errors.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import { descendantsOf, isProcessAlive, listProcesses, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

function executable(pid: number): string {
  try {
    return basename(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return "";
  }
}

/** The shells a CLI runs its shell tool's command in. */
const SHELLS = new Set(["bash", "sh", "dash", "zsh"]);

/**
 * The agent's own process: the one that ran the tool's command, i.e. the command's nearest
 * ancestor that is not a shell (claude.exe, Codex's native binary rather than its node
 * wrapper, Gemini's node, Copilot's native binary rather than its node loader).
 */
function agentPid(commandPid: number): number | undefined {
  const parents = new Map(listProcesses().map((entry) => [entry.pid, entry.ppid]));
  for (let pid = parents.get(commandPid); pid !== undefined && pid > 1; pid = parents.get(pid)) {
    if (pid === process.pid) return undefined;
    if (!SHELLS.has(executable(pid))) return pid;
  }
  return undefined;
}

async function startSession(fx: ClaudeFixture, row: AgentRow): Promise<ElwoodAgentSession> {
  const session = await row.start({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/**
 * Waits until the turn's long command runs, SIGKILLs the CLI's own process, and returns
 * every process the session had started at that moment.
 */
async function killCliMidTurn(marker: string): Promise<number[]> {
  const command = () =>
    descendantsOf(process.pid).find(({ pid }) => commandLine(pid).includes(`// ${marker}`));
  expect(await waitFor(() => command() !== undefined, { timeoutMs: 60_000, intervalMs: 100 })).toBe(
    true,
  );
  const started = descendantsOf(process.pid).map(({ pid }) => pid);
  const pid = agentPid(command()?.pid ?? -1);
  expect(pid, "no process of the agent's runs the tool's command").toBeDefined();
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

function scriptLongTurn(fx: ClaudeFixture, row: AgentRow): { prompt: string; marker: string } {
  const prompt = token("dies-mid-turn");
  const marker = token("cli-death-marker");
  const command = `node -e "setTimeout(() => console.log('slept'), 30000) // ${marker}"`;
  fx.server.turn({ match: prompt, steps: [row.shell(command), { say: "never reached" }] });
  return { prompt, marker };
}

describe("the CLI dies by itself mid-turn", () => {
  test.each(AGENT_ROWS)(
    "C-API-48 C-LIFE-10: $agent: stream() throws session_not_running, the status is exited, nothing survives",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const session = await startSession(fx, row);
      const { prompt, marker } = scriptLongTurn(fx, row);
      const seen: ElwoodStreamEvent[] = [];
      const drained = (async () => {
        for await (const event of session.stream(prompt)) seen.push(event);
      })().then(
        () => undefined,
        (error: unknown) => error,
      );
      const started = await killCliMidTurn(marker);
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

  test.each(AGENT_ROWS)(
    "C-API-49 C-LIFE-10: $agent: send() rejects with session_not_running and nothing survives",
    async (row) => {
      const fx = await newFixture(row.fixture);
      const session = await startSession(fx, row);
      const { prompt, marker } = scriptLongTurn(fx, row);
      const answer = session.send(prompt).then(
        (text) => text,
        (error: unknown) => error,
      );
      const started = await killCliMidTurn(marker);
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
