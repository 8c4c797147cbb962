// The session's close() (C-API-51): stop, kill fallback, and when both fail one
// termination_failed error carrying both causes.
import { describe, expect, it } from "vitest";
import { ShutdownCoordinator } from "../../../src/core/runtime/shutdown.js";
import { ElwoodError } from "../../../src/errors.js";
import { AgentSession, type OpenedSession } from "../../../src/session/agent-session.js";

function sessionOpening(open: () => Promise<OpenedSession>): AgentSession {
  return new AgentSession({
    agent: "claude",
    cwd: "/tmp",
    elwoodSessionId: "s",
    initialSize: { cols: 80, rows: 24 },
    open,
  });
}

/** Only the runtime's stop and kill are reached by close(), through the real fallback. */
function FakeLazy(runtime: { readonly shutdown: FakeShutdown }): AgentSession {
  return sessionOpening(async () => ({ runtime: runtime as never, resumed: false }));
}

interface FakeShutdown {
  request(kind: "stop" | "kill"): Promise<void>;
  stopOrKill(): Promise<void>;
}

/** A runtime whose shutdown runs `stop` and `kill`, with the coordinator's own stopOrKill. */
function fakeSession(stop: () => Promise<void>, kill: () => Promise<void>) {
  const shutdown: FakeShutdown = {
    request: (kind) => (kind === "stop" ? stop() : kill()),
    stopOrKill: () => ShutdownCoordinator.prototype.stopOrKill.call(shutdown as never),
  };
  return { shutdown };
}

describe("C-API-51 the session's close()", () => {
  it("is a no-op before start and never starts the session", async () => {
    let opened = 0;
    const lazy = sessionOpening(() => {
      opened += 1;
      return Promise.reject(new Error("must not open"));
    });
    await lazy.close();
    expect(opened).toBe(0);
    expect(lazy.status).toBe("starting");
  });

  it("falls back to kill() when stop() fails", async () => {
    const calls: string[] = [];
    const lazy = FakeLazy(
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
    const lazy = FakeLazy(
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
