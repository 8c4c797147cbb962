// Loops on the session classes (C-LOOP-01, C-LOOP-20): all three methods start the session
// lazily, share one start, and hand the checked request to the runtime's loops.
import { describe, expect, it } from "vitest";
import { AgentSession } from "../../../src/session/agent-session.js";

describe("the session's loops", () => {
  it("C-LOOP-01 C-LOOP-20: createLoop/listLoops/cancelLoop lazily start one session and delegate", async () => {
    const calls: string[] = [];
    let opened = 0;
    const snapshot = {
      id: "loop-1",
      mode: "idle",
      message: "m",
      jitterMs: 0,
      createdAt: 1,
      expiresAt: 2,
      state: "waiting",
    };
    const runtime = {
      loops: {
        create: async (request: unknown) => {
          calls.push(`create:${JSON.stringify(request)}`);
          return snapshot;
        },
        list: async () => {
          calls.push("list");
          return [snapshot];
        },
        cancel: async (id: string) => {
          calls.push(`cancel:${id}`);
        },
      },
    };
    const lazy = new AgentSession({
      agent: "claude",
      cwd: "/tmp",
      elwoodSessionId: "s",
      initialSize: { cols: 80, rows: 24 },
      open: async () => {
        opened += 1;
        return { runtime: runtime as never, resumed: false };
      },
    });
    expect(lazy.session).toBeUndefined();
    const [created, listed] = await Promise.all([
      lazy.createLoop({ mode: "idle", message: "m" }),
      lazy.listLoops(),
    ]);
    await lazy.cancelLoop("loop-1");
    expect(opened).toBe(1);
    expect(created).toBe(snapshot);
    expect(listed).toEqual([snapshot]);
    expect(calls).toEqual(['create:{"mode":"idle","message":"m"}', "list", "cancel:loop-1"]);
  });
});
