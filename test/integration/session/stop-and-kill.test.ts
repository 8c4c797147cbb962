// How stop() and kill() end the CLI, seen from the CLI's side (lifecycle §1.6): stop()
// asks first with SIGHUP and lets a CLI that obeys exit on its own; one that ignores the
// request is force-killed after a bounded grace; kill() never asks. A real launcher, PTY
// and login shell against the fake CLI, which logs every SIGHUP it receives.
import { afterEach, describe, expect, it } from "vitest";
import { startClaude, startCodex } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { CODEX_MINIMUM_VERSION } from "../../../src/codex/adapter.js";
import type { ElwoodTerminalExitEvent } from "../../../src/index.js";
import { type FakeCli, fakeCli } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const SIGKILL = 9;

const AGENTS = [
  { agent: "claude", version: `${CLAUDE_MINIMUM_VERSION} (Claude Code)`, start: startClaude },
  { agent: "codex", version: `codex-cli ${CODEX_MINIMUM_VERSION}`, start: startCodex },
] as const;

async function started(
  agent: (typeof AGENTS)[number],
  mode: "stay" | "ignore-hup",
): Promise<{
  cli: FakeCli;
  session: Awaited<ReturnType<typeof startClaude>>;
  exits: ElwoodTerminalExitEvent[];
}> {
  const cli = await fakeCli({ versionText: agent.version, mode });
  cleanups.push(() => cli.remove());
  const session = await agent.start({
    cwd: cli.dir,
    stateDir: cli.stateDir,
    executable: cli.executable,
    env: cli.env,
  });
  cleanups.push(() => session.kill());
  // On a loaded machine start can resolve before the fake is running its script; signal
  // only a CLI that is up (it logs its size first thing), as the tests are about its answer.
  const up = async () => (await cli.terminalLog()).some((entry) => "size" in entry);
  for (let waited = 0; !(await up()) && waited < 30_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exits: ElwoodTerminalExitEvent[] = [];
  session.on("terminal:exit", (exit) => exits.push(exit));
  return { cli, session: session as Awaited<ReturnType<typeof startClaude>>, exits };
}

const hangups = async (cli: FakeCli) =>
  (await cli.terminalLog()).filter((entry) => "signal" in entry).length;

describe.each(AGENTS)("C-LIFE-02 C-LIFE-03: how $agent is ended", (agent) => {
  it("C-LIFE-02: stop() sends SIGHUP, and a CLI that exits on it is never SIGKILLed", async () => {
    const { cli, session, exits } = await started(agent, "stay");
    await session.stop();
    expect(session.status).toBe("stopped");
    expect(await hangups(cli)).toBe(1);
    // It exited on its own, with its own status: not the escalation's signal.
    expect(exits).toEqual([{ exitCode: 0 }]);
    expect(await cli.leftovers()).toEqual([]);
  });

  it("C-LIFE-02: stop() on a CLI that ignores SIGHUP escalates to SIGKILL after a bounded grace", async () => {
    const { cli, session, exits } = await started(agent, "ignore-hup");
    const begun = performance.now();
    await session.stop();
    const took = performance.now() - begun;
    expect(session.status).toBe("stopped");
    expect(await hangups(cli)).toBe(1);
    expect(exits).toHaveLength(1);
    expect(exits[0]?.signal).toBe(SIGKILL);
    // A grace first (not SIGKILL on the heels of SIGHUP), and bounded.
    expect(took).toBeGreaterThan(1_000);
    expect(took).toBeLessThan(15_000);
    expect(await cli.leftovers()).toEqual([]);
  });

  it("C-LIFE-03: kill() force-terminates at once, without asking first", async () => {
    const { cli, session, exits } = await started(agent, "ignore-hup");
    await session.kill();
    expect(session.status).toBe("killed");
    expect(await hangups(cli)).toBe(0);
    expect(exits).toHaveLength(1);
    expect(exits[0]?.signal).toBe(SIGKILL);
    expect(await cli.leftovers()).toEqual([]);
  });
});
