// The raw-session surface for loops (C-LOOP-01, C-LOOP-02): createLoop/listLoops/cancelLoop
// are promise-returning pass-throughs to the runtime, and sendMessage/sendPrompt hand
// `/loop ...` text over literally instead of creating a loop.
import { describe, expect, test } from "vitest";
import type { ElwoodAgentSession } from "../../../src/core/contract/session.js";
import { AgentSessionApi } from "../../../src/core/runtime/agent-session.js";
import { ElwoodError } from "../../../src/errors.js";

function fakeRuntime() {
  const calls: [string, unknown][] = [];
  const runtime = {
    elwoodSessionId: "s",
    cwd: "/",
    status: "ready",
    sendMessage: async (text: string) => void calls.push(["sendMessage", text]),
    sendPrompt: async (text: string) => void calls.push(["sendPrompt", text]),
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
  const api = new AgentSessionApi({
    agent: "claude",
    runtime: runtime as never,
    terminal: {} as never,
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
