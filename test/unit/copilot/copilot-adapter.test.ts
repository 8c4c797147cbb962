// Copilot's pure parts (prd/copilot.md): its camelCase hook inputs become typed events
// with Elwood's common fields, its decisions serialize to the flat JSON it reads, its
// session record maps to activity and usage, and the credential scrub keeps the token
// only for Elwood's own hook commands.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copilotHookCatalogue } from "../../../src/copilot/hooks/catalogue.js";
import { copilotHooks, hookExecutionStrings } from "../../../src/copilot/launch/plugin.js";
import { copilotBashEnvScript } from "../../../src/copilot/launch/tool-env.js";
import { unboxLine } from "../../../src/copilot/screen/unbox.js";
import { mapCopilotEvent } from "../../../src/copilot/transcript/map-events.js";

const SESSION = "11111111-2222-4333-8444-555555555555";

describe("Copilot hook catalogue", () => {
  it("gives a preToolUse input the route's name, session_id and the normalized tool pair", () => {
    const parsed = copilotHookCatalogue.parse(
      {
        sessionId: SESSION,
        timestamp: 1,
        cwd: "/w",
        toolName: "bash",
        toolArgs: { command: "ls", description: "list" },
      },
      "preToolUse",
    );
    expect(parsed).toMatchObject({
      ok: true,
      event: {
        hook_event_name: "preToolUse",
        session_id: SESSION,
        tool_name: "bash",
        tool_input: { command: "ls", description: "list" },
        toolArgs: { command: "ls", description: "list" },
      },
    });
    expect(copilotHookCatalogue.rawSessionIdOf?.({ sessionId: SESSION })).toBe(SESSION);
  });

  it("reads permissionRequest's toolInput, and tool arguments sent as a JSON string", () => {
    const permission = copilotHookCatalogue.parse(
      {
        sessionId: SESSION,
        timestamp: 1,
        cwd: "/w",
        toolName: "bash",
        toolInput: { command: "x" },
      },
      "permissionRequest",
    );
    expect(permission).toMatchObject({ ok: true, event: { tool_input: { command: "x" } } });
    const stringArgs = copilotHookCatalogue.parse(
      {
        sessionId: SESSION,
        timestamp: 1,
        cwd: "/w",
        toolName: "bash",
        toolArgs: '{"command":"y"}',
      },
      "preToolUse",
    );
    expect(stringArgs).toMatchObject({ ok: true, event: { tool_input: { command: "y" } } });
  });

  it("serializes only the decisions Copilot honours, flat", () => {
    const event = { hook_event_name: "preToolUse", tool_name: "bash" };
    const context = { isToolKeyed: false };
    expect(
      copilotHookCatalogue.toWire(
        event as never,
        { permissionDecision: "deny", permissionDecisionReason: "no" },
        context,
      ),
    ).toEqual({ ok: true, wire: { permissionDecision: "deny", permissionDecisionReason: "no" } });
    expect(
      copilotHookCatalogue.toWire(
        { hook_event_name: "permissionRequest" } as never,
        { behavior: "deny", message: "m" },
        context,
      ),
    ).toEqual({ ok: true, wire: { behavior: "deny", message: "m" } });
    expect(
      copilotHookCatalogue.toWire(event as never, { permissionDecision: "deny" }, context).ok,
    ).toBe(false);
    expect(
      copilotHookCatalogue.toWire({ hook_event_name: "agentStop" } as never, {}, context).ok,
    ).toBe(false);
  });
});

describe("Copilot session record", () => {
  it("an assistant message with no text and no tool requests is the empty reply; one with only tool requests is none", () => {
    const empty = { type: "assistant.message", data: { content: "", interactionId: "i" } };
    expect(mapCopilotEvent(empty, {}).items).toMatchObject([
      { kind: "assistant_message", text: "" },
    ]);
    const toolsOnly = {
      type: "assistant.message",
      data: {
        content: "",
        interactionId: "i",
        toolRequests: [{ toolCallId: "t1", name: "bash", arguments: { command: "ls" } }],
      },
    };
    expect(mapCopilotEvent(toolsOnly, {}).items.map((item) => item.kind)).toEqual(["tool_call"]);
  });

  it("maps prompts, replies, tool calls, results and usage (input without the cached parts)", () => {
    const turn = "interaction-1";
    const records = [
      { type: "user.message", data: { content: "hi", interactionId: turn } },
      {
        type: "assistant.message",
        data: {
          content: "",
          interactionId: turn,
          toolRequests: [{ toolCallId: "t1", name: "bash", arguments: { command: "ls" } }],
        },
      },
      {
        type: "tool.execution_complete",
        data: {
          toolCallId: "t1",
          success: false,
          error: { message: "Denied by preToolUse hook: no" },
        },
      },
      {
        type: "session.usage_record",
        data: {
          usage: {
            model: "m",
            inputTokens: 155,
            outputTokens: 9,
            cacheReadTokens: 30,
            cacheWriteTokens: 5,
          },
        },
      },
      {
        type: "assistant.message",
        data: { content: "done", interactionId: turn, toolRequests: [] },
      },
      { type: "hook.start", data: { hookType: "agentStop" } },
    ];
    let context = {};
    const items = records.flatMap((record) => {
      const result = mapCopilotEvent(record, context);
      context = result.context;
      return result.items;
    });
    expect(items.map((item) => item.kind)).toEqual([
      "user_message",
      "tool_call",
      "tool_result",
      "usage",
      "assistant_message",
    ]);
    expect(items.every((item) => item.turnId === turn)).toBe(true);
    expect(items[2]).toMatchObject({ isError: true, toolOutput: "Denied by preToolUse hook: no" });
    expect(items[3]).toMatchObject({
      usage: { inputTokens: 120, outputTokens: 9, cacheReadTokens: 30, cacheWriteTokens: 5 },
      model: "m",
    });
  });
});

describe("Copilot screens and credential scrub", () => {
  it("takes nested box borders off a dialog row", () => {
    expect(unboxLine("│ │ Confirm folder trust     │ │")).toBe("Confirm folder trust");
    expect(unboxLine("│ ❯ 1. Yes       │").trim()).toBe("❯ 1. Yes");
    expect(unboxLine("❯ hello")).toBe("❯ hello");
  });

  it.runIf(process.platform !== "win32")(
    "keeps the bridge variables for Elwood's hook commands only",
    () => {
      const bridge = { port: 1, commandClientKind: "bash" as const, hookTimeoutMs: 30_000 };
      const hooks = copilotHooks(["preToolUse"], bridge);
      const dir = mkdtempSync(join(tmpdir(), "elwood-copilot-scrub-"));
      try {
        const scrub = join(dir, "scrub.sh");
        writeFileSync(
          scrub,
          copilotBashEnvScript({
            hookCommands: hookExecutionStrings(hooks, bridge),
            userBashEnv: undefined,
          }),
        );
        const probe = join(dir, "probe.sh");
        writeFileSync(probe, `. ${scrub}\necho "token=\${ELWOOD_HOOK_TOKEN-none}" >&2\n`);
        const env = { ...process.env, BASH_ENV: probe, ELWOOD_HOOK_TOKEN: "abc" };
        const hookRun = spawnSync("bash", ["-c", hooks.preToolUse?.[0]?.bash ?? ""], {
          env,
          input: "{}",
        });
        expect(hookRun.stderr.toString()).toContain("token=abc");
        expect(hookRun.stderr.toString()).not.toContain("token=none");
        const toolRun = spawnSync("bash", ["-c", "echo tool"], { env });
        expect(toolRun.stderr.toString()).toBe("token=none\n");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
