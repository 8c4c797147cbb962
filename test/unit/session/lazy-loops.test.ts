// Loops on the lazy classes (C-LOOP-01, C-LOOP-20): all three methods start the session
// lazily, share one start, and pass straight through to the raw session.
import { describe, expect, it } from "vitest";
import type {
  ElwoodAgentSession,
  ElwoodAgentSessionEvents,
} from "../../../src/core/contract/session.js";
import { LazyAgentSession } from "../../../src/session/lazy-session.js";

describe("LazyAgentSession loops", () => {
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
    const raw = {
      createLoop: async (request: unknown) => {
        calls.push(`create:${JSON.stringify(request)}`);
        return snapshot;
      },
      listLoops: async () => {
        calls.push("list");
        return [snapshot];
      },
      cancelLoop: async (id: string) => {
        calls.push(`cancel:${id}`);
      },
    } as unknown as ElwoodAgentSession;
    class Lazy extends LazyAgentSession<ElwoodAgentSession, ElwoodAgentSessionEvents> {
      constructor() {
        super({
          open: async () => {
            opened += 1;
            return raw;
          },
        });
      }
    }
    const lazy = new Lazy();
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
