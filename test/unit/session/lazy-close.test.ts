// LazyAgentSession.close() (C-API-51): stop, kill fallback, and when both fail one
// termination_failed error carrying both causes.
import { describe, expect, it } from "vitest";
import type {
  ElwoodAgentSession,
  ElwoodAgentSessionEvents,
} from "../../../src/core/agent-session.js";
import { ElwoodError } from "../../../src/errors.js";
import { LazyAgentSession } from "../../../src/session/lazy-session.js";

class FakeLazy extends LazyAgentSession<ElwoodAgentSession, ElwoodAgentSessionEvents> {
  constructor(session: ElwoodAgentSession) {
    super({ open: () => Promise.resolve(session) });
  }
}

/** Only stop() and kill() are reached by close(). */
function fakeSession(stop: () => Promise<void>, kill: () => Promise<void>): ElwoodAgentSession {
  return { stop, kill } as unknown as ElwoodAgentSession;
}

describe("C-API-51 LazyAgentSession.close()", () => {
  it("is a no-op before start and never starts the session", async () => {
    let opened = 0;
    class Counting extends LazyAgentSession<ElwoodAgentSession, ElwoodAgentSessionEvents> {
      constructor() {
        super({
          open: () => {
            opened += 1;
            return Promise.reject(new Error("must not open"));
          },
        });
      }
    }
    const lazy = new Counting();
    await lazy.close();
    expect(opened).toBe(0);
    expect(lazy.status).toBe("starting");
  });

  it("falls back to kill() when stop() fails", async () => {
    const calls: string[] = [];
    const lazy = new FakeLazy(
      fakeSession(
        async () => {
          calls.push("stop");
          throw new Error("stop failed");
        },
        async () => {
          calls.push("kill");
        },
      ),
    );
    await lazy.start();
    await lazy.close();
    expect(calls).toEqual(["stop", "kill"]);
  });

  it("throws termination_failed with both causes when stop() and kill() both fail", async () => {
    const stopError = new Error("stop failed");
    const killError = new Error("kill failed");
    const lazy = new FakeLazy(
      fakeSession(
        () => Promise.reject(stopError),
        () => Promise.reject(killError),
      ),
    );
    await lazy.start();
    const failure = await lazy.close().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ElwoodError.is(failure, "termination_failed")).toBe(true);
    const cause = (failure as Error).cause;
    expect(cause).toBeInstanceOf(AggregateError);
    expect((cause as AggregateError).errors).toEqual([stopError, killError]);
  });
});
