// The hook bridge's credential stays out of the agent's tools (issue 16, Done-when 4;
// prd/bridge.md "Where the credential lives"): a Bash tool (Claude), a shell tool
// (Codex) and a bash tool (Copilot) that print their whole environment show no Elwood credential, nothing on disk
// in the agent home, the workspace or the state dir holds it, and every hook still
// reaches the typed handler through the authenticated bridge.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { startClaude, startCopilot } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { type ClaudeFixture, ensureGone, filesWithText, token } from "../support/claude-e2e.js";
import { startCodexIn } from "../support/codex-e2e.js";
import { toolResultText, waitForSay } from "../support/hooks-e2e.js";
import { descendantsOf } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

/** Prints the tool's environment, then a marker that proves the command ran. */
function printEnvironment(marker: string): string {
  return `env; echo ${marker}`;
}

/**
 * The bridge token, read from the CLI's own environment (/proc/<pid>/environ): the one
 * place it is meant to be, and the residual exposure prd/bridge.md documents.
 */
function bridgeTokenOfChildren(): string {
  for (const entry of descendantsOf(process.pid)) {
    let environ: string;
    try {
      environ = readFileSync(`/proc/${entry.pid}/environ`, "latin1");
    } catch {
      continue;
    }
    for (const variable of environ.split("\0")) {
      if (variable.startsWith("ELWOOD_HOOK_TOKEN="))
        return variable.slice("ELWOOD_HOOK_TOKEN=".length);
    }
  }
  throw new Error("no child process carries ELWOOD_HOOK_TOKEN");
}

async function expectNoCredentialAnywhere(fx: ClaudeFixture, secret: string, toolOutput: string) {
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  // Booleans, not toContain: a failure must not print the environment into the test log.
  expect(toolOutput.includes(secret)).toBe(false);
  expect(/ELWOOD_HOOK_TOKEN=./.test(toolOutput)).toBe(false);
  // Nothing the CLI wrote (transcripts, shell snapshots, logs) nor Elwood's state holds it.
  for (const dir of [fx.home.home, fx.workspace, fx.stateDir]) {
    const leaks = (await filesWithText(dir)).filter((file) => file.text.includes(secret));
    expect(leaks.map((file) => file.path)).toEqual([]);
  }
}

describe.runIf(process.platform === "linux")("bridge credential against the real CLIs", () => {
  test("C-HOOK-02: a Claude Bash tool running env prints no Elwood credential while every hook still authenticates", async () => {
    const fx = await newFixture();
    const marker = token("env-printed");
    fx.server.turn({
      match: "print the environment",
      steps: [
        { tool: { name: "Bash", input: { command: printEnvironment(marker) } } },
        { say: "printed it" },
      ],
    });
    const seen: string[] = [];
    const session: ElwoodAgentSession = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      permissionMode: "default",
      hooks: {
        SessionStart: () => {
          seen.push("SessionStart");
        },
        UserPromptSubmit: () => {
          seen.push("UserPromptSubmit");
        },
        PreToolUse: () => {
          seen.push("PreToolUse");
          return { permissionDecision: "allow", permissionDecisionReason: "test allows" };
        },
        PostToolUse: () => {
          seen.push("PostToolUse");
        },
        Stop: () => {
          seen.push("Stop");
        },
      },
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const secret = bridgeTokenOfChildren();
    await session.sendMessage("print the environment");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "printed it");
    await session.waitForStatus((status) => status === "ready", 60_000);
    expect(text.includes(marker)).toBe(true);
    expect(text.includes("HOME=")).toBe(true);
    // Both transports authenticated: SessionStart by the command client, the rest over http.
    expect(seen).toEqual(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]);
    await expectNoCredentialAnywhere(fx, secret, text);
    await session.stop();
  });

  test("C-HOOK-02: a Codex shell tool running env prints no Elwood credential while every hook still authenticates", async () => {
    const fx = await newFixture({ cli: "codex" });
    const marker = token("env-printed");
    fx.server.turn({
      match: /print the environment/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: printEnvironment(marker) } } },
        { say: "printed it" },
      ],
    });
    const seen: string[] = [];
    const session = await startCodexIn(fx, {
      hooks: {
        UserPromptSubmit: () => {
          seen.push("UserPromptSubmit");
        },
        PreToolUse: () => {
          seen.push("PreToolUse");
        },
        PostToolUse: () => {
          seen.push("PostToolUse");
        },
        Stop: () => {
          seen.push("Stop");
        },
      },
    });
    await session.waitForStatus((status) => status === "ready", 90_000);
    const secret = bridgeTokenOfChildren();
    await session.sendMessage("print the environment");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "printed it");
    await session.waitForStatus((status) => status === "ready", 60_000);
    expect(text.includes(marker)).toBe(true);
    expect(text.includes("HOME=")).toBe(true);
    expect(seen).toEqual(["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]);
    await expectNoCredentialAnywhere(fx, secret, text);
    await session.stop();
  });

  test("C-HOOK-02: a Copilot bash tool running env prints no Elwood credential while every hook still authenticates", async () => {
    const fx = await newFixture({ cli: "copilot" });
    const marker = token("env-printed");
    fx.server.turn({
      match: /print the environment/,
      steps: [
        {
          tool: {
            name: "bash",
            input: { command: printEnvironment(marker), description: "print the environment" },
          },
        },
        { say: "printed it" },
      ],
    });
    const seen: string[] = [];
    const session = await startCopilot({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      hooks: {
        sessionStart: () => {
          seen.push("sessionStart");
        },
        userPromptSubmitted: () => {
          seen.push("userPromptSubmitted");
        },
        preToolUse: () => {
          seen.push("preToolUse");
          return { permissionDecision: "allow" };
        },
        postToolUse: () => {
          seen.push("postToolUse");
        },
        agentStop: () => {
          seen.push("agentStop");
        },
      },
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const secret = bridgeTokenOfChildren();
    await session.sendMessage("print the environment");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "printed it");
    await session.waitForStatus((status) => status === "ready", 60_000);
    expect(text.includes(marker)).toBe(true);
    expect(text.includes("HOME=")).toBe(true);
    expect(seen).toEqual([
      "sessionStart",
      "userPromptSubmitted",
      "preToolUse",
      "postToolUse",
      "agentStop",
    ]);
    await expectNoCredentialAnywhere(fx, secret, text);
    await session.stop();
  });
});
