// Real Claude hooks through the bridge (issue 4 "Done when"): a PreToolUse deny stops a
// Bash command and the model gets the reason; an allow skips the permission dialog; a
// throwing and a hanging handler both fail open with a typed hookError; a hook from the
// user's own ~/.claude/settings.json still runs beside Elwood's; an AskUserQuestion call
// is answered from a tool-keyed handler. Hook payloads and replies stay off Elwood's disk.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startClaude } from "../../src/agents.js";
import type { StartClaudeOptions } from "../../src/claude/options.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodHookErrorEvent } from "../../src/core/contract/types.js";
import { StateStore } from "../../src/state/index.js";
import { type ClaudeFixture, ensureGone, filesWithText, token } from "../support/claude-e2e.js";
import { appendingHook, toolResultText, touchAndEcho, waitForSay } from "../support/hooks-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { expectNoSecretsIn } from "../support/session-end.js";

const newFixture = useRealCliFixture({ trusted: true });

/** Starts Claude in the fixture's (trusted) workspace, stopped at cleanup, and waits for ready. */
async function readyClaude(
  fx: ClaudeFixture,
  options: Partial<StartClaudeOptions> = {},
): Promise<ElwoodAgentSession> {
  const session = await startClaude({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    permissionMode: "default",
    ...options,
  });
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/** Claude settings `hooks`: one PreToolUse command hook for Bash. */
function bashHook(command: string): Record<string, unknown> {
  return { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] };
}

describe("Claude hooks against the real CLI", () => {
  test("C-HRESP-01 C-HRESP-06: a PreToolUse deny stops the Bash command and the model receives the reason; C-STATE-06: neither the payload nor the reply lands in Elwood's files", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("denied")}.txt`);
    const reason = token("elwood-says-no");
    fx.server.turn({
      match: "make the file",
      steps: [
        { tool: { name: "Bash", input: { command: touchAndEcho(markerFile, "ran") } } },
        { say: "tried to make it" },
      ],
    });
    const seenCommands: string[] = [];
    const session = await readyClaude(fx, {
      hooks: {
        PreToolUse: {
          Bash: (event) => {
            seenCommands.push(event.tool_input.command);
            return { permissionDecision: "deny", permissionDecisionReason: reason };
          },
        },
      },
    });
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "tried to make it");
    expect(seenCommands).toEqual([touchAndEcho(markerFile, "ran")]);
    expect(text).toContain(reason);
    expect(existsSync(markerFile)).toBe(false);
    await session.stop();
    // The payload (the command, with its marker file name) and the reply (the reason)
    // crossed the bridge, but Elwood wrote neither: not in the state dir (record, settings,
    // hook client) nor in the session's temp home. The CLI's own transcript is its business.
    const secrets = [markerFile, reason];
    await expectNoSecretsIn(fx.stateDir, secrets);
    const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
    const socketHome = store.socketHome("claude", session.elwoodSessionId);
    for (const file of existsSync(socketHome) ? await filesWithText(socketHome) : []) {
      for (const secret of secrets) expect(file.text, file.path).not.toContain(secret);
    }
  });

  test("C-HRESP-01: a PreToolUse allow runs a Bash command that has no allow rule, with no human input", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("allowed")}.txt`);
    const marker = token("allowed-output");
    fx.server.turn({
      match: "make the file",
      steps: [
        { tool: { name: "Bash", input: { command: touchAndEcho(markerFile, marker) } } },
        { say: "made it" },
      ],
    });
    let asked = 0;
    const session = await readyClaude(fx, {
      hooks: {
        PreToolUse: (event) => {
          if (event.tool_name !== "Bash") return undefined;
          asked += 1;
          return { permissionDecision: "allow", permissionDecisionReason: "fine by Elwood" };
        },
      },
    });
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "made it");
    expect(asked).toBe(1);
    expect(text).toContain(marker);
    expect(existsSync(markerFile)).toBe(true);
    await session.waitForStatus((status) => status === "ready", 60_000);
    await session.stop();
  });

  test("C-HOOK-05: a throwing PreToolUse handler fails open (the command runs) and emits hookError handler_error", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("thrown")}.txt`);
    const marker = token("ran-anyway");
    fx.server.turn({
      match: "make the file",
      steps: [
        { tool: { name: "Bash", input: { command: touchAndEcho(markerFile, marker) } } },
        { say: "made it" },
      ],
    });
    const session = await readyClaude(fx, {
      allowedTools: ["Bash"],
      hooks: {
        PreToolUse: () => {
          throw new Error("handler blew up");
        },
      },
    });
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "made it");
    expect(text).toContain(marker);
    expect(existsSync(markerFile)).toBe(true);
    const preToolErrors = errors.filter((event) => event.hookEventName === "PreToolUse");
    expect(preToolErrors).toHaveLength(1);
    expect(preToolErrors[0]?.category).toBe("handler_error");
    expect(preToolErrors[0]?.agent).toBe("claude");
    expect(preToolErrors[0]?.elwoodSessionId).toBe(session.elwoodSessionId);
    expect(preToolErrors[0]?.timeoutMs).toBeUndefined();
    await session.stop();
  });

  test("C-HOOK-04: a hanging PreToolUse handler times out after hookTimeoutMs, fails open (the command runs) and emits hookError timeout", async () => {
    const fx = await newFixture();
    const markerFile = join(fx.workspace, `${token("hung")}.txt`);
    const marker = token("ran-after-timeout");
    fx.server.turn({
      match: "make the file",
      steps: [
        { tool: { name: "Bash", input: { command: touchAndEcho(markerFile, marker) } } },
        { say: "made it" },
      ],
    });
    const session = await readyClaude(fx, {
      allowedTools: ["Bash"],
      hookTimeoutMs: 1500,
      hooks: {
        PreToolUse: () => new Promise<undefined>(() => undefined),
      },
    });
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    await session.sendMessage("make the file");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "made it");
    expect(text).toContain(marker);
    expect(existsSync(markerFile)).toBe(true);
    const preToolErrors = errors.filter((event) => event.hookEventName === "PreToolUse");
    expect(preToolErrors).toHaveLength(1);
    expect(preToolErrors[0]?.category).toBe("timeout");
    expect(preToolErrors[0]?.timeoutMs).toBe(1500);
    await session.stop();
  });

  test("C-E2E-06: PreToolUse command hooks from the user's ~/.claude/settings.json and the project's .claude/settings.json run alongside Elwood's handler", async () => {
    const fx = await newFixture();
    const hookLog = join(fx.home.home, "user-hook.log");
    const userLine = token("user-hook-ran");
    const projectLine = token("project-hook-ran");
    const userSettingsPath = join(fx.home.home, ".claude", "settings.json");
    const userSettings = JSON.parse(await readFile(userSettingsPath, "utf8")) as Record<
      string,
      unknown
    >;
    userSettings.hooks = bashHook(appendingHook(userLine, hookLog));
    await writeFile(userSettingsPath, `${JSON.stringify(userSettings, null, 2)}\n`);
    await mkdir(join(fx.workspace, ".claude"));
    await writeFile(
      join(fx.workspace, ".claude", "settings.json"),
      `${JSON.stringify({ hooks: bashHook(appendingHook(projectLine, hookLog)) }, null, 2)}\n`,
    );
    const marker = token("both-hooks");
    fx.server.turn({
      match: "echo the marker",
      steps: [{ tool: { name: "Bash", input: { command: `echo ${marker}` } } }, { say: "echoed" }],
    });
    const elwoodSaw: string[] = [];
    const session = await readyClaude(fx, {
      allowedTools: ["Bash"],
      hooks: {
        PreToolUse: (event) => {
          elwoodSaw.push(event.tool_name);
          return undefined;
        },
      },
    });
    await session.sendMessage("echo the marker");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "echoed");
    expect(text).toContain(marker);
    expect(elwoodSaw).toEqual(["Bash"]);
    const logged = (await readFile(hookLog, "utf8")).split("\n");
    expect(logged.filter((line) => line === userLine)).toHaveLength(1);
    expect(logged.filter((line) => line === projectLine)).toHaveLength(1);
    await session.stop();
  });

  test("C-HRESP-02: a tool-keyed PreToolUse handler answers AskUserQuestion through updatedInput.answers and the model receives the answer", async () => {
    const fx = await newFixture();
    const question = "Which colour should the widget be?";
    const chosen = token("Teal");
    fx.server.turn({
      match: "ask me something",
      steps: [
        {
          tool: {
            name: "AskUserQuestion",
            input: {
              questions: [
                {
                  question,
                  header: "Colour",
                  options: [
                    { label: chosen, description: "A calm blue-green" },
                    { label: "Orange", description: "A loud warm colour" },
                  ],
                  multiSelect: false,
                },
              ],
            },
          },
        },
        { say: "thanks for answering" },
      ],
    });
    const questionsSeen: string[] = [];
    const session = await readyClaude(fx, {
      hooks: {
        PreToolUse: {
          AskUserQuestion: (event) => {
            questionsSeen.push(...event.tool_input.questions.map((entry) => entry.question));
            return {
              permissionDecision: "allow",
              updatedInput: { ...event.tool_input, answers: { [question]: chosen } },
            };
          },
        },
      },
    });
    await session.sendMessage("ask me something");
    const { request, text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "thanks for answering");
    expect(questionsSeen).toEqual([question]);
    expect(request.toolResults.some((result) => result.isError)).toBe(false);
    expect(text).toContain(chosen);
    expect(text).not.toContain("Orange");
    await session.waitForStatus((status) => status === "ready", 60_000);
    await session.stop();
  });
});
