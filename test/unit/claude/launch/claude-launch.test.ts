import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { commandHookCommand } from "../../../../src/bridge/clients/command.js";
import { claudeArgv } from "../../../../src/claude/launch/argv.js";
import { claudeSessionSettings } from "../../../../src/claude/launch/settings.js";
import { claudeOptions } from "../../../../src/claude/options.js";

// The entry points' validation: start options, or resume's when an id is given.
function normalizeClaudeOptions(options: Record<string, unknown>) {
  const { elwoodSessionId, ...rest } = options;
  const use = elwoodSessionId === undefined ? "start" : "resume";
  const { start, resume } = claudeOptions.parse(rest, use, `${use}Claude`);
  const config = start ?? resume;
  if (config === undefined) throw new Error("no config");
  return { launch: config.launch, postureOverrides: config.posture };
}

const bridge = {
  port: 4242,
  commandClientKind: "bash" as const,
  hookTimeoutMs: 30_000,
};

describe("Claude launch", () => {
  it('C-CLAUDE-03: maps policy to documented flags, comma-joined, --tools "" for an empty list', () => {
    const { launch, postureOverrides } = normalizeClaudeOptions({
      cwd: "/tmp",
      model: "sonnet",
      reasoningEffort: "high",
      permissionMode: "default",
      allowedTools: ["Bash(git *)", "Read"],
      disallowedTools: ["WebFetch"],
      tools: [],
      name: "job",
    });
    const argv = claudeArgv({
      binary: "claude",
      launch,
      posture: postureOverrides,
      settingsJson: "{}",
      resumeId: undefined,
    });
    expect(argv).toEqual([
      "claude",
      "--name",
      "job",
      "--model",
      "sonnet",
      "--effort",
      "high",
      "--permission-mode",
      "default",
      "--allowedTools",
      "Bash(git *),Read",
      "--disallowedTools",
      "WebFetch",
      "--tools",
      "",
      "--settings",
      "{}",
    ]);
  });

  it("resumes through --resume with the recorded conversation id", () => {
    const argv = claudeArgv({
      binary: "claude",
      launch: {
        name: undefined,
        model: undefined,
        reasoningEffort: undefined,
        settingsOverrides: undefined,
      },
      posture: {},
      settingsJson: "{}",
      resumeId: "abc",
    });
    expect(argv.slice(0, 3)).toEqual(["claude", "--resume", "abc"]);
  });

  it("a new conversation runs under the id Elwood chose (--session-id); a resume never passes it", () => {
    const launch = {
      name: undefined,
      model: undefined,
      reasoningEffort: undefined,
      settingsOverrides: undefined,
    };
    const id = "0b6c3f5e-1d2a-4c7e-9f00-123456789abc";
    const fresh = claudeArgv({
      binary: "claude",
      launch,
      posture: {},
      settingsJson: "{}",
      resumeId: undefined,
      sessionId: id,
    });
    expect(fresh.slice(0, 3)).toEqual(["claude", "--session-id", id]);
    expect(fresh).not.toContain("--resume");
    const resumed = claudeArgv({
      binary: "claude",
      launch,
      posture: {},
      settingsJson: "{}",
      resumeId: "abc",
      sessionId: id,
    });
    expect(resumed.slice(0, 3)).toEqual(["claude", "--resume", "abc"]);
    expect(resumed).not.toContain("--session-id");
  });

  it("C-API-54: rejects a bad reasoning effort and the highTrust/permissionMode conflict before spawning", () => {
    expect(() => normalizeClaudeOptions({ cwd: "/tmp", reasoningEffort: "huge" as never })).toThrow(
      expect.objectContaining({ name: "claude_invalid_reasoning_effort" }),
    );
    expect(() =>
      normalizeClaudeOptions({ cwd: "/tmp", highTrust: true, permissionMode: "plan" }),
    ).toThrow(expect.objectContaining({ name: "claude_high_trust_conflict" }));
    expect(normalizeClaudeOptions({ cwd: "/tmp", highTrust: true }).postureOverrides).toEqual({
      permissionMode: "bypassPermissions",
    });
  });

  it("C-CLAUDE-02 C-HOOK-01: wires every event to the bridge, http where Claude allows it, keeping caller hooks", () => {
    const userGroup = { matcher: "Bash", hooks: [{ type: "command", command: "mine" }] };
    const settings = claudeSessionSettings({
      eventNames: ["SessionStart", "PreToolUse", "Stop"],
      bridge,
      overrides: { model: "x", hooks: { PreToolUse: [userGroup] } },
    });
    const hooks = settings.hooks as Record<
      string,
      Array<{ hooks: Array<Record<string, unknown>> }>
    >;
    expect(settings.model).toBe("x");
    expect(hooks.PreToolUse?.[0]).toEqual(userGroup);
    expect(hooks.PreToolUse?.[1]?.hooks[0]).toMatchObject({
      type: "http",
      url: "http://127.0.0.1:4242/hooks/PreToolUse",
      allowedEnvVars: ["ELWOOD_HOOK_TOKEN"],
      timeout: 35,
    });
    expect(hooks.SessionStart?.[0]?.hooks[0]).toMatchObject({
      type: "command",
      command: commandHookCommand({ eventName: "SessionStart", hookTimeoutMs: 30_000 }),
    });
    expect(JSON.stringify(settings)).not.toMatch(/[0-9a-f]{64}/);
  });

  it("C-HOOK-01: an event registered observe-only is an http hook like a blocking one (the bridge answers it at once); SessionStart and Setup go through the command client, async when observe-only", () => {
    const settings = claudeSessionSettings({
      eventNames: ["SessionStart", "Setup", "PreToolUse", "PostToolUse"],
      bridge: { ...bridge, isBlocking: (name) => name === "PreToolUse" || name === "SessionStart" },
      overrides: undefined,
    });
    const entry = (name: string) =>
      (settings.hooks as Record<string, Array<{ hooks: Array<Record<string, unknown>> }>>)[
        name
      ]?.[0]?.hooks[0];
    for (const name of ["PreToolUse", "PostToolUse"]) {
      expect(entry(name), name).toMatchObject({ type: "http" });
      expect(entry(name), name).not.toHaveProperty("async");
    }
    expect(entry("SessionStart")).toMatchObject({ type: "command" });
    expect(entry("SessionStart")).not.toHaveProperty("async");
    expect(entry("Setup")).toEqual({
      type: "command",
      command: commandHookCommand({ eventName: "Setup", hookTimeoutMs: 30_000 }),
      timeout: 35,
      async: true,
    });
  });

  it("issue 21: pins disableAllHooks false over the caller's and the workspace's settings, and goes on the command line as JSON", () => {
    const settings = claudeSessionSettings({
      eventNames: ["PreToolUse"],
      bridge,
      overrides: { disableAllHooks: true, model: "x" },
    });
    expect(settings.disableAllHooks).toBe(false);
    const { launch, postureOverrides } = normalizeClaudeOptions({ cwd: "/tmp" });
    const json = JSON.stringify(settings);
    const argv = claudeArgv({
      binary: "claude",
      launch,
      posture: postureOverrides,
      settingsJson: json,
      resumeId: undefined,
    });
    expect(argv.slice(-2)).toEqual(["--settings", json]);
  });

  it("refuses settingsOverrides that cannot travel inline: not JSON, or over 64 KiB", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const big = { note: "x".repeat(65_536) };
    for (const settingsOverrides of [cyclic, big, { n: 1n }]) {
      expect(() => normalizeClaudeOptions({ cwd: "/tmp", settingsOverrides })).toThrow(
        expect.objectContaining({ name: "invalid_options" }),
      );
    }
    const fits = { note: "x".repeat(65_536 - '{"note":""}'.length) };
    expect(() => normalizeClaudeOptions({ cwd: "/tmp", settingsOverrides: fits })).not.toThrow();
  });

  it("C-API-05: no launch uses print mode or a structured I/O format, and no agent SDK is a runtime dependency", () => {
    const printFlags = ["-p", "--print", "--output-format", "--input-format", "--sdk-url"];
    const launches = [
      normalizeClaudeOptions({ cwd: "/tmp" }),
      normalizeClaudeOptions({ cwd: "/tmp", model: "opus", highTrust: true, tools: ["Read"] }),
    ];
    for (const { launch, postureOverrides } of launches) {
      for (const resumeId of [undefined, "conversation-1"]) {
        const argv = claudeArgv({
          binary: "claude",
          launch,
          posture: postureOverrides,
          settingsJson: "{}",
          resumeId,
        });
        expect(argv.filter((arg) => printFlags.includes(arg))).toEqual([]);
      }
    }
    const manifest = JSON.parse(
      readFileSync(new URL("../../../../package.json", import.meta.url), "utf8"),
    ) as { dependencies: Record<string, string> };
    const runtime = Object.keys(manifest.dependencies);
    expect(runtime.filter((name) => /anthropic|claude|agent-sdk/i.test(name))).toEqual([]);
  });

  it("C-API-29: resume accepts the start-time policy and passes it on after --resume", () => {
    const { launch, postureOverrides } = normalizeClaudeOptions({
      elwoodSessionId: "session-1",
      permissionMode: "default",
      allowedTools: ["Read"],
      disallowedTools: ["Bash"],
      tools: ["Read", "Grep"],
      reasoningEffort: "low",
    });
    expect(postureOverrides).toEqual({
      permissionMode: "default",
      allowedTools: ["Read"],
      disallowedTools: ["Bash"],
      tools: ["Read", "Grep"],
    });
    const argv = claudeArgv({
      binary: "claude",
      launch,
      posture: postureOverrides,
      settingsJson: "{}",
      resumeId: "conversation-1",
    });
    expect(argv.slice(0, 3)).toEqual(["claude", "--resume", "conversation-1"]);
    expect(argv).toEqual(
      expect.arrayContaining(["--permission-mode", "default", "--effort", "low", "--tools"]),
    );
    expect(argv[argv.indexOf("--tools") + 1]).toBe("Read,Grep");
    expect(argv[argv.indexOf("--disallowedTools") + 1]).toBe("Bash");
    expect(argv).not.toContain("bypassPermissions");
  });
});
