// The raw-session surface for loops (C-LOOP-01, C-LOOP-02): createLoop/listLoops/cancelLoop
// are promise-returning calls into the runtime's loops, and sendMessage/sendPrompt hand
// `/loop ...` text over literally instead of creating a loop.
import { describe, expect, test } from "vitest";
import type { ElwoodAgentSession } from "../../../src/core/contract/session.js";
import { ElwoodError } from "../../../src/errors.js";
import { AgentSession } from "../../../src/session/agent-session.js";

function fakeRuntime() {
  const calls: [string, unknown][] = [];
  const runtime = {
    elwoodSessionId: "s",
    submissions: {
      submit: async (kind: string, text: string) =>
        void calls.push([kind === "message" ? "sendMessage" : "sendPrompt", text]),
    },
    loops: {
      create: async (request: unknown) => {
        calls.push(["createLoop", request]);
        return { id: "loop-1" };
      },
      list: async () => {
        calls.push(["listLoops", undefined]);
        return [];
      },
      cancel: (id: string) => {
        calls.push(["cancelLoop", id]);
        throw new ElwoodError("loop_not_found", "no");
      },
    },
  };
  const api = new AgentSession({
    agent: "claude",
    cwd: "/",
    elwoodSessionId: "s",
    initialSize: { cols: 80, rows: 24 },
    open: async () => ({ runtime: runtime as never, resumed: false }),
  });
  return { api, calls };
}

describe("loop methods on raw sessions", () => {
  test("C-LOOP-01: createLoop/listLoops/cancelLoop are async and agent-neutral", async () => {
    const { api, calls } = fakeRuntime();
    const session: ElwoodAgentSession = api;
    await session.createLoop({ mode: "idle", message: "m" });
    await session.listLoops();
    // A synchronous throw from below still arrives as a rejection.
    const cancelled = session.cancelLoop("x");
    expect(cancelled).toBeInstanceOf(Promise);
    await expect(cancelled).rejects.toMatchObject({ name: "loop_not_found" });
    expect(calls.map(([name]) => name)).toEqual(["createLoop", "listLoops", "cancelLoop"]);
  });

  test("C-LOOP-02: /loop text sent as a message or prompt stays a literal message", async () => {
    const { api, calls } = fakeRuntime();
    await api.sendMessage("/loop 5m check the build");
    await api.sendPrompt("/loop check");
    expect(calls).toEqual([
      ["sendMessage", "/loop 5m check the build"],
      ["sendPrompt", "/loop check"],
    ]);
  });
});
