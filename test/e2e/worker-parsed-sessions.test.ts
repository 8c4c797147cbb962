// Real CLIs whose screens are parsed in a worker thread (issue 22 item 3): with two other
// terminals alive in the process, a new session's terminal goes to a parse worker, and
// everything that reads its screen (readiness, the composer, turn ends, the final reply)
// works through the parent's mirror exactly as on the main thread.
import { afterEach, describe, expect, test } from "vitest";
import { startClaude } from "../../src/agents.js";
import type { ElwoodTerminalView } from "../../src/index.js";
import { sharedParseWorkerPool } from "../../src/terminal/parse-worker/pool.js";
import { type PtyProcess, spawnPty } from "../../src/terminal/pty-process.js";
import { ElwoodTerminal } from "../../src/terminal/terminal.js";
import { ensureGone, token } from "../support/claude-e2e.js";
import { startCodexIn } from "../support/codex-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newClaudeFixture = useRealCliFixture({ trusted: true });

// Two live terminals in this process (real PTYs running `sleep`): the next one is placed
// in a parse worker.
const others: { terminal: ElwoodTerminal; pty: PtyProcess }[] = [];
function occupyTheMainThread(): void {
  for (let index = 0; index < 2; index += 1) {
    const pty = spawnPty({
      file: "sleep",
      args: ["600"],
      cwd: process.cwd(),
      env: process.env,
      cols: 80,
      rows: 24,
    });
    others.push({ terminal: new ElwoodTerminal({ pty }), pty });
  }
}
afterEach(() => {
  for (const { terminal, pty } of others.splice(0)) {
    terminal.dispose();
    pty.kill("SIGKILL");
  }
});

// session.terminal is a read-only view that does not say where it is parsed; the process's
// pool does: the session's terminal is the only one in a worker.
function expectWorkerParsed(): void {
  expect(sharedParseWorkerPool.terminalCount).toBe(1);
}

// The reply reaches send() through the hook and transcript, which can be ahead of the TUI's
// own repaint (stop 33's CI: Codex answered in 4 s and the snapshot still said "Working").
// The mirror must catch up, so the screen is polled, bounded.
async function expectAnswerOnScreen(terminal: ElwoodTerminalView, answer: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await terminal.settled();
        return terminal.snapshot().text;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toContain(answer);
}

describe("sessions whose screens are parsed in a worker", () => {
  test("C-PTY-07: Claude starts, answers a turn and stops", async () => {
    occupyTheMainThread();
    const fx = await newClaudeFixture();
    const answer = token("Parsed in a worker");
    fx.server.turn({ match: /worker question/, steps: [{ say: answer }] });
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    expectWorkerParsed();
    expect(await session.send("worker question")).toBe(answer);
    await expectAnswerOnScreen(session.terminal, answer);
    expect(session.terminal.renderFailed).toBe(false);
    await session.stop();
  });

  test("C-PTY-07: Codex starts, answers a turn and stops", async () => {
    occupyTheMainThread();
    const fx = await newClaudeFixture({ cli: "codex" });
    const answer = token("Codex parsed in a worker");
    fx.server.turn({ match: /worker question/, steps: [{ say: answer }] });
    const session = await startCodexIn(fx);
    expectWorkerParsed();
    expect(await session.send("worker question")).toBe(answer);
    await expectAnswerOnScreen(session.terminal, answer);
    expect(session.terminal.renderFailed).toBe(false);
    await session.stop();
  });
});
