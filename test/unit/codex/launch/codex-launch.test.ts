import { describe, expect, it } from "vitest";
import { commandHookCommand } from "../../../../src/bridge/clients/command.js";
import { codexArgv, codexCommandHook } from "../../../../src/codex/launch/argv.js";
import { codexHookTrustOverride } from "../../../../src/codex/launch/hook-trust.js";
import { codexOptions } from "../../../../src/codex/options.js";

// The entry points' validation: start options, or resume's when an id is given.
function normalizeCodexOptions(options: Record<string, unknown>) {
  const { elwoodSessionId, ...rest } = options;
  const use = elwoodSessionId === undefined ? "start" : "resume";
  const { start, resume } = codexOptions.parse(rest, use, `${use}Codex`);
  const config = start ?? resume;
  if (config === undefined) throw new Error("no config");
  return { launch: config.launch, postureOverrides: config.posture };
}

const bridge = {
  port: 4242,
  commandClientKind: "bash" as const,
  hookTimeoutMs: 10_000,
};

describe("Codex launch", () => {
  it("C-CODEX-02 C-CODEX-03: caller overrides in order, reasoning effort after them, then the bridge's (hooks, blanked credential for tools), reserved keys last", () => {
    const { launch, postureOverrides } = normalizeCodexOptions({
      cwd: "/w",
      configOverrides: ["features.hooks=false", 'model_reasoning_effort="low"'],
      reasoningEffort: "high",
      sandbox: "workspace-write",
    });
    const argv = codexArgv({
      binary: "codex",
      cwd: "/w",
      launch,
      posture: postureOverrides,
      eventNames: ["PreToolUse"],
      bridge,
      resumeId: undefined,
    });
    const overrides = argv.flatMap((arg, index) => (argv[index - 1] === "-c" ? [arg] : []));
    expect(overrides).toEqual([
      "features.hooks=false",
      'model_reasoning_effort="low"',
      'model_reasoning_effort="high"',
      `hooks.PreToolUse=[{hooks=[{type="command",command=${JSON.stringify(commandHookCommand({ eventName: "PreToolUse", hookTimeoutMs: 10_000 }))},timeout=15}]}]`,
      'shell_environment_policy.set.ELWOOD_HOOK_TOKEN=""',
      'shell_environment_policy.set.ELWOOD_HOOK_PORT=""',
      "features.hooks=true",
      codexHookTrustOverride([codexCommandHook("PreToolUse", bridge)]),
    ]);
    expect(argv.slice(0, 3)).toEqual(["codex", "--cd", "/w"]);
    // Elwood's own hooks are trusted by hash; nothing trusts anyone else's (issue 48).
    expect(argv.join(" ")).not.toMatch(/trust-all|bypass-hook-trust/);
    expect(argv[argv.indexOf("--sandbox") + 1]).toBe("workspace-write");
  });

  it("C-HOOK-12: an event registered observe-only runs detached (async=true), trusted by the hash of that definition", () => {
    const wired = { ...bridge, isBlocking: (name: string) => name !== "PostToolUse" };
    const argv = codexArgv({
      binary: "codex",
      cwd: "/w",
      launch: normalizeCodexOptions({}).launch,
      posture: {},
      eventNames: ["PreToolUse", "PostToolUse"],
      bridge: wired,
      resumeId: undefined,
    });
    const pre = argv.find((arg) => arg.startsWith("hooks.PreToolUse="));
    const post = argv.find((arg) => arg.startsWith("hooks.PostToolUse="));
    expect(pre).not.toMatch(/async/);
    expect(post).toMatch(/,timeout=15,async=true\}\]\}\]$/);
    expect(codexCommandHook("PostToolUse", wired).async).toBe(true);
    const trust = argv.find((arg) => arg.startsWith("hooks.state="));
    expect(trust).toBe(
      codexHookTrustOverride([
        codexCommandHook("PreToolUse", wired),
        codexCommandHook("PostToolUse", wired),
      ]),
    );
    expect(trust).not.toBe(
      codexHookTrustOverride([
        codexCommandHook("PreToolUse", bridge),
        codexCommandHook("PostToolUse", bridge),
      ]),
    );
  });

  it("resumes with `codex resume … <id>`, the id last", () => {
    const argv = codexArgv({
      binary: "codex",
      cwd: "/w",
      launch: {
        model: undefined,
        profile: undefined,
        reasoningEffort: undefined,
        configOverrides: [],
      },
      posture: {},
      eventNames: [],
      bridge,
      resumeId: "thread-1",
    });
    expect(argv[1]).toBe("resume");
    expect(argv.at(-1)).toBe("thread-1");
  });

  it('refuses approvalPolicy "untrusted" before spawning: Codex 0.171 exits on it', () => {
    expect(() => normalizeCodexOptions({ cwd: "/w", approvalPolicy: "untrusted" })).toThrow(
      expect.objectContaining({
        name: "invalid_options",
        message: expect.stringContaining("on-request"),
      }),
    );
    expect(
      normalizeCodexOptions({ cwd: "/w", approvalPolicy: "on-request" }).postureOverrides,
    ).toEqual({ approvalPolicy: "on-request" });
  });

  it("C-API-54: validates effort and highTrust before spawning", () => {
    expect(() => normalizeCodexOptions({ cwd: "/w", reasoningEffort: "ultra" as never })).toThrow(
      expect.objectContaining({ name: "codex_invalid_reasoning_effort" }),
    );
    expect(() =>
      normalizeCodexOptions({ cwd: "/w", highTrust: true, sandbox: "read-only" }),
    ).toThrow(expect.objectContaining({ name: "codex_high_trust_conflict" }));
    expect(normalizeCodexOptions({ cwd: "/w", highTrust: true }).postureOverrides).toEqual({
      sandbox: "danger-full-access",
      approvalPolicy: "never",
    });
  });

  it("C-API-29: resume accepts sandbox, approval policy and effort and passes them to `codex resume`", () => {
    const { launch, postureOverrides } = normalizeCodexOptions({
      elwoodSessionId: "session-1",
      sandbox: "read-only",
      approvalPolicy: "on-request",
      reasoningEffort: "low",
    });
    expect(postureOverrides).toEqual({ sandbox: "read-only", approvalPolicy: "on-request" });
    const argv = codexArgv({
      binary: "codex",
      cwd: "/w",
      launch,
      posture: postureOverrides,
      eventNames: [],
      bridge,
      resumeId: "thread-1",
    });
    expect(argv[1]).toBe("resume");
    expect(argv[argv.indexOf("--sandbox") + 1]).toBe("read-only");
    expect(argv[argv.indexOf("--ask-for-approval") + 1]).toBe("on-request");
    expect(argv).toContain('model_reasoning_effort="low"');
    expect(argv.join(" ")).not.toContain("danger-full-access");
    expect(argv.at(-1)).toBe("thread-1");
  });
});
