// Process-group reaping with real processes (C-LIFE-10): a grandchild that ignores
// SIGHUP and SIGTERM still dies, even after the leader is gone; an empty group is a no-op.

import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { reapProcessGroup } from "../../../src/shell/reap.js";
import {
  descendantsOf,
  isProcessAlive,
  processesInGroup,
  waitFor,
} from "../../support/process-table.js";
import { fixturePath, PtyHarness, waitForScreen } from "../terminal/pty-harness.js";

const harness = new PtyHarness();
afterEach(() => harness.cleanup());

async function startGroupSpawner() {
  const running = harness.start({
    file: process.execPath,
    args: [fixturePath("group-spawner.mjs"), "idle"],
  });
  const screen = await waitForScreen(running.terminal, "GRANDCHILD ");
  const grandchildPid = Number(/GRANDCHILD (\d+)/.exec(screen)?.[1]);
  expect(grandchildPid).toBeGreaterThan(1);
  return { ...running, grandchildPid };
}

describe("reapProcessGroup", () => {
  it("C-LIFE-10: kills every process in the leader's group, including a grandchild that ignores SIGHUP/SIGTERM", async () => {
    const { pid, grandchildPid } = await startGroupSpawner();
    const before = descendantsOf(pid).map((entry) => entry.pid);
    expect(before).toContain(grandchildPid);
    expect(processesInGroup(pid).map((entry) => entry.pid)).toEqual(
      expect.arrayContaining([pid, grandchildPid]),
    );

    expect(reapProcessGroup(pid)).toBe(true);

    expect(await waitFor(() => processesInGroup(pid).length === 0)).toBe(true);
    expect(before.filter((survivor) => isProcessAlive(survivor))).toEqual([]);
    expect(descendantsOf(pid)).toEqual([]);
  });

  it("C-LIFE-10: still reaps orphans after the leader has already exited", async () => {
    const { pid, grandchildPid, exited } = await startGroupSpawner();
    process.kill(pid, "SIGKILL");
    await exited;
    expect(isProcessAlive(grandchildPid)).toBe(true);

    expect(reapProcessGroup(pid)).toBe(true);

    expect(await waitFor(() => !isProcessAlive(grandchildPid))).toBe(true);
    expect(processesInGroup(pid)).toEqual([]);
  });

  it("C-LIFE-10: an empty process group is a no-op", async () => {
    const child = spawn(process.execPath, ["-e", ""], { detached: true, stdio: "ignore" });
    const pid = child.pid;
    expect(pid).toBeGreaterThan(1);
    await new Promise((resolve) => child.once("exit", resolve));
    expect(reapProcessGroup(pid ?? 0)).toBe(false);
  });
});
