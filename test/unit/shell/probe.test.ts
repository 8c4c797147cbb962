// The --version cache (C-PERF-02, C-LIFE-09): one probe per binary+executable, shared by
// concurrent callers, failures not cached, cleared on demand; failures map to errors.

import { afterEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/error-names.js";
import { BoundedOutput } from "../../../src/shell/bounded-output.js";
import {
  type BoundedProbeOptions,
  clearVersionCache,
  type ProbeResult,
  probeCliHelp,
  probeCliVersion,
} from "../../../src/shell/probe.js";

const ok = (stdout: string): ProbeResult => ({
  exitCode: 0,
  signal: null,
  stdout,
  stderr: "",
  timedOut: false,
  truncated: false,
  aborted: false,
  errno: undefined,
  syscall: undefined,
  path: undefined,
});

/** A scripted probe runner that counts calls and can be released by the test. */
function scriptedRunner(results: ProbeResult[]) {
  const calls: BoundedProbeOptions[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const runProbe = async (options: BoundedProbeOptions) => {
    calls.push(options);
    await gate;
    const next = results.shift();
    if (next === undefined) throw new Error("no scripted result left");
    return next;
  };
  return { calls, runProbe, release: () => release() };
}

const base = { cwd: "/", env: {}, shell: "/bin/sh" } as const;

// Each agent names its own probe errors; these are the names its adapter supplies.
function cli(binary: "claude" | "codex") {
  return {
    binary,
    errorNames: { notFound: `${binary}_not_found`, startFailed: `${binary}_start_failed` },
  } as const;
}

afterEach(() => clearVersionCache());

describe("probeCliVersion", () => {
  it("C-PERF-02: concurrent callers share one probe and later callers hit the cache", async () => {
    const runner = scriptedRunner([ok("2.1.332 (Claude Code)\n")]);
    const first = probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe });
    const second = probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe });
    runner.release();
    expect(await first).toEqual({ text: "2.1.332 (Claude Code)", version: "2.1.332" });
    expect(await second).toBe(await first);
    await probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe });
    expect(runner.calls).toHaveLength(1);
    expect(runner.calls[0]?.args).toEqual(["-l", "-i", "-c", "exec 'claude' '--version'"]);
  });

  it("C-PERF-02: caches per binary and executable separately", async () => {
    const runner = scriptedRunner([ok("codex-cli 0.171.0"), ok("codex-cli 0.124.0")]);
    runner.release();
    const onPath = await probeCliVersion({ ...base, ...cli("codex"), runProbe: runner.runProbe });
    const pinned = await probeCliVersion({
      ...base,
      ...cli("codex"),
      executable: "/opt/codex",
      runProbe: runner.runProbe,
    });
    expect([onPath.version, pinned.version]).toEqual(["0.171.0", "0.124.0"]);
    expect(runner.calls).toHaveLength(2);
  });

  it("C-LIFE-09: a failure is not cached; the next caller probes again", async () => {
    const failed: ProbeResult = { ...ok(""), exitCode: 1, stderr: "boom" };
    const runner = scriptedRunner([failed, ok("2.1.144 (Claude Code)")]);
    runner.release();
    await expect(
      probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe }),
    ).rejects.toSatisfy((error) => ElwoodError.is(error, "claude_start_failed"));
    const retry = await probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe });
    expect(retry.version).toBe("2.1.144");
    expect(runner.calls).toHaveLength(2);
  });

  it("C-PERF-02: clearVersionCache forces a fresh read after an update", async () => {
    const runner = scriptedRunner([ok("2.1.144 (Claude Code)"), ok("2.1.332 (Claude Code)")]);
    runner.release();
    await probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe });
    clearVersionCache("claude");
    const updated = await probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe });
    expect(updated.version).toBe("2.1.332");
  });

  it("C-PERF-03: a timeout becomes *_start_failed with errno ETIMEDOUT and stderr", async () => {
    const timedOut: ProbeResult = {
      ...ok(""),
      exitCode: null,
      signal: "SIGKILL",
      stderr: "slow",
      timedOut: true,
      errno: "ETIMEDOUT",
    };
    const runner = scriptedRunner([timedOut]);
    runner.release();
    const error = await probeCliVersion({
      ...base,
      ...cli("codex"),
      runProbe: runner.runProbe,
    }).catch((caught: unknown) => caught);
    expect(ElwoodError.is(error, "codex_start_failed")).toBe(true);
    expect((error as ElwoodError).details).toMatchObject({ errno: "ETIMEDOUT", stderr: "slow" });
  });

  it("exit 127 from the login shell means the CLI is not installed", async () => {
    const runner = scriptedRunner([{ ...ok(""), exitCode: 127 }]);
    runner.release();
    await expect(
      probeCliVersion({ ...base, ...cli("codex"), runProbe: runner.runProbe }),
    ).rejects.toSatisfy((error) => ElwoodError.is(error, "codex_not_found"));
  });

  it("an unparseable version is returned as text with version undefined", async () => {
    const runner = scriptedRunner([ok("nightly build")]);
    runner.release();
    const result = await probeCliVersion({ ...base, ...cli("claude"), runProbe: runner.runProbe });
    expect(result).toEqual({ text: "nightly build", version: undefined });
  });
});

describe("BoundedOutput", () => {
  it("C-PERF-03: truncates at the byte limit without leaving half a character", () => {
    const output = new BoundedOutput(5);
    expect(output.append(Buffer.from("ab", "utf8"))).toBe(true);
    expect(output.append(Buffer.from("€€", "utf8"))).toBe(false); // 2 + 6 bytes > 5
    expect(output.isTruncated).toBe(true);
    expect(output.text()).toBe("ab€");
  });

  it("keeps a 4-byte character only when it fits whole", () => {
    const output = new BoundedOutput(4);
    output.append(Buffer.from("a😀", "utf8"));
    expect(output.text()).toBe("a");
    const exact = new BoundedOutput(5);
    exact.append(Buffer.from("a😀b", "utf8"));
    expect(exact.text()).toBe("a😀");
  });
});

describe("probeCliHelp", () => {
  it('shares one --help probe per binary, answers "" on failure and does not cache the failure', async () => {
    const failed: ProbeResult = { ...ok(""), exitCode: 2 };
    const runner = scriptedRunner([failed, ok("--dangerously-bypass-hook-trust\n")]);
    runner.release();
    expect(await probeCliHelp({ ...base, ...cli("codex"), runProbe: runner.runProbe })).toBe("");
    const [first, second] = await Promise.all([
      probeCliHelp({ ...base, ...cli("codex"), runProbe: runner.runProbe }),
      probeCliHelp({ ...base, ...cli("codex"), runProbe: runner.runProbe }),
    ]);
    expect(first).toContain("--dangerously-bypass-hook-trust");
    expect(second).toBe(first);
    expect(runner.calls).toHaveLength(2);
    expect(runner.calls[1]?.args.at(-1)).toContain("--help");
  });
});
