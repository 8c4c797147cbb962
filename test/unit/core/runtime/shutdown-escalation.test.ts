// A kill asked for while a stop waits out its grace must not wait behind it: the second
// Ctrl-C of `elwood run` (C-CLI-07) and a parent's kill() after a hung stop rely on this.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ShutdownCoordinator, type ShutdownKind } from "../../../../src/core/runtime/shutdown.js";

/** A process that ignores SIGHUP and dies on SIGKILL, with a controllable clock. */
function hungProcess() {
  const signals: string[] = [];
  const finished: ShutdownKind[] = [];
  let exited = false;
  let onExit: (() => void) | undefined;
  const coordinator = new ShutdownCoordinator({
    process: {
      pid: 4242,
      onExit: () => () => undefined,
      kill(signal) {
        signals.push(signal ?? "SIGTERM");
        if (signal === "SIGKILL") {
          exited = true;
          onExit?.();
        }
      },
    },
    reap: () => true,
    waitForExit: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        if (exited) return resolve(true);
        const timer = setTimeout(() => resolve(false), timeoutMs);
        onExit = () => {
          clearTimeout(timer);
          resolve(true);
        };
      }),
    finish: async (kind) => {
      finished.push(kind);
    },
  });
  return { coordinator, signals, finished };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("shutdown escalation", () => {
  test("C-CLI-07 C-LIFE-02: kill during a stop's grace SIGKILLs at once and ends killed, finishing once", async () => {
    const { coordinator, signals, finished } = hungProcess();
    const stopping = coordinator.request("stop");
    await vi.advanceTimersByTimeAsync(50);
    expect(signals).toEqual(["SIGHUP"]);
    let killed = false;
    void coordinator.request("kill").then(() => {
      killed = true;
    });
    // No clock advance: the kill must not wait out the stop's 3 s grace.
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toEqual(["SIGHUP", "SIGKILL"]);
    expect(killed).toBe(true);
    await stopping;
    expect(finished).toEqual(["kill"]);
  });

  test("C-LIFE-02: a stop the process ignores escalates to SIGKILL after its 3 s grace", async () => {
    const { coordinator, signals, finished } = hungProcess();
    const stopping = coordinator.request("stop");
    await vi.advanceTimersByTimeAsync(2_999);
    expect(signals).toEqual(["SIGHUP"]);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(signals).toEqual(["SIGHUP", "SIGKILL"]);
    expect(finished).toEqual(["stop"]);
  });

  test("a stop asked for during a kill joins it", async () => {
    const { coordinator, signals, finished } = hungProcess();
    const killing = coordinator.request("kill");
    await coordinator.request("stop");
    await killing;
    expect(signals).toEqual(["SIGKILL"]);
    expect(finished).toEqual(["kill"]);
  });

  test("a teardown after a finished kill runs its own finish without signalling again", async () => {
    const { coordinator, signals, finished } = hungProcess();
    await coordinator.request("kill");
    await coordinator.request("teardown");
    expect(signals).toEqual(["SIGKILL"]);
    expect(finished).toEqual(["kill", "teardown"]);
  });
});
