// Which hook events a launched CLI is told to call Elwood for, read from what the CLI was
// actually launched with (the fake CLI logs its argv): every event of the spec's
// catalogues (hook-protocols A6 for Claude, B1 for Codex 0.171.0), listed here as the
// spec names them so a catalogue that loses one cannot pass.
import { afterEach, describe, expect, it } from "vitest";
import { ClaudeSession, startClaude, startCodex } from "../../../src/agents.js";
import { configOverrides, type FakeCli, fakeCli, flagValue } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** hook-protocols.md A6: the 30 events of Claude Code's event enum. */
const CLAUDE_EVENTS = [
  "SessionStart",
  "Setup",
  "InstructionsLoaded",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "PermissionDenied",
  "Notification",
  "SubagentStart",
  "SubagentStop",
  "TaskCreated",
  "TaskCompleted",
  "Stop",
  "StopFailure",
  "TeammateIdle",
  "ConfigChange",
  "CwdChanged",
  "FileChanged",
  "WorktreeCreate",
  "WorktreeRemove",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
  "Elicitation",
  "ElicitationResult",
];

/** hook-protocols.md B1: the events of Codex 0.171.0. */
const CODEX_EVENTS = [
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "Interrupt",
];

async function launched(cli: FakeCli): Promise<string[]> {
  // start() may resolve before the login shell got to exec the CLI on a loaded machine.
  const launches = await cli.waitForLaunches(1);
  expect(launches).toHaveLength(1);
  return launches[0] ?? [];
}

async function cliWithVersion(versionText: string): Promise<FakeCli> {
  const cli = await fakeCli({ versionText, mode: "stay" });
  cleanups.push(() => cli.remove());
  return cli;
}

describe("hook registration at launch", () => {
  it.each([
    { version: "2.1.144", expected: CLAUDE_EVENTS },
    // MessageDisplay exists from 2.1.152 on (prd/hooks.md).
    { version: "2.1.332", expected: [...CLAUDE_EVENTS, "MessageDisplay"] },
  ])(
    "C-HOOK-01: Claude $version gets generated --settings (inline JSON) registering Elwood for every event",
    async ({ version, expected }) => {
      const cli = await cliWithVersion(`${version} (Claude Code)`);
      const session = new ClaudeSession({
        cwd: cli.dir,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: cli.env,
      });
      cleanups.push(() => session.kill());
      // Issue 44: PostToolBatch and MessageDisplay are registered only for a listener there
      // at start (or a declared handler); this one makes every event wanted.
      session.on("hook", () => undefined);
      await session.start();
      // The settings travel inline as JSON (issue 21: no file the agent could rewrite).
      const settingsJson = flagValue(await launched(cli), "--settings");
      expect(settingsJson?.startsWith("{")).toBe(true);
      const settings = JSON.parse(settingsJson as string) as {
        hooks: Record<string, { hooks: { type: string }[] }[]>;
      };
      expect(Object.keys(settings.hooks).sort()).toEqual([...expected].sort());
      for (const [event, groups] of Object.entries(settings.hooks)) {
        expect(groups.flatMap((group) => group.hooks).length, event).toBeGreaterThan(0);
      }
      await session.kill();
    },
  );

  it("C-HOOK-12: Codex gets one -c hooks.<Event> override for every event", async () => {
    const cli = await cliWithVersion("codex-cli 0.171.0");
    const session = await startCodex({
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: cli.env,
    });
    cleanups.push(() => session.kill());
    const argv = await launched(cli);
    const overrides = configOverrides(argv);
    const hooked = overrides
      .map((value) => /^hooks\.([A-Za-z]+)=\[/.exec(value)?.[1])
      .filter((event): event is string => event !== undefined);
    expect([...hooked].sort()).toEqual([...CODEX_EVENTS].sort());
    for (const value of overrides.filter((override) => /^hooks\.[A-Za-z]+=\[/.test(override))) {
      expect(value).toMatch(/type="command"/);
    }
    // Issue 48: Elwood's hooks are vouched for by their hashes, once, in one hooks.state table.
    expect(overrides.filter((override) => override.startsWith("hooks.state="))).toHaveLength(1);
    await session.kill();
  });

  // Issue 44: decisions are declared at start. What the CLI waits on is what a launch
  // could need an answer from; every other event is still registered, observe-only.
  const claudeSettingsOf = async (options: Record<string, unknown>) => {
    const cli = await cliWithVersion("2.1.332 (Claude Code)");
    const session = await startClaude({
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: cli.env,
      ...options,
    });
    cleanups.push(() => session.kill());
    const settingsJson = flagValue(await launched(cli), "--settings") as string;
    await session.kill();
    const settings = JSON.parse(settingsJson) as {
      hooks: Record<string, { hooks: Record<string, unknown>[] }[]>;
    };
    const entryOf = (event: string) => settings.hooks[event]?.at(-1)?.hooks[0];
    // Observe-only is the bridge's to know (it answers those at once): in the settings
    // every event but SessionStart and Setup is an http hook (bridge-server tests).
    const asCommand = Object.keys(settings.hooks).filter(
      (event) => entryOf(event)?.type === "command",
    );
    return { entryOf, events: Object.keys(settings.hooks), asCommand };
  };

  it("C-HOOK-01: Claude is told about every event but the listener-only two over http (SessionStart and Setup through the command client)", async () => {
    const { entryOf, events, asCommand } = await claudeSettingsOf({
      hooks: { PreToolUse: { Bash: () => undefined } },
    });
    for (const event of [
      "PreToolUse",
      "UserPromptSubmit",
      "Stop",
      "StopFailure",
      "PermissionRequest",
    ]) {
      expect(entryOf(event), event).toMatchObject({ type: "http" });
    }
    expect(entryOf("SessionStart")).toMatchObject({ type: "command" });
    expect(entryOf("SessionStart")).not.toHaveProperty("async");
    for (const event of ["PostToolUse", "Notification", "SubagentStart"]) {
      expect(entryOf(event), event).toMatchObject({ type: "http" });
    }
    expect(asCommand).toEqual(["SessionStart", "Setup"]);
    expect(events.length).toBeGreaterThan(20);
    expect(entryOf("PostToolBatch")).toBeUndefined();
  });

  it("C-HOOK-01: Claude's PostToolBatch and MessageDisplay are left out with no handler or listener at start; a listener at start brings its event in, observe-only", async () => {
    const { entryOf, events } = await claudeSettingsOf({});
    expect(entryOf("PostToolBatch")).toBeUndefined();
    expect(entryOf("MessageDisplay")).toBeUndefined();
    expect(events).toEqual(expect.arrayContaining(["PreToolUse", "PostToolUse"]));

    const cli = await cliWithVersion("2.1.332 (Claude Code)");
    const session = new ClaudeSession({
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: cli.env,
    });
    cleanups.push(() => session.kill());
    session.on("hook:MessageDisplay", () => undefined);
    await session.start();
    const settingsJson = flagValue(await launched(cli), "--settings") as string;
    await session.kill();
    const hooks = (
      JSON.parse(settingsJson) as { hooks: Record<string, { hooks: Record<string, unknown>[] }[]> }
    ).hooks;
    expect(hooks.MessageDisplay?.at(-1)?.hooks[0]).toMatchObject({ type: "http" });
    expect(hooks.PostToolBatch).toBeUndefined();
  });

  it("C-HOOK-01: an activity listener at start (the timeline shows every hook) brings both listener-only events in", async () => {
    const cli = await cliWithVersion("2.1.332 (Claude Code)");
    const session = new ClaudeSession({
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: cli.env,
    });
    cleanups.push(() => session.kill());
    session.on("activity", () => undefined);
    await session.start();
    const settingsJson = flagValue(await launched(cli), "--settings") as string;
    await session.kill();
    const hooks = (
      JSON.parse(settingsJson) as { hooks: Record<string, { hooks: Record<string, unknown>[] }[]> }
    ).hooks;
    for (const event of ["PostToolBatch", "MessageDisplay"]) {
      expect(hooks[event]?.at(-1)?.hooks[0], event).toMatchObject({ type: "http" });
    }
  });

  it("C-HOOK-01: a declared PostToolBatch handler makes it blocking (http)", async () => {
    const { entryOf } = await claudeSettingsOf({ hooks: { PostToolBatch: () => undefined } });
    expect(entryOf("PostToolBatch")).toMatchObject({ type: "http" });
    expect(entryOf("MessageDisplay")).toBeUndefined();
  });

  it('C-HOOK-19: with hookEvents "all" Claude waits on every event, as before', async () => {
    const { entryOf, asCommand } = await claudeSettingsOf({ hookEvents: "all" });
    expect(asCommand).toEqual(["SessionStart", "Setup"]);
    expect(entryOf("PostToolUse")).toMatchObject({ type: "http" });
    expect(entryOf("MessageDisplay")).toMatchObject({ type: "http" });
  });

  it("C-HOOK-12: Codex runs events nobody declared detached (async=true); declared ones and Elwood's own block", async () => {
    const cli = await cliWithVersion("codex-cli 0.171.0");
    const session = await startCodex({
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: cli.executable,
      env: cli.env,
      hooks: { PostToolUse: () => undefined },
    });
    cleanups.push(() => session.kill());
    const overrides = configOverrides(await launched(cli));
    await session.kill();
    const detached = overrides
      .filter((value) => /^hooks\.[A-Za-z]+=\[/.test(value) && value.includes("async=true"))
      .map((value) => /^hooks\.([A-Za-z]+)=/.exec(value)?.[1]);
    expect(detached.sort()).toEqual(
      ["PreToolUse", "SubagentStart", "SubagentStop", "SessionEnd", "Interrupt"].sort(),
    );
  });
});
