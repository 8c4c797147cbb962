// Real Codex hooks through the bridge (issue 4 "Done when"): a PreToolUse deny stops a
// shell command and the model gets the reason; PermissionRequest handlers allow and deny
// an approval prompt with no human input; hooks from the user's own $CODEX_HOME config
// that the user reviewed in Codex still run beside Elwood's (unreviewed ones stay skipped:
// hook-trust-codex.test.ts). Hook payloads and replies stay off Elwood's disk.
import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { CodexSessionApi } from "../../src/agents.js";
import type { StartCodexOptions } from "../../src/codex/options.js";
import type { ElwoodHookErrorEvent } from "../../src/core/contract/types.js";
import { StateStore } from "../../src/state/index.js";
import { filesWithText, token } from "../support/claude-e2e.js";
import { type CodexFixture, startCodexIn } from "../support/codex-e2e.js";
import { reviewCodexHooks, trustCodexFolder } from "../support/codex-hook-review.js";
import { appendingHook, toolResultText, touchAndEcho, waitForSay } from "../support/hooks-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { expectNoSecretsIn } from "../support/session-end.js";

const newFixture = useRealCliFixture({ cli: "codex" });

async function readyCodex(
  fx: CodexFixture,
  options: Partial<StartCodexOptions> = {},
): Promise<CodexSessionApi> {
  const session = await startCodexIn(fx, options);
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/** Lines of `path` equal to `line` (none when the file was never written). */
async function linesEqualTo(path: string, line: string): Promise<string[]> {
  const text = await readFile(path, "utf8").catch(() => "");
  return text.split("\n").filter((entry) => entry === line);
}

/** A hooks.json body with one PreToolUse command hook for Bash. */
function hooksJson(command: string): string {
  const group = { matcher: "Bash", hooks: [{ type: "command", command }] };
  return `${JSON.stringify({ hooks: { PreToolUse: [group] } }, null, 2)}\n`;
}

/**
 * An exec_command call that asks to leave the sandbox: under `approvalPolicy: "on-request"`
 * Codex puts it to an approval prompt, which is what PermissionRequest answers.
 */
function escalatedExec(command: string): Readonly<Record<string, unknown>> {
  return {
    cmd: command,
    sandbox_permissions: "require_escalated",
    justification: "The test needs this file written outside the sandbox",
  };
}

describe("Codex hooks against the real CLI", () => {
  test("C-HRESP-07 C-HRESP-10: a PreToolUse deny stops the shell command and the model receives the reason; C-STATE-06: neither the payload nor the reply lands in Elwood's files", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("denied")}.txt`);
    const reason = token("elwood-says-no");
    fx.server.turn({
      match: /make the file/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: touchAndEcho(markerFile, "ran") } } },
        { say: "tried to make it" },
      ],
    });
    const commands: string[] = [];
    const session = await readyCodex(fx, {
      hooks: {
        PreToolUse: {
          Bash: (event) => {
            commands.push(event.tool_input.command);
            return { permissionDecision: "deny", permissionDecisionReason: reason };
          },
        },
      },
    });
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "tried to make it");
    expect(commands).toHaveLength(1);
    expect(commands[0]).toContain(touchAndEcho(markerFile, "ran"));
    expect(text).toContain(reason);
    expect(existsSync(markerFile)).toBe(false);
    await session.stop();
    // Both crossed the command hook client and the bridge; Elwood wrote neither (the
    // rollout under $CODEX_HOME is Codex's own).
    const secrets = [markerFile, reason];
    await expectNoSecretsIn(fx.stateDir, secrets);
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    const socketHome = store.socketHome("codex", session.elwoodSessionId);
    for (const file of existsSync(socketHome) ? await filesWithText(socketHome) : []) {
      for (const secret of secrets) expect(file.text, file.path).not.toContain(secret);
    }
  });

  test("C-HRESP-08: a PermissionRequest allow answers Codex's approval prompt and the command runs", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("approved")}.txt`);
    const marker = token("approved-output");
    fx.server.turn({
      match: /make the file/,
      steps: [
        {
          tool: {
            name: "exec_command",
            input: escalatedExec(touchAndEcho(markerFile, marker)),
          },
        },
        { say: "made it" },
      ],
    });
    const asked: string[] = [];
    const session = await readyCodex(fx, {
      sandbox: "read-only",
      approvalPolicy: "on-request",
      hooks: {
        PermissionRequest: (event) => {
          asked.push(event.tool_name);
          return { behavior: "allow" };
        },
      },
    });
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "made it");
    expect(asked).toEqual(["Bash"]);
    expect(text).toContain(marker);
    expect(existsSync(markerFile)).toBe(true);
    await session.waitForStatus((status) => status === "ready", 60_000);
    await session.stop();
  });

  test("C-HRESP-08: a PermissionRequest deny answers Codex's approval prompt and the command never runs", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("refused")}.txt`);
    const reason = token("not-approved");
    fx.server.turn({
      match: /make the file/,
      steps: [
        {
          tool: { name: "exec_command", input: escalatedExec(touchAndEcho(markerFile, "ran")) },
        },
        { say: "could not make it" },
      ],
    });
    const asked: string[] = [];
    const session = await readyCodex(fx, {
      sandbox: "read-only",
      approvalPolicy: "on-request",
      hooks: {
        PermissionRequest: (event) => {
          asked.push(event.tool_name);
          return { behavior: "deny", message: reason };
        },
      },
    });
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "could not make it");
    expect(asked).toEqual(["Bash"]);
    expect(text).toContain(reason);
    expect(existsSync(markerFile)).toBe(false);
    await session.waitForStatus((status) => status === "ready", 60_000);
    await session.stop();
  });

  test("C-E2E-06: a reviewed PreToolUse command hook from the user's own $CODEX_HOME/config.toml runs alongside Elwood's handler", async () => {
    const fx = await newFixture();
    const userHookLog = join(fx.home.home, "user-hook.log");
    const userLine = token("user-hook-ran");
    await appendFile(
      join(fx.home.codexHome, "config.toml"),
      [
        "",
        "[[hooks.PreToolUse]]",
        'matcher = "Bash"',
        "[[hooks.PreToolUse.hooks]]",
        'type = "command"',
        `command = ${JSON.stringify(appendingHook(userLine, userHookLog))}`,
        "",
      ].join("\n"),
    );
    // Reviewed in Codex, as the user would before it runs (issue 48).
    const reviewed = await reviewCodexHooks(
      fx.workspace,
      fx.home.env,
      (hook) => hook.source === "user",
    );
    expect(reviewed).toHaveLength(1);
    const marker = token("both-hooks");
    fx.server.turn({
      match: /echo the marker/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: `echo ${marker}` } } },
        { say: "echoed" },
      ],
    });
    const elwoodSaw: string[] = [];
    const session = await readyCodex(fx, {
      hooks: {
        PreToolUse: (event) => {
          elwoodSaw.push(event.tool_name);
          return undefined;
        },
      },
    });
    await session.sendMessage("echo the marker");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "echoed");
    expect(text).toContain(marker);
    expect(elwoodSaw).toContain("Bash");
    expect(await linesEqualTo(userHookLog, userLine)).toHaveLength(1);
    await session.stop();
  });

  test("C-E2E-06: reviewed PreToolUse hooks from the user's $CODEX_HOME/hooks.json and the project's .codex/hooks.json run alongside Elwood's handler", async () => {
    const fx = await newFixture();
    const hookLog = join(fx.home.home, "hooks-json.log");
    const userLine = token("user-hooks-json");
    const projectLine = token("project-hooks-json");
    await writeFile(
      join(fx.home.codexHome, "hooks.json"),
      hooksJson(appendingHook(userLine, hookLog)),
    );
    await mkdir(join(fx.workspace, ".codex"));
    await writeFile(
      join(fx.workspace, ".codex", "hooks.json"),
      hooksJson(appendingHook(projectLine, hookLog)),
    );
    // The user trusted the folder and reviewed both files' hooks in Codex (issue 48).
    await trustCodexFolder(fx.workspace, fx.home.env);
    const reviewed = await reviewCodexHooks(
      fx.workspace,
      fx.home.env,
      (hook) => hook.source === "user" || hook.source === "project",
    );
    expect(reviewed).toHaveLength(2);
    const marker = token("all-hooks");
    fx.server.turn({
      match: /echo the marker/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: `echo ${marker}` } } },
        { say: "echoed" },
      ],
    });
    const elwoodSaw: string[] = [];
    const session = await readyCodex(fx, {
      hooks: {
        PreToolUse: (event) => {
          elwoodSaw.push(event.tool_name);
          return undefined;
        },
      },
    });
    await session.sendMessage("echo the marker");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "echoed");
    expect(text).toContain(marker);
    expect(elwoodSaw).toContain("Bash");
    expect(await linesEqualTo(hookLog, userLine)).toHaveLength(1);
    expect(await linesEqualTo(hookLog, projectLine)).toHaveLength(1);
    await session.stop();
  });

  test("C-HOOK-05: a throwing PreToolUse handler fails open (the command runs) and emits hookError handler_error", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("thrown")}.txt`);
    const marker = token("ran-anyway");
    fx.server.turn({
      match: /make the file/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: touchAndEcho(markerFile, marker) } } },
        { say: "made it" },
      ],
    });
    const session = await readyCodex(fx, {
      hooks: {
        PreToolUse: () => {
          throw new Error("handler blew up");
        },
      },
    });
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "made it");
    expect(text).toContain(marker);
    expect(existsSync(markerFile)).toBe(true);
    const preToolErrors = errors.filter((event) => event.hookEventName === "PreToolUse");
    expect(preToolErrors).toHaveLength(1);
    expect(preToolErrors[0]?.category).toBe("handler_error");
    expect(preToolErrors[0]?.agent).toBe("codex");
    expect(preToolErrors[0]?.timeoutMs).toBeUndefined();
    await session.stop();
  });

  test("C-HOOK-04: a hanging PreToolUse handler times out after hookTimeoutMs, fails open (the command runs) and emits hookError timeout", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("hung")}.txt`);
    const marker = token("ran-after-timeout");
    fx.server.turn({
      match: /make the file/,
      steps: [
        { tool: { name: "exec_command", input: { cmd: touchAndEcho(markerFile, marker) } } },
        { say: "made it" },
      ],
    });
    const session = await readyCodex(fx, {
      hookTimeoutMs: 1500,
      hooks: { PreToolUse: () => new Promise<undefined>(() => undefined) },
    });
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "openai");
    await waitForSay(session, "made it");
    expect(text).toContain(marker);
    expect(existsSync(markerFile)).toBe(true);
    const preToolErrors = errors.filter((event) => event.hookEventName === "PreToolUse");
    expect(preToolErrors).toHaveLength(1);
    expect(preToolErrors[0]?.category).toBe("timeout");
    expect(preToolErrors[0]?.timeoutMs).toBe(1500);
    await session.stop();
  });
});
