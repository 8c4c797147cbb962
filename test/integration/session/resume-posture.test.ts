// Resume takes its launch posture from the session record, explicit options override it
// field by field, and the merged posture is saved for the next resume (lifecycle §1.5,
// api.md §5.2/§5.6); reasoning effort is passed on every launch that asks for it but never
// stored. Real launcher, real state files and PTY; a fake CLI records the argv it got.
import { afterEach, describe, expect, it } from "vitest";
import { resumeClaude, resumeCodex, startClaude, startCodex } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { CODEX_MINIMUM_VERSION } from "../../../src/codex/adapter.js";
import { rejection } from "../../support/claude-e2e.js";
import { configOverrides, type FakeCli, fakeCli, flagValue } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function workspace(versionText: string): Promise<FakeCli> {
  const cli = await fakeCli({ versionText, mode: "stay" });
  cleanups.push(() => cli.remove());
  return cli;
}

/** Starts or resumes, and kills the session again once its launch argv is known. */
async function launchArgv(
  cli: FakeCli,
  open: () => Promise<{ elwoodSessionId: string; kill(): Promise<void> }>,
): Promise<{ id: string; argv: string[] }> {
  const before = (await cli.launches()).length;
  const session = await open();
  cleanups.push(() => session.kill());
  await cli.waitForLaunches(before + 1);
  await session.kill();
  const launches = await cli.launches();
  expect(launches).toHaveLength(before + 1);
  return { id: session.elwoodSessionId, argv: launches.at(-1) ?? [] };
}

describe("Claude resume posture", () => {
  it("C-API-32 C-API-29 C-STATE-13 C-CLAUDE-13 C-CLAUDE-20: the record's posture is the default, explicit options win per field and are saved, --tools stays one comma-joined value, effort is passed but never stored", async () => {
    const cli = await workspace(`${CLAUDE_MINIMUM_VERSION} (Claude Code)`);
    const common = { cwd: cli.dir, stateDir: cli.stateDir, executable: cli.executable };
    const started = await launchArgv(cli, () =>
      startClaude({
        ...common,
        env: process.env,
        permissionMode: "plan",
        allowedTools: ["Read", "Bash(git *)"],
        tools: ["Read", "Grep", "Bash"],
        reasoningEffort: "high",
      }),
    );
    expect(flagValue(started.argv, "--tools")).toBe("Read,Grep,Bash");
    expect(started.argv.filter((arg) => arg === "--tools")).toHaveLength(1);
    expect(flagValue(started.argv, "--effort")).toBe("high");
    expect(flagValue(started.argv, "--permission-mode")).toBe("plan");
    const startRecord = await cli.readRecord(started.id);
    expect(startRecord.resume.posture).toEqual({
      permissionMode: "plan",
      allowedTools: ["Read", "Bash(git *)"],
      tools: ["Read", "Grep", "Bash"],
    });
    expect(JSON.stringify(startRecord)).not.toMatch(/effort|"high"/);

    // The CLI's first hook would have stored its conversation id; resume needs it.
    await cli.recordAgentSessionId(started.id, "claude-conversation-1");

    // Explicit options override their own fields only; the rest come from the record.
    const resumed = await launchArgv(cli, () =>
      resumeClaude({
        ...common,
        env: process.env,
        elwoodSessionId: started.id,
        permissionMode: "default",
        disallowedTools: ["WebFetch"],
        reasoningEffort: "low",
      }),
    );
    expect(resumed.id).toBe(started.id);
    expect(flagValue(resumed.argv, "--resume")).toBe("claude-conversation-1");
    expect(flagValue(resumed.argv, "--permission-mode")).toBe("default");
    expect(flagValue(resumed.argv, "--allowedTools")).toBe("Read,Bash(git *)");
    expect(flagValue(resumed.argv, "--disallowedTools")).toBe("WebFetch");
    expect(flagValue(resumed.argv, "--tools")).toBe("Read,Grep,Bash");
    expect(flagValue(resumed.argv, "--effort")).toBe("low");
    const resumedRecord = await cli.readRecord(started.id);
    expect(resumedRecord.resume).toEqual({
      agentSessionId: "claude-conversation-1",
      posture: {
        permissionMode: "default",
        allowedTools: ["Read", "Bash(git *)"],
        disallowedTools: ["WebFetch"],
        tools: ["Read", "Grep", "Bash"],
      },
    });
    expect(JSON.stringify(resumedRecord)).not.toMatch(/effort|"low"/);

    // A bare resume runs with the saved (merged) posture, never wider, and no effort.
    // An effort outside Claude's enum is refused before anything runs, on resume too.
    const callsBefore = (await cli.calls()).length;
    const refused = await rejection(
      resumeClaude({
        ...common,
        env: process.env,
        elwoodSessionId: started.id,
        reasoningEffort: "minimal" as never, // a JavaScript caller's Codex-only value
      }),
    );
    expect(refused.name).toBe("claude_invalid_reasoning_effort");
    expect(refused.message).toContain("xhigh");
    expect(await cli.calls()).toHaveLength(callsBefore);

    const bare = await launchArgv(cli, () =>
      resumeClaude({ ...common, env: process.env, elwoodSessionId: started.id }),
    );
    expect(flagValue(bare.argv, "--permission-mode")).toBe("default");
    expect(flagValue(bare.argv, "--allowedTools")).toBe("Read,Bash(git *)");
    expect(flagValue(bare.argv, "--disallowedTools")).toBe("WebFetch");
    expect(flagValue(bare.argv, "--tools")).toBe("Read,Grep,Bash");
    expect(bare.argv).not.toContain("--effort");
  });

  it('C-CLAUDE-13: an empty `tools` list (no built-in tools) is kept on resume as --tools ""', async () => {
    const cli = await workspace(`${CLAUDE_MINIMUM_VERSION} (Claude Code)`);
    const common = { cwd: cli.dir, stateDir: cli.stateDir, executable: cli.executable };
    const started = await launchArgv(cli, () =>
      startClaude({ ...common, env: process.env, tools: [] }),
    );
    expect(flagValue(started.argv, "--tools")).toBe("");
    await cli.recordAgentSessionId(started.id, "claude-conversation-2");
    const resumed = await launchArgv(cli, () =>
      resumeClaude({ ...common, env: process.env, elwoodSessionId: started.id }),
    );
    expect(flagValue(resumed.argv, "--tools")).toBe("");
  });
});

describe("Codex resume posture", () => {
  it("C-API-32 C-API-29 C-STATE-13 C-CODEX-21: sandbox and approval policy come from the record unless overridden (then saved), effort is a winning -c override on start and resume and never stored", async () => {
    const cli = await workspace(`codex-cli ${CODEX_MINIMUM_VERSION}`);
    const common = { cwd: cli.dir, stateDir: cli.stateDir, executable: cli.executable };
    const started = await launchArgv(cli, () =>
      startCodex({
        ...common,
        env: process.env,
        sandbox: "read-only",
        approvalPolicy: "on-request",
        reasoningEffort: "high",
        configOverrides: ['model_reasoning_effort="minimal"'],
      }),
    );
    expect(flagValue(started.argv, "--sandbox")).toBe("read-only");
    expect(flagValue(started.argv, "--ask-for-approval")).toBe("on-request");
    const startOverrides = configOverrides(started.argv);
    expect(startOverrides.indexOf('model_reasoning_effort="high"')).toBeGreaterThan(
      startOverrides.indexOf('model_reasoning_effort="minimal"'),
    );
    expect(startOverrides.indexOf('model_reasoning_effort="minimal"')).toBeGreaterThanOrEqual(0);
    const startRecord = await cli.readRecord(started.id);
    expect(startRecord.resume.posture).toEqual({
      sandbox: "read-only",
      approvalPolicy: "on-request",
    });
    expect(JSON.stringify(startRecord)).not.toMatch(/effort|"high"/);

    await cli.recordAgentSessionId(started.id, "codex-thread-1");
    const resumed = await launchArgv(cli, () =>
      resumeCodex({
        ...common,
        env: process.env,
        elwoodSessionId: started.id,
        sandbox: "workspace-write",
        reasoningEffort: "low",
      }),
    );
    expect(resumed.argv[0]).toBe("resume");
    expect(resumed.argv.at(-1)).toBe("codex-thread-1");
    expect(flagValue(resumed.argv, "--sandbox")).toBe("workspace-write");
    expect(flagValue(resumed.argv, "--ask-for-approval")).toBe("on-request");
    expect(configOverrides(resumed.argv)).toContain('model_reasoning_effort="low"');
    const resumedRecord = await cli.readRecord(started.id);
    expect(resumedRecord.resume).toEqual({
      agentSessionId: "codex-thread-1",
      posture: { sandbox: "workspace-write", approvalPolicy: "on-request" },
    });
    expect(JSON.stringify(resumedRecord)).not.toMatch(/effort|"low"/);

    const callsBefore = (await cli.calls()).length;
    const refused = await rejection(
      startCodex({ ...common, env: process.env, reasoningEffort: "extreme" as never }),
    );
    expect(refused.name).toBe("codex_invalid_reasoning_effort");
    expect(refused.message).toContain("minimal");
    expect(await cli.calls()).toHaveLength(callsBefore);
    expect(await cli.listSessions()).toEqual([started.id]);

    const bare = await launchArgv(cli, () =>
      resumeCodex({ ...common, env: process.env, elwoodSessionId: started.id }),
    );
    expect(flagValue(bare.argv, "--sandbox")).toBe("workspace-write");
    expect(flagValue(bare.argv, "--ask-for-approval")).toBe("on-request");
    expect(configOverrides(bare.argv).some((arg) => arg.startsWith("model_reasoning_effort"))).toBe(
      false,
    );
  });
});

describe("the posture a start records", () => {
  it("C-STATE-13: highTrust is stored resolved (Claude bypassPermissions; Codex danger-full-access with approval never), as the CLI got it", async () => {
    const claude = await workspace(`${CLAUDE_MINIMUM_VERSION} (Claude Code)`);
    const claudeStart = await launchArgv(claude, () =>
      startClaude({
        cwd: claude.dir,
        stateDir: claude.stateDir,
        executable: claude.executable,
        env: process.env,
        highTrust: true,
      }),
    );
    expect(flagValue(claudeStart.argv, "--permission-mode")).toBe("bypassPermissions");
    expect((await claude.readRecord(claudeStart.id)).resume.posture).toEqual({
      permissionMode: "bypassPermissions",
    });

    const codex = await workspace(`codex-cli ${CODEX_MINIMUM_VERSION}`);
    const codexStart = await launchArgv(codex, () =>
      startCodex({
        cwd: codex.dir,
        stateDir: codex.stateDir,
        executable: codex.executable,
        env: process.env,
        highTrust: true,
      }),
    );
    expect(flagValue(codexStart.argv, "--sandbox")).toBe("danger-full-access");
    expect(flagValue(codexStart.argv, "--ask-for-approval")).toBe("never");
    expect((await codex.readRecord(codexStart.id)).resume.posture).toEqual({
      sandbox: "danger-full-access",
      approvalPolicy: "never",
    });
  });
});
