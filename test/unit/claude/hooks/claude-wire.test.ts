// Claude handler results → Claude's hook output JSON (C-HRESP-01..06, C-HOOK-03/06), and
// handler resolution (event-name vs tool-keyed).

import { describe, expect, it } from "vitest";
import { claudeHookCatalogue } from "../../../../src/claude/hooks/catalogue.js";
import type { ClaudeHookHandlers } from "../../../../src/claude/hooks/handlers.js";
import { askUserQuestionInput, claudePreToolUse, claudeSamples } from "./claude-samples.js";

function eventOf(raw: unknown) {
  const result = claudeHookCatalogue.parse(raw);
  if (!result.ok) throw new Error(result.message);
  return result.event;
}
const byName = { isToolKeyed: false };
const keyed = { isToolKeyed: true };
const wire = (raw: unknown, result: unknown, context = byName) =>
  claudeHookCatalogue.toWire(eventOf(raw), result, context);
const hso = (hookEventName: string, fields: object) => ({
  ok: true,
  wire: { hookSpecificOutput: { hookEventName, ...fields } },
});

describe("Claude hook wire format", () => {
  it("C-HOOK-03: undefined and empty results are no decision", () => {
    expect(wire(claudeSamples.PreToolUse, undefined)).toEqual({ ok: true, wire: undefined });
    expect(wire(claudeSamples.PostToolUse, {})).toEqual({ ok: true, wire: undefined });
    expect(wire(claudeSamples.Notification, undefined)).toEqual({ ok: true, wire: undefined });
  });

  it.each(["allow", "deny", "ask", "defer"])("C-HRESP-01: PreToolUse %s", (decision) => {
    const result = { permissionDecision: decision, permissionDecisionReason: "policy" };
    expect(wire(claudeSamples.PreToolUse, result)).toEqual(
      hso("PreToolUse", { permissionDecision: decision, permissionDecisionReason: "policy" }),
    );
  });

  it("C-HRESP-01: PreToolUse context without a decision", () => {
    expect(wire(claudeSamples.PreToolUse, { additionalContext: "repo is read-only" })).toEqual(
      hso("PreToolUse", { additionalContext: "repo is read-only" }),
    );
  });

  it("C-HRESP-01: a tool-keyed handler rewrites the input", () => {
    const updatedInput = { command: "echo safe" };
    expect(
      wire(claudeSamples.PreToolUse, { permissionDecision: "allow", updatedInput }, keyed),
    ).toEqual(hso("PreToolUse", { permissionDecision: "allow", updatedInput }));
  });

  it("C-HOOK-06: invalid PreToolUse results are rejected", () => {
    const cases: [unknown, { isToolKeyed: boolean }, string][] = [
      [{ permissionDecision: "maybe" }, byName, "permissionDecision"],
      [{ permissionDecision: "allow", updatedInput: { command: "ls" } }, byName, "tool-keyed"],
      [{ permissionDecision: "allow", updatedInput: { cmd: "ls" } }, keyed, "command"],
      [{ permissionDecision: "deny", updatedInput: { command: "ls" } }, keyed, "allow or ask"],
      [{ permissionDecision: "allow", surprise: true }, byName, "surprise"],
      ["allow", byName, "PreToolUse"],
      [null, byName, "PreToolUse"],
    ];
    for (const [result, context, fragment] of cases) {
      const outcome = wire(claudeSamples.PreToolUse, result, context);
      expect(outcome.ok, JSON.stringify(result)).toBe(false);
      if (!outcome.ok) expect(outcome.message).toContain(fragment);
    }
  });

  it("C-HRESP-02: AskUserQuestion is answered through updatedInput.answers", () => {
    const raw = claudePreToolUse("AskUserQuestion", askUserQuestionInput);
    const answers = { "Which package manager should we use?": "pnpm" };
    const updatedInput = { ...askUserQuestionInput, answers };
    expect(wire(raw, { permissionDecision: "allow", updatedInput }, keyed)).toEqual(
      hso("PreToolUse", { permissionDecision: "allow", updatedInput }),
    );
    const stray = { ...askUserQuestionInput, answers: { "Which editor?": "vim" } };
    const outcome = wire(raw, { permissionDecision: "allow", updatedInput: stray }, keyed);
    expect(outcome).toMatchObject({ ok: false });
    if (!outcome.ok) expect(outcome.message).toContain("Which editor?");
  });

  it("C-HRESP-01: PermissionRequest nests the decision", () => {
    expect(
      wire(claudeSamples.PermissionRequest, { behavior: "deny", message: "no", interrupt: true }),
    ).toEqual(
      hso("PermissionRequest", { decision: { behavior: "deny", message: "no", interrupt: true } }),
    );
    const updatedPermissions = [{ type: "setMode", mode: "acceptEdits", destination: "session" }];
    expect(
      wire(claudeSamples.PermissionRequest, { behavior: "allow", updatedPermissions }),
    ).toEqual(hso("PermissionRequest", { decision: { behavior: "allow", updatedPermissions } }));
    expect(
      wire(claudeSamples.PermissionRequest, { behavior: "allow", updatedInput: { command: "ls" } })
        .ok,
    ).toBe(false);
    expect(wire(claudeSamples.PermissionRequest, { behavior: "maybe" }).ok).toBe(false);
  });

  it("C-HRESP-03: Stop and SubagentStop block with a reason", () => {
    const block = { decision: "block", reason: "run the tests first" };
    expect(wire(claudeSamples.Stop, block)).toEqual({ ok: true, wire: block });
    expect(wire(claudeSamples.SubagentStop, block)).toEqual({ ok: true, wire: block });
    expect(wire(claudeSamples.Stop, { decision: "block" }).ok).toBe(false);
    expect(wire(claudeSamples.Stop, { additionalContext: "note" })).toEqual(
      hso("Stop", { additionalContext: "note" }),
    );
  });

  it("C-HRESP-04: observe-only events reject every decision at runtime", () => {
    for (const name of ["Notification", "StopFailure", "SessionEnd", "PostCompact"] as const) {
      for (const result of [
        {},
        { decision: "block", reason: "x" },
        { additionalContext: "x" },
        null,
      ]) {
        const outcome = wire(claudeSamples[name], result);
        expect(outcome.ok, `${name} ${JSON.stringify(result)}`).toBe(false);
        if (!outcome.ok) expect(outcome.message).toContain("observe-only");
      }
    }
  });

  it("C-HRESP-05: Elicitation and ElicitationResult actions", () => {
    expect(wire(claudeSamples.Elicitation, { action: "accept", content: { repo: "a/b" } })).toEqual(
      hso("Elicitation", { action: "accept", content: { repo: "a/b" } }),
    );
    expect(wire(claudeSamples.ElicitationResult, { action: "decline" })).toEqual(
      hso("ElicitationResult", { action: "decline" }),
    );
    expect(wire(claudeSamples.Elicitation, { action: "ignore" }).ok).toBe(false);
  });

  it("C-HRESP-06: the remaining decision types serialize per hook-protocols A4/A6", () => {
    expect(wire(claudeSamples.PermissionDenied, { retry: true })).toEqual(
      hso("PermissionDenied", { retry: true }),
    );
    expect(
      wire(claudeSamples.SessionStart, {
        additionalContext: "ctx",
        initialUserMessage: "hi",
        watchPaths: [".env"],
      }),
    ).toEqual(
      hso("SessionStart", {
        additionalContext: "ctx",
        initialUserMessage: "hi",
        watchPaths: [".env"],
      }),
    );
    expect(wire(claudeSamples.Setup, { additionalContext: "ctx" })).toEqual(
      hso("Setup", { additionalContext: "ctx" }),
    );
    expect(wire(claudeSamples.SubagentStart, { additionalContext: "ctx" })).toEqual(
      hso("SubagentStart", { additionalContext: "ctx" }),
    );
    expect(wire(claudeSamples.UserPromptSubmit, { decision: "block", reason: "secret" })).toEqual({
      ok: true,
      wire: { decision: "block", reason: "secret" },
    });
    expect(
      wire(claudeSamples.PostToolUse, {
        decision: "block",
        reason: "bad",
        additionalContext: "why",
      }),
    ).toEqual({
      ok: true,
      wire: {
        decision: "block",
        reason: "bad",
        hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "why" },
      },
    });
    expect(wire(claudeSamples.PostToolUse, { updatedToolOutput: { stdout: "redacted" } })).toEqual(
      hso("PostToolUse", { updatedToolOutput: { stdout: "redacted" } }),
    );
    expect(wire(claudeSamples.WorktreeCreate, { worktreePath: "/work/wt/fix" })).toEqual(
      hso("WorktreeCreate", { worktreePath: "/work/wt/fix" }),
    );
    expect(wire(claudeSamples.WorktreeCreate, {}).ok).toBe(false);
    expect(wire(claudeSamples.CwdChanged, { watchPaths: ["a"] })).toEqual(
      hso("CwdChanged", { watchPaths: ["a"] }),
    );
    for (const name of ["TeammateIdle", "TaskCreated", "TaskCompleted"] as const) {
      expect(wire(claudeSamples[name], { continue: false, stopReason: "done" })).toEqual({
        ok: true,
        wire: { continue: false, stopReason: "done" },
      });
      expect(wire(claudeSamples[name], { continue: true }).ok).toBe(false);
    }
    expect(wire(claudeSamples.ConfigChange, { decision: "block", reason: "frozen" })).toEqual({
      ok: true,
      wire: { decision: "block", reason: "frozen" },
    });
    expect(wire(claudeSamples.MessageDisplay, { displayContent: "Hi" })).toEqual(
      hso("MessageDisplay", { displayContent: "Hi" }),
    );
  });

  it("C-HOOK-06: an unknown event fails open: only undefined is accepted", () => {
    const unknownEvent = { ...claudeSamples.Stop, hook_event_name: "BeforeSunrise" };
    expect(wire(unknownEvent, undefined)).toEqual({ ok: true, wire: undefined });
    expect(wire(unknownEvent, { decision: "block", reason: "x" }).ok).toBe(false);
  });
});

describe("Claude handler resolution", () => {
  const bash = () => ({ permissionDecision: "deny" as const, permissionDecisionReason: "no" });
  const general = () => undefined;

  it("C-HOOK-03: no handlers, or none for the event, resolve to nothing", () => {
    const event = eventOf(claudeSamples.PreToolUse);
    expect(claudeHookCatalogue.resolveHandler(undefined, event)).toBeUndefined();
    expect(claudeHookCatalogue.resolveHandler({ Stop: general }, event)).toBeUndefined();
    const unknownEvent = eventOf({ ...claudeSamples.Stop, hook_event_name: "BeforeSunrise" });
    expect(claudeHookCatalogue.resolveHandler({ Stop: general }, unknownEvent)).toBeUndefined();
  });

  it("C-HOOK-08: event-name handlers resolve as not tool-keyed", () => {
    const handlers: ClaudeHookHandlers = { PreToolUse: general };
    const resolved = claudeHookCatalogue.resolveHandler(
      handlers,
      eventOf(claudeSamples.PreToolUse),
    );
    expect(resolved).toEqual({ handler: general, isToolKeyed: false });
  });

  it("C-HOOK-08: tool-keyed handlers resolve by tool name and keep `this`", async () => {
    const handlers: ClaudeHookHandlers = {
      PreToolUse: {
        Bash: bash,
        Read() {
          return this === handlers.PreToolUse ? { permissionDecision: "allow" } : undefined;
        },
      },
    };
    const resolved = claudeHookCatalogue.resolveHandler(
      handlers,
      eventOf(claudeSamples.PreToolUse),
    );
    expect(resolved?.isToolKeyed).toBe(true);
    const context = { signal: new AbortController().signal };
    expect(await resolved?.handler(eventOf(claudeSamples.PreToolUse), context)).toEqual(bash());
    const readEvent = eventOf(claudePreToolUse("Read", { file_path: "/a" }));
    const read = claudeHookCatalogue.resolveHandler(handlers, readEvent);
    expect(read?.handler(readEvent, context)).toEqual({ permissionDecision: "allow" });
    const writeEvent = eventOf(claudePreToolUse("Write", { file_path: "/a", content: "" }));
    expect(claudeHookCatalogue.resolveHandler(handlers, writeEvent)).toBeUndefined();
  });
});
