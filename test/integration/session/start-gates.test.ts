// What a start refuses, and in what order, through the public entry points with a real
// launcher against the fake CLI (lifecycle §1.2, error model §3): the platform gate comes
// before anything runs or is written; a hook bridge that cannot listen fails with its
// cause; resume of a record that is not there fails before any launch.

import { stat } from "node:fs/promises";
import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ClaudeSession,
  CodexSession,
  resumeClaude,
  resumeCodex,
  startClaude,
  startCodex,
} from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { CODEX_MINIMUM_VERSION } from "../../../src/codex/adapter.js";
import { rejection } from "../../support/claude-e2e.js";
import { type FakeCli, fakeCli } from "./fake-cli.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const AGENTS = [
  {
    agent: "claude",
    version: `${CLAUDE_MINIMUM_VERSION} (Claude Code)`,
    start: startClaude,
    resume: resumeClaude,
    Session: ClaudeSession,
  },
  {
    agent: "codex",
    version: `codex-cli ${CODEX_MINIMUM_VERSION}`,
    start: startCodex,
    resume: resumeCodex,
    Session: CodexSession,
  },
] as const;

async function cliFor(version: string): Promise<FakeCli> {
  const cli = await fakeCli({ versionText: version, mode: "stay" });
  cleanups.push(() => cli.remove());
  return cli;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Makes this process report `platform` until the test ends. */
function pretendPlatform(platform: NodeJS.Platform): void {
  const original = Object.getOwnPropertyDescriptor(process, "platform");
  Object.defineProperty(process, "platform", { value: platform, configurable: true });
  cleanups.push(() => {
    if (original !== undefined) Object.defineProperty(process, "platform", original);
  });
}

describe.each(AGENTS)("starting $agent", (agent) => {
  it("C-ERR-02: on an unsupported OS start fails unsupported_platform before the CLI is even probed or anything is written", async () => {
    const cli = await cliFor(agent.version);
    pretendPlatform("win32");
    const options = {
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: cli.env,
    };
    const error = await rejection(agent.start(options));
    expect(error.name).toBe("unsupported_platform");
    expect(error.details).toMatchObject({ platform: "win32" });
    // The lazy class and resume meet the same gate first.
    const lazy = new agent.Session(options);
    expect((await rejection(lazy.send("hello"))).name).toBe("unsupported_platform");
    expect(await cli.calls()).toEqual([]);
    expect(await exists(cli.stateDir)).toBe(false);
  });

  it("C-ERR-06 C-ERR-08: a hook bridge that cannot listen fails hook_bridge_failed with the OS cause; nothing is launched or kept", async () => {
    const cli = await cliFor(agent.version);
    // The OS refuses the bridge's loopback listen (as with no loopback, or a seccomp jail).
    const listen = vi.spyOn(net.Server.prototype, "listen").mockImplementation(function (
      this: net.Server,
    ) {
      const refused = Object.assign(new Error("listen EACCES: permission denied 127.0.0.1"), {
        code: "EACCES",
        errno: -13,
        syscall: "listen",
      });
      setImmediate(() => this.emit("error", refused));
      return this;
    });
    cleanups.push(() => listen.mockRestore());
    const error = await rejection(
      agent.start({
        cwd: cli.dir,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: cli.env,
      }),
    );
    expect(error.name).toBe("hook_bridge_failed");
    expect(error.message).toContain("127.0.0.1");
    expect(error.cause).toMatchObject({ code: "EACCES", syscall: "listen" });
    expect(error.details).toMatchObject({ errno: "EACCES", syscall: "listen" });
    // Only the version probe ran; no session was launched and none is kept.
    expect(await cli.launches()).toEqual([]);
    expect(await cli.listSessions()).toEqual([]);
    expect(await cli.leftovers()).toEqual([]);
  });

  it("C-ERR-03: resume of an id with no stored record fails state_not_found before anything runs", async () => {
    const cli = await cliFor(agent.version);
    const common = {
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: cli.env,
    };
    const error = await rejection(agent.resume({ ...common, elwoodSessionId: "never-stored" }));
    expect(error.name).toBe("state_not_found");
    expect(error.message).toContain("never-stored");
    expect(await cli.calls()).toEqual([]);
    expect(await cli.listSessions()).toEqual([]);
  });
});
