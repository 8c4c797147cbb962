// Real bounded probes (C-PERF-01/03): a probe that overruns its time or output limit is
// SIGKILLed as a whole process group, with ETIMEDOUT / E2BIG and UTF-8-safe output.

import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runBoundedProbe } from "../../../src/shell/probe.js";
import { isProcessAlive, waitFor } from "../../support/process-table.js";
import { fixturePath } from "../terminal/pty-harness.js";

const strays: number[] = [];
afterEach(() => {
  for (const pid of strays.splice(0)) {
    if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
  }
});

/** The spawner's grandchild, which must have been started: a kill that came first proves nothing. */
function grandchildOf(stdout: string): number {
  const pid = Number(/GRANDCHILD (\d+)/.exec(stdout)?.[1]);
  expect(Number.isInteger(pid), `no grandchild in the probe's output: ${stdout}`).toBe(true);
  strays.push(pid);
  return pid;
}

const probe = (mode: "idle" | "flood", limits: { timeoutMs?: number; maxBytes?: number }) =>
  runBoundedProbe({
    file: process.execPath,
    args: [fixturePath("group-spawner.mjs"), mode],
    cwd: tmpdir(),
    env: process.env,
    ...limits,
  });

describe("runBoundedProbe", () => {
  it("returns output and exit status of a well-behaved probe", async () => {
    const result = await runBoundedProbe({
      file: "/bin/sh",
      args: ["-c", "printf 'out ✓'; printf err >&2; exit 3"],
      cwd: tmpdir(),
      env: process.env,
    });
    expect(result).toMatchObject({
      exitCode: 3,
      stdout: "out ✓",
      stderr: "err",
      timedOut: false,
      truncated: false,
      errno: undefined,
    });
  });

  it("C-PERF-03: a timeout kills the whole group and reports ETIMEDOUT", async () => {
    // The limit has to outlast starting two Node processes, or the kill finds no grandchild;
    // on a loaded machine 1.5 s may not, so a run that ended first is repeated with more.
    let result = await probe("idle", { timeoutMs: 1_500 });
    for (const timeoutMs of [5_000, 15_000]) {
      if (result.stdout.includes("GRANDCHILD")) break;
      result = await probe("idle", { timeoutMs });
    }
    const grandchild = grandchildOf(result.stdout);
    expect(result.timedOut).toBe(true);
    expect(result.errno).toBe("ETIMEDOUT");
    expect(result.signal).toBe("SIGKILL");
    expect(await waitFor(() => !isProcessAlive(grandchild))).toBe(true);
  });

  it("C-PERF-03: output beyond the byte limit kills the group and reports E2BIG", async () => {
    const result = await probe("flood", { maxBytes: 200_000 });
    const grandchild = grandchildOf(result.stdout);
    expect(result.truncated).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(result.errno).toBe("E2BIG");
    expect(Buffer.byteLength(result.stdout)).toBeLessThanOrEqual(200_000);
    expect(await waitFor(() => !isProcessAlive(grandchild))).toBe(true);
  });

  it("C-PERF-03: truncation never splits a multi-byte character", async () => {
    const result = await runBoundedProbe({
      file: process.execPath,
      args: ["-e", "process.stdout.write('a' + '€'.repeat(1000))"],
      cwd: tmpdir(),
      env: process.env,
      maxBytes: 30,
    });
    expect(result.truncated).toBe(true);
    expect(result.stdout).toBe(`a${"€".repeat(9)}`);
  });

  it("a missing executable is reported with its errno, not thrown", async () => {
    const result = await runBoundedProbe({
      file: "/nonexistent/elwood-probe",
      args: [],
      cwd: tmpdir(),
      env: process.env,
    });
    expect(result.errno).toBe("ENOENT");
    expect(result.exitCode).toBeNull();
  });

  it("an abort signal stops the probe and kills its group", async () => {
    const dir = await mkdtemp(join(tmpdir(), "elwood-probe-test-"));
    const pidFile = join(dir, "grandchild.pid");
    const controller = new AbortController();
    const running = runBoundedProbe({
      file: process.execPath,
      args: [fixturePath("group-spawner.mjs"), "idle", pidFile],
      cwd: tmpdir(),
      env: process.env,
      signal: controller.signal,
    });
    // Abort once the grandchild exists (not after a fixed 500 ms that a loaded machine may
    // spend before spawning it), so the group kill has something to prove.
    const started = await waitFor(() => existsSync(pidFile), { timeoutMs: 30_000 });
    controller.abort();
    const result = await running;
    await rm(dir, { recursive: true, force: true });
    expect(started).toBe(true);
    const grandchild = grandchildOf(result.stdout);
    expect(result.aborted).toBe(true);
    expect(result.errno).toBe("ABORT_ERR");
    expect(await waitFor(() => !isProcessAlive(grandchild))).toBe(true);
  });
});
