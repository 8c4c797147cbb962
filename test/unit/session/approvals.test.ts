// ElwoodApprovals over fake hooks (prd/approvals.md): raw PermissionRequest inputs go
// through the real hook dispatcher with the real Claude and Codex catalogues, exactly as
// the bridge hands them over, and the reply bodies are what the CLI would read.

import { afterEach, describe, expect, it, vi } from "vitest";
import { ElwoodApprovals } from "../../../src/agents.js";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import { handlerTimeoutsOf } from "../../../src/bridge/handler-timeout.js";
import type { HookOutcome } from "../../../src/bridge/outcome.js";
import { claudeHookCatalogue } from "../../../src/claude/hooks/catalogue.js";
import type { ClaudeHookHandlers } from "../../../src/claude/hooks/handlers.js";
import { codexHookCatalogue } from "../../../src/codex/hooks/catalogue.js";
import type { CodexHookHandlers } from "../../../src/codex/hooks/handlers.js";
import type { ElwoodApprovalEvent } from "../../../src/core/approvals/types.js";
import { ElwoodError } from "../../../src/errors.js";
import { claudeSamples } from "../claude/hooks/claude-samples.js";
import { codexSamples } from "../codex/hooks/codex-samples.js";

const EXPIRY_MS = 60_000;

function claudeSetup(approvals: ElwoodApprovals, hooks?: ClaudeHookHandlers) {
  const handlers: ClaudeHookHandlers = hooks ?? approvals.claudeHooks();
  const outcomes: HookOutcome[] = [];
  const dispatcher = createHookDispatcher({
    catalogue: claudeHookCatalogue,
    handlers,
    hookTimeoutMs: 1_000,
    hookTimeoutsByEvent: handlerTimeoutsOf(handlers),
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  const request = (
    toolInput: unknown = { command: "rm -rf build", description: "clean" },
    abandoned?: AbortSignal,
  ) =>
    dispatcher.dispatch(
      { ...claudeSamples.PermissionRequest, tool_input: toolInput },
      "PermissionRequest",
      abandoned,
    );
  return { dispatcher, request, outcomes };
}

function recordEvents(approvals: ElwoodApprovals): ElwoodApprovalEvent[] {
  const events: ElwoodApprovalEvent[] = [];
  approvals.on((event) => events.push(event));
  return events;
}

/** Lets the dispatcher parse and park the request (it awaits before the handler runs). */
async function parked(approvals: ElwoodApprovals, count = 1): Promise<void> {
  await vi.waitFor(() => expect(approvals.pending()).toHaveLength(count));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ElwoodApprovals (Claude PermissionRequest)", () => {
  it("C-APR-01: parks a request as one pending approval with the tool, its command and times", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const events = recordEvents(approvals);
    const { request } = claudeSetup(approvals);
    const reply = request();
    await parked(approvals);
    const [approval] = approvals.pending();
    expect(approval).toMatchObject({
      agent: "claude",
      agentSessionId: claudeSamples.PermissionRequest.session_id,
      toolName: "Bash",
      input: { command: "rm -rf build", description: "clean" },
      detail: { kind: "command", command: "rm -rf build", description: "clean" },
      createdAt: 1_000_000,
      expiresAt: 1_060_000,
    });
    expect(approval?.id).toMatch(/^apr_[A-Za-z0-9_-]{16}$/);
    expect(events).toEqual([{ type: "created", approval }]);
    approvals.answer(approval?.id ?? "", { behavior: "allow" });
    expect(JSON.parse((await reply) ?? "null")).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
  });

  it("C-APR-01: ExitPlanMode and AskUserQuestion are never parked: Claude 2.1.332 ignores a hook's allow for them, so the hook answers nothing and the dialog waits for a person", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const events = recordEvents(approvals);
    const { dispatcher } = claudeSetup(approvals);
    for (const [toolName, toolInput] of [
      ["ExitPlanMode", { plan: "1. Create plan-probe.txt", planFilePath: "/p/plan.md" }],
      ["AskUserQuestion", { questions: [{ question: "Which database?", options: [] }] }],
    ] as const) {
      const event = {
        ...claudeSamples.PermissionRequest,
        tool_name: toolName,
        tool_input: toolInput,
      };
      const reply = await dispatcher.dispatch(event, "PermissionRequest");
      expect(reply ?? "", toolName).not.toContain("decision");
    }
    expect(approvals.pending()).toEqual([]);
    expect(events).toEqual([]);
    // Any other tool is still parked, an MCP one with its server and tool named.
    const mcp = {
      ...claudeSamples.PermissionRequest,
      tool_name: "mcp__stamp__stamp",
      tool_input: { text: "probe" },
    };
    const reply = dispatcher.dispatch(mcp, "PermissionRequest");
    await parked(approvals);
    expect(approvals.pending()[0]?.detail).toEqual({
      kind: "mcp",
      server: "stamp",
      tool: "stamp",
      arguments: { text: "probe" },
    });
    approvals.answer(approvals.pending()[0]?.id ?? "", { behavior: "deny" });
    await reply;
  });

  it("C-APR-02: a deny carries its message to the CLI", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const { request } = claudeSetup(approvals);
    const reply = request();
    await parked(approvals);
    const id = approvals.pending()[0]?.id ?? "";
    approvals.answer(id, { behavior: "deny", message: "not on main" });
    expect(JSON.parse((await reply) ?? "null").hookSpecificOutput.decision).toEqual({
      behavior: "deny",
      message: "not on main",
    });
    expect(approvals.pending()).toEqual([]);
  });

  it("C-APR-03: first answer wins: a second answer is approval_settled and changes nothing", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const events = recordEvents(approvals);
    const { request } = claudeSetup(approvals);
    const reply = request();
    await parked(approvals);
    const id = approvals.pending()[0]?.id ?? "";
    approvals.answer(id, { behavior: "deny", message: "no" });
    let second: unknown;
    try {
      approvals.answer(id, { behavior: "allow" });
    } catch (error) {
      second = error;
    }
    expect(ElwoodError.is(second, "approval_settled")).toBe(true);
    expect((second as ElwoodError).details).toMatchObject({ approvalId: id, settled: "answered" });
    expect(JSON.parse((await reply) ?? "null").hookSpecificOutput.decision.behavior).toBe("deny");
    expect(events.map((event) => event.type)).toEqual(["created", "answered"]);
  });

  it("C-APR-04: expiry: with nobody answering, the hook returns no decision at the expiry and the approval is reported expired", async () => {
    vi.useFakeTimers();
    const approvals = new ElwoodApprovals({ expireAfterMs: 120_000 });
    const events = recordEvents(approvals);
    const { request, outcomes } = claudeSetup(approvals);
    let settled = false;
    const reply = request().then((body) => {
      settled = true;
      return body;
    });
    await parked(approvals);
    const [approval] = approvals.pending();
    const id = approval?.id ?? "";
    expect((approval?.expiresAt ?? 0) - (approval?.createdAt ?? 0)).toBe(120_000);
    // Well past the session's 1 s hookTimeoutMs: this handler alone waits for a human.
    // (waitFor above advanced the fake clock a little; count from now.)
    await vi.advanceTimersByTimeAsync((approval?.expiresAt ?? 0) - Date.now() - 1);
    expect(events.map((event) => event.type)).toEqual(["created"]);
    expect(settled).toBe(false);
    expect(approvals.pending()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await reply).toBeUndefined();
    expect(approvals.pending()).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(["created", "expired"]);
    // No decision by choice, not a failure: the CLI shows its own dialog.
    expect(outcomes.at(-1)).toMatchObject({
      hookEventName: "PermissionRequest",
      failedOpen: false,
    });
    expect(() => approvals.answer(id, { behavior: "allow" })).toThrow(
      expect.objectContaining({
        name: "approval_settled",
        details: expect.objectContaining({ settled: "expired" }),
      }),
    );
  });

  it("C-APR-06: the long deadline is the PermissionRequest handler's alone; other hooks keep hookTimeoutMs", async () => {
    vi.useFakeTimers();
    const approvals = new ElwoodApprovals({ expireAfterMs: 120_000 });
    const hooks: ClaudeHookHandlers = {
      ...approvals.claudeHooks(),
      PreToolUse: () => new Promise(() => undefined),
    };
    const { dispatcher, outcomes } = claudeSetup(approvals, hooks);
    const stuck = dispatcher.dispatch(claudeSamples.PreToolUse, "PreToolUse");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await stuck).toBeUndefined();
    expect(outcomes.at(-1)).toMatchObject({ hookEventName: "PreToolUse", failedOpen: true });
    expect(dispatcher.hookTimeoutMsFor?.("PermissionRequest")).toBe(125_000);
    expect(dispatcher.hookTimeoutMsFor?.("PreToolUse")).toBe(1_000);
  });

  it("C-APR-05: teardown while pending fails open: close() settles the hook with no decision", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const events = recordEvents(approvals);
    const { request, outcomes } = claudeSetup(approvals);
    const first = request();
    const second = request({ command: "git push" });
    await parked(approvals, 2);
    approvals.close();
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(approvals.pending()).toEqual([]);
    expect(events.map((event) => event.type)).toEqual([
      "created",
      "created",
      "cancelled",
      "cancelled",
    ]);
    expect(events.slice(2).map((event) => event.type === "cancelled" && event.reason)).toEqual([
      "closed",
      "closed",
    ]);
    expect(outcomes.every((outcome) => outcome.failedOpen === false)).toBe(true);
    // After close nothing parks: a later request gets no decision at once.
    expect(await request()).toBeUndefined();
    expect(approvals.pending()).toEqual([]);
  });

  it("C-APR-04: a request the CLI stops waiting for is cancelled at once, only that one", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const events = recordEvents(approvals);
    const { request } = claudeSetup(approvals);
    const dropped = new AbortController();
    const first = request(undefined, dropped.signal);
    const second = request({ command: "git push" });
    await parked(approvals, 2);
    const [firstId, secondId] = approvals.pending().map((approval) => approval.id);
    // The bridge aborts with why (HookAbandonReason): here the CLI's request ended.
    dropped.abort("request_ended");
    expect(await first).toBeUndefined();
    expect(approvals.pending().map((approval) => approval.id)).toEqual([secondId]);
    expect(events.map((event) => [event.type, event.approval.id])).toEqual([
      ["created", firstId],
      ["created", secondId],
      ["cancelled", firstId],
    ]);
    expect(events.at(-1)).toMatchObject({ type: "cancelled", reason: "request_ended" });
    expect(() => approvals.answer(firstId ?? "", { behavior: "allow" })).toThrow(
      expect.objectContaining({
        name: "approval_settled",
        details: expect.objectContaining({ settled: "cancelled", reason: "request_ended" }),
      }),
    );
    // A request already abandoned when it arrives never becomes an approval.
    const gone = new AbortController();
    gone.abort();
    expect(await request({ command: "ls" }, gone.signal)).toBeUndefined();
    expect(approvals.pending()).toHaveLength(1);
    approvals.close();
    await second;
  });

  it("C-APR-01: edits carry the file path and a diff; MCP calls their server, tool and arguments", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const { dispatcher } = claudeSetup(approvals);
    const permission = (tool_name: string, tool_input: unknown) =>
      dispatcher.dispatch(
        { ...claudeSamples.PermissionRequest, tool_name, tool_input },
        "PermissionRequest",
      );
    const replies = [
      permission("Edit", { file_path: "/w/a.ts", old_string: "let a", new_string: "const a" }),
      permission("mcp__github__create_issue", { title: "t" }),
    ];
    await parked(approvals, 2);
    expect(approvals.pending().map((approval) => approval.detail)).toEqual([
      { kind: "edit", filePath: "/w/a.ts", diff: "-let a\n+const a" },
      { kind: "mcp", server: "github", tool: "create_issue", arguments: { title: "t" } },
    ]);
    approvals.close();
    await Promise.all(replies);
  });
});

describe("ElwoodApprovals (Codex PermissionRequest)", () => {
  it("C-APR-02: allow and deny-with-message become Codex's decisions", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const handlers: CodexHookHandlers = approvals.codexHooks();
    const dispatcher = createHookDispatcher({
      catalogue: codexHookCatalogue,
      handlers,
      hookTimeoutMs: 1_000,
      hookTimeoutsByEvent: handlerTimeoutsOf(handlers),
    });
    const input = {
      ...codexSamples.PermissionRequest,
      tool_input: { command: "curl example.com" },
    };
    const allowed = dispatcher.dispatch(input, "PermissionRequest");
    await parked(approvals);
    const [approval] = approvals.pending();
    expect(approval).toMatchObject({
      agent: "codex",
      toolName: "Bash",
      detail: { kind: "command", command: "curl example.com" },
    });
    approvals.answer(approval?.id ?? "", { behavior: "allow" });
    const denied = dispatcher.dispatch(input, "PermissionRequest");
    await parked(approvals);
    approvals.answer(approvals.pending()[0]?.id ?? "", {
      behavior: "deny",
      message: "use the cache",
    });
    const decisionOf = async (reply: Promise<string | undefined>) =>
      JSON.parse((await reply) ?? "null")?.hookSpecificOutput?.decision;
    expect(await decisionOf(allowed)).toEqual({ behavior: "allow" });
    expect(await decisionOf(denied)).toEqual({ behavior: "deny", message: "use the cache" });
  });
});

describe("ElwoodApprovals arguments", () => {
  it("C-APR-03: an unknown id is approval_not_found; a bad answer is invalid_approval before anything settles", async () => {
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    const { request } = claudeSetup(approvals);
    const reply = request();
    await parked(approvals);
    const id = approvals.pending()[0]?.id ?? "";
    expect(() => approvals.answer("apr_nope", { behavior: "allow" })).toThrow(
      expect.objectContaining({ name: "approval_not_found" }),
    );
    for (const bad of [
      { behavior: "maybe" },
      { behavior: "allow", message: "x" },
      { behavior: "deny", message: 3 },
      { behavior: "deny", message: "x".repeat(4_097) },
      { behavior: "allow", updatedInput: {} },
    ]) {
      expect(() => approvals.answer(id, bad as never)).toThrow(
        expect.objectContaining({ name: "invalid_approval" }),
      );
    }
    expect(approvals.pending()).toHaveLength(1);
    approvals.close();
    await reply;
  });

  it("expireAfterMs must be a whole positive number of milliseconds", () => {
    for (const expireAfterMs of [0, -1, 1.5, Number.NaN, 2_147_483_647]) {
      expect(() => new ElwoodApprovals({ expireAfterMs })).toThrow(
        expect.objectContaining({ name: "invalid_options" }),
      );
    }
    expect(new ElwoodApprovals().expireAfterMs).toBe(300_000);
  });
});
