// A finished session's async methods (api.md; C-API-25): each returns a promise that
// rejects session_not_running, never a synchronous throw, so `await`-less callers and
// `.catch()` chains both see the typed error. listLoops and cancelLoop are the documented
// exception (prd/loops.md: they work after stop). Real launcher and PTY, fake CLI.
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { startClaude, startCodex } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { CODEX_MINIMUM_VERSION } from "../../../src/codex/adapter.js";
import type { ElwoodAgentSession } from "../../../src/core/contract/session.js";
import { ElwoodError } from "../../../src/errors.js";
import { fakeCli } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** Every async method of the shared session API, called with valid arguments. */
const ASYNC_METHODS: Record<string, (session: ElwoodAgentSession) => Promise<unknown>> = {
  send: (s) => s.send("hello"),
  sendPrompt: (s) => s.sendPrompt("hello"),
  sendMessage: (s) => s.sendMessage("hello"),
  sendGuidance: (s) => s.sendGuidance("hello"),
  sendKeys: (s) => s.sendKeys("x"),
  resize: (s) => s.resize({ cols: 120, rows: 40 }),
  attach: (s) => s.attach({ input: new PassThrough(), output: new PassThrough() }),
  interrupt: (s) => s.interrupt(),
  compact: (s) => s.compact(),
  listModels: (s) => s.listModels(),
  setModel: (s) => s.setModel("scripted-model"),
  createLoop: (s) => s.createLoop({ mode: "idle", message: "again" }),
  waitForStatus: (s) => s.waitForStatus((status) => status === "ready", 1000),
  waitForActivity: (s) => s.waitForActivity(() => true, 1000),
  stream: async (s) => {
    for await (const _event of s.stream("hello")) {
      // Never reached: a finished session yields nothing.
    }
  },
};

async function settle(call: () => Promise<unknown>): Promise<unknown> {
  let promise: Promise<unknown> | undefined;
  expect(() => {
    promise = call();
  }).not.toThrow();
  return (promise ?? Promise.resolve()).then(
    () => "resolved",
    (error: unknown) => error,
  );
}

describe("a finished session", () => {
  it.each([
    {
      agent: "claude",
      version: `${CLAUDE_MINIMUM_VERSION} (Claude Code)`,
      start: startClaude,
      end: "kill",
    },
    {
      agent: "codex",
      version: `codex-cli ${CODEX_MINIMUM_VERSION}`,
      start: startCodex,
      end: "stop",
    },
  ] as const)(
    "C-API-25: every async method of a $agent session after $end() rejects session_not_running instead of throwing",
    async ({ agent, version, start, end }) => {
      const cli = await fakeCli({ versionText: version, mode: "stay" });
      cleanups.push(() => cli.remove());
      const session = await start({
        cwd: cli.dir,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: process.env,
      });
      cleanups.push(() => session.kill());
      await session[end]();
      const calls = { ...ASYNC_METHODS };
      if (agent === "claude") {
        const claude = session as Awaited<ReturnType<typeof startClaude>>;
        calls.login = () => claude.login({ provideCode: () => "code" });
      }
      for (const [name, call] of Object.entries(calls)) {
        const outcome = await settle(() => call(session));
        expect(outcome, name).toBeInstanceOf(ElwoodError);
        expect((outcome as ElwoodError).name, name).toBe("session_not_running");
      }
      expect(await settle(() => session.listLoops())).toBe("resolved");
      expect(await session.listLoops()).toEqual([]);
      const cancelled = await settle(() => session.cancelLoop("loop-1"));
      expect(cancelled).toMatchObject({ name: "loop_not_found" });
    },
  );
});
