import { describe, expect, it } from "vitest";
import { SessionClock } from "../../../../src/core/context/clock.js";
import {
  STATUS_DECISION_LIMIT,
  StatusMachine,
} from "../../../../src/core/context/status-machine.js";

function machine() {
  const changes: string[] = [];
  const status = new StatusMachine(new SessionClock());
  status.onChange((change) => changes.push(change.status));
  return { status, changes };
}

describe("StatusMachine", () => {
  it("C-API-28: starting → running → ready once, and turn ends only after first readiness", () => {
    const { status, changes } = machine();
    status.apply("started", "up");
    expect(status.apply("turn_completed", "stop before ready")).toBeUndefined();
    status.apply("initial_ready", "hook");
    expect(status.apply("initial_ready", "again")).toBeUndefined();
    expect(changes).toEqual(["running", "ready"]);
  });

  it("C-ATTN-01: a dialog blocks from running or ready and clears to running or ready", () => {
    const { status } = machine();
    status.apply("started", "up");
    status.apply("initial_ready", "hook");
    expect(status.apply("dialog_visible", "permission")).toBe("blocked");
    expect(status.apply("turn_completed", "stop while blocked")).toBeUndefined();
    expect(status.apply("dialog_cleared_working", "work")).toBe("running");
    status.apply("dialog_visible", "again");
    expect(status.apply("dialog_cleared_idle", "composer")).toBe("ready");
  });

  it("terminal statuses are final except that teardown still wins", () => {
    const { status } = machine();
    status.apply("started", "up");
    status.apply("stopped", "stop");
    expect(status.apply("initial_ready", "late")).toBeUndefined();
    expect(status.apply("killed", "kill after stop")).toBeUndefined();
    expect(status.apply("torn_down", "teardown")).toBe("torn_down");
    expect(status.isTerminal).toBe(true);
  });

  it("C-API-33: keeps only the last 50 content-free decisions, oldest first", () => {
    const { status } = machine();
    status.apply("started", "up");
    for (let index = 0; index < 60; index += 1) status.apply("screen_working", `frame ${index}`);
    const decisions = status.decisions();
    expect(decisions).toHaveLength(STATUS_DECISION_LIMIT);
    expect(decisions.at(-1)?.reason).toBe("frame 59");
    expect(decisions[0]?.reason).toBe("frame 10");
  });
});
