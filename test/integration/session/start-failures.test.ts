// Start-up failures with a real launcher, PTY and state store against a fake CLI
// (lifecycle §1.2, §1.3): an unparseable `--version` is a typed warning (fatal when
// strictVersionCheck), and a CLI that exits at once fails the start with the adapter's
// start error, leaving no session state and no process behind.
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ClaudeSession, startClaude, startCodex } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { CODEX_MINIMUM_VERSION } from "../../../src/codex/adapter.js";
import type { ElwoodWarningEvent } from "../../../src/core/contract/warnings.js";
import { filesWithText, rejection } from "../../support/claude-e2e.js";
import { childPids, type FakeCli, fakeCli, leftoverChildren } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function workspace(
  versionText: string,
  mode: "stay" | "die" | "die-logged-out" | "vanish-cwd",
): Promise<FakeCli> {
  const cli = await fakeCli({ versionText, mode });
  cleanups.push(() => cli.remove());
  return cli;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const AGENTS = [
  {
    agent: "claude",
    startFailureId: "C-CLAUDE-06",
    displayName: "Claude Code",
    version: `${CLAUDE_MINIMUM_VERSION} (Claude Code)`,
    start: (cli: FakeCli, extra: { strictVersionCheck?: boolean } = {}) =>
      startClaude({
        cwd: cli.dir,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: process.env,
        ...extra,
      }),
  },
  {
    agent: "codex",
    startFailureId: "C-CODEX-13",
    displayName: "Codex",
    version: `codex-cli ${CODEX_MINIMUM_VERSION}`,
    start: (cli: FakeCli, extra: { strictVersionCheck?: boolean } = {}) =>
      startCodex({
        cwd: cli.dir,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: process.env,
        ...extra,
      }),
  },
] as const;

describe("an unparseable CLI version", () => {
  it.each(AGENTS)(
    "C-ERR-07 C-API-14: $agent starts anyway and warns version_unparseable once, on a later tick after start resolves, live only",
    async ({ displayName, start }) => {
      const cli = await workspace("garbage from a wrapper script", "stay");
      const session = await start(cli);
      cleanups.push(() => session.kill());
      const warnings: ElwoodWarningEvent[] = [];
      session.on("warning", (warning) => warnings.push(warning));
      expect(warnings).toEqual([]); // delivered on a later tick, not before start returned
      await new Promise((resolve) => setTimeout(resolve, 100));
      const unparseable = warnings.filter((warning) => warning.code === "version_unparseable");
      expect(unparseable).toHaveLength(1);
      expect(unparseable[0]).toMatchObject({ source: "lifecycle", code: "version_unparseable" });
      expect(unparseable[0]?.message).toContain(displayName);
      // Not replayed: a listener that subscribes afterwards gets nothing.
      const late: ElwoodWarningEvent[] = [];
      session.on("warning", (warning) => late.push(warning));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(late).toEqual([]);
      expect(await cli.launches()).toHaveLength(1);
      await session.kill();
      // Live only: the warning is in no state file (the record and runtime files exist).
      const files = await filesWithText(cli.stateDir);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(file.text, file.path).not.toContain("version_unparseable");
    },
  );

  it.each(AGENTS)(
    "C-ERR-07: with strictVersionCheck, $agent fails before any state is written or the CLI launched",
    async ({ agent, start }) => {
      const cli = await workspace("garbage from a wrapper script", "stay");
      const error = await rejection(start(cli, { strictVersionCheck: true }));
      expect(error.name).toBe(`${agent}_version_unsupported`);
      expect(error.details).toMatchObject({ raw: "garbage from a wrapper script" });
      expect(await cli.launches()).toEqual([]);
      expect(await exists(cli.stateDir)).toBe(false);
    },
  );
});

describe("a CLI that dies at once", () => {
  it.each(AGENTS)(
    "$startFailureId: $agent exiting during startup fails <agent>_start_failed with its exit code and last screen; no state, no process left",
    async ({ agent, version, start }) => {
      const cli = await workspace(version, "die");
      const before = childPids();
      const error = await rejection(start(cli));
      expect(error.name).toBe(`${agent}_start_failed`);
      expect(error.message).toContain("exited during startup (exit code 1)");
      expect(error.details).toMatchObject({ exitCode: 1 });
      expect(String(error.details?.screen)).toContain("fake agent CLI refuses to start");
      // It really was launched (not a probe failure), and the failed start took its record along.
      expect(await cli.launches()).toHaveLength(1);
      expect(await cli.listSessions()).toEqual([]);
      expect(await leftoverChildren(before)).toEqual([]);
    },
  );

  it("C-CLAUDE-06: a Claude that prints its login banner and exits fails with the more specific claude_not_authenticated", async () => {
    const cli = await workspace(`${CLAUDE_MINIMUM_VERSION} (Claude Code)`, "die-logged-out");
    const before = childPids();
    const error = await rejection(
      startClaude({
        cwd: cli.dir,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: process.env,
      }),
    );
    expect(error.name).toBe("claude_not_authenticated");
    expect(error.message).toContain("log in");
    expect(await cli.launches()).toHaveLength(1);
    expect(await cli.listSessions()).toEqual([]);
    expect(await leftoverChildren(before)).toEqual([]);
  });
});

describe("listeners attached before start (issue 27)", () => {
  it("see `starting`, the launched CLI's output and the failed start's last status before start() rejects", async () => {
    const cli = await workspace(`${CLAUDE_MINIMUM_VERSION} (Claude Code)`, "die");
    const session = new ClaudeSession({
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: process.env,
    });
    const statuses: string[] = [];
    let output = "";
    session.on("status", (event) => statuses.push(event.status));
    session.on("terminal:data", (data) => {
      output += data;
    });
    const error = await rejection(session.start());
    expect(error.name).toBe("claude_start_failed");
    expect(statuses[0]).toBe("starting");
    // The runtime's own events reached the early listener: the CLI's screen and its end.
    expect(output).toContain("fake agent CLI refuses to start");
    expect(statuses.length).toBeGreaterThan(1);
    expect(["exited", "killed"]).toContain(statuses.at(-1));
  });
});

describe("a PTY that cannot spawn", () => {
  it("C-ERR-05: a working directory removed during start fails pty_start_failed with the cause, after which nothing is left", async () => {
    const cli = await workspace(`${CLAUDE_MINIMUM_VERSION} (Claude Code)`, "vanish-cwd");
    const project = join(cli.dir, "project");
    await mkdir(project);
    const before = childPids();
    const error = await rejection(
      startClaude({
        cwd: project,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: process.env,
      }),
    );
    expect(error.name).toBe("pty_start_failed");
    expect(error.details).toMatchObject({ cwd: project });
    expect(error.cause).toBeInstanceOf(Error);
    // The version probe ran (and removed the project); the CLI itself never started.
    expect(await cli.calls()).toEqual([["--version"]]);
    expect(await cli.listSessions()).toEqual([]);
    expect(await leftoverChildren(before)).toEqual([]);
  });
});
