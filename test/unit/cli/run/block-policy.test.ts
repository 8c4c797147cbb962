// When a blocked agent ends a headless `elwood` run (C-CLI-05): a block after the first
// ready at once; a start-up block (a trust prompt whose automation overran its 5 s bound
// on a loaded machine) only if it still stands after the grace period.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchBlockingPrompts } from "../../../../src/cli/run/block-policy.js";
import type { ElwoodSessionStatus, ElwoodStatusEvent } from "../../../../src/index.js";

// The start-up grace prd/decisions.md names, written out so a changed constant cannot pass.
const SPEC_STARTUP_GRACE_MS = 15_000;

function fakeSession() {
  const listeners = new Set<(event: ElwoodStatusEvent) => void>();
  const session = {
    status: "starting" as ElwoodSessionStatus,
    on(_event: "status", handler: (event: ElwoodStatusEvent) => void) {
      listeners.add(handler);
      return () => listeners.delete(handler);
    },
    set(status: ElwoodSessionStatus) {
      const previous = session.status;
      session.status = status;
      for (const listener of listeners) listener({ status, previous });
    },
    get listenerCount() {
      return listeners.size;
    },
  };
  return session;
}

describe("C-CLI-05 elwood run: blocking prompts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a start-up block that clears within the grace period does not end the run", () => {
    const session = fakeSession();
    const onBlocked = vi.fn();
    const onStartupBlock = vi.fn();
    watchBlockingPrompts(session, { onBlocked, onStartupBlock });
    session.set("running");
    session.set("blocked");
    expect(onStartupBlock).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SPEC_STARTUP_GRACE_MS - 1_000);
    session.set("running");
    vi.advanceTimersByTime(SPEC_STARTUP_GRACE_MS * 2);
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it("a start-up block that still stands after the grace period ends the run once", () => {
    const session = fakeSession();
    const onBlocked = vi.fn();
    watchBlockingPrompts(session, { onBlocked });
    session.set("blocked");
    vi.advanceTimersByTime(SPEC_STARTUP_GRACE_MS - 1);
    expect(onBlocked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onBlocked).toHaveBeenCalledTimes(1);
  });

  it("a block after the first ready ends the run at once", () => {
    const session = fakeSession();
    const onBlocked = vi.fn();
    watchBlockingPrompts(session, { onBlocked });
    session.set("ready");
    session.set("running");
    session.set("blocked");
    expect(onBlocked).toHaveBeenCalledTimes(1);
    session.set("running");
    session.set("blocked");
    expect(onBlocked).toHaveBeenCalledTimes(1);
  });

  it("stopping the watch cancels a pending grace period and unsubscribes", () => {
    const session = fakeSession();
    const onBlocked = vi.fn();
    const stop = watchBlockingPrompts(session, { onBlocked });
    session.set("blocked");
    stop();
    vi.advanceTimersByTime(SPEC_STARTUP_GRACE_MS * 2);
    expect(onBlocked).not.toHaveBeenCalled();
    expect(session.listenerCount).toBe(0);
  });
});
