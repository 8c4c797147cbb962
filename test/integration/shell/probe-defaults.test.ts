// Probes as the launcher runs them, with no limits passed (lifecycle §1.2 "Probe bounds"):
// they are asynchronous, so the event loop keeps turning and two probes overlap
// (C-PERF-01), and they stop at the spec's own numbers, 15 s and 1,000,000 bytes per
// stream (C-PERF-03), written out here rather than read from the implementation.
import { tmpdir } from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runBoundedProbe } from "../../../src/shell/probe.js";
import { isProcessAlive, waitFor } from "../../support/process-table.js";
import { fixturePath } from "../terminal/pty-harness.js";

const strays: number[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const pid of strays.splice(0)) {
    if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
  }
});

const sleeper = (seconds: number) =>
  runBoundedProbe({
    file: "/bin/sh",
    args: ["-c", `sleep ${seconds}`],
    cwd: tmpdir(),
    env: process.env,
  });

describe("probe defaults", () => {
  it("C-PERF-01: two probes run side by side while the event loop keeps turning", async () => {
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 10);
    const begun = performance.now();
    const results = await Promise.all([sleeper(1.5), sleeper(1.5)]);
    const took = performance.now() - begun;
    clearInterval(ticker);
    expect(results.map((result) => result.exitCode)).toEqual([0, 0]);
    // One after the other would take 3 s; blocking probes would stall the ticker for 1.5 s.
    expect(took).toBeLessThan(2_900);
    expect(longestGapMs).toBeLessThan(750);
  });

  it("C-PERF-03: with no limit given a probe is killed at 15 s, not before", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let settled = false;
    const probe = runBoundedProbe({
      file: process.execPath,
      args: [fixturePath("group-spawner.mjs"), "idle"],
      cwd: tmpdir(),
      env: process.env,
    }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(14_900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    vi.useRealTimers();
    await waitFor(() => settled, { timeoutMs: 10_000 });
    const result = await probe;
    expect(result.timedOut).toBe(true);
    expect(result.errno).toBe("ETIMEDOUT");
    const grandchild = Number(/GRANDCHILD (\d+)/.exec(result.stdout)?.[1]);
    if (Number.isInteger(grandchild)) {
      strays.push(grandchild);
      expect(await waitFor(() => !isProcessAlive(grandchild))).toBe(true);
    }
  });

  it("C-PERF-03: with no limit given output is cut at 1,000,000 bytes a stream", async () => {
    const result = await runBoundedProbe({
      file: process.execPath,
      args: [fixturePath("group-spawner.mjs"), "flood"],
      cwd: tmpdir(),
      env: process.env,
    });
    const grandchild = Number(/GRANDCHILD (\d+)/.exec(result.stdout)?.[1]);
    if (Number.isInteger(grandchild)) strays.push(grandchild);
    expect(result.truncated).toBe(true);
    expect(result.errno).toBe("E2BIG");
    expect(Buffer.byteLength(result.stdout)).toBeLessThanOrEqual(1_000_000);
    expect(Buffer.byteLength(result.stdout)).toBeGreaterThan(1_000_000 - 1_024);
  });
});
