// Runtime validation of Claude hook inputs (C-HOOK-07/10/17): every event parses from a
// realistic sample, malformed inputs are rejected with their event name, tools narrow.

import { describe, expect, it } from "vitest";
import { claudeHookCatalogue } from "../../../../src/claude/hooks/catalogue.js";
import { CLAUDE_HOOK_EVENT_NAMES } from "../../../../src/claude/hooks/events.js";
import { claudeToolInputSchema } from "../../../../src/claude/hooks/tools.js";
import { askUserQuestionInput, claudePreToolUse, claudeSamples } from "./claude-samples.js";

const parse = claudeHookCatalogue.parse;

describe("Claude hook input parsing", () => {
  it("C-HOOK-01: the catalogue lists all 30 Claude 2.1.197 events, each with a sample", () => {
    expect(CLAUDE_HOOK_EVENT_NAMES).toHaveLength(30);
    expect([...claudeHookCatalogue.eventNames].sort()).toEqual(Object.keys(claudeSamples).sort());
  });

  it.each(Object.entries(claudeSamples))("C-HOOK-17: parses a %s sample", (name, sample) => {
    const result = parse(sample);
    expect(result).toMatchObject({ ok: true, event: { hook_event_name: name } });
  });

  it("C-HOOK-07: a missing required field is rejected with the event name", () => {
    const { prompt: _dropped, ...withoutPrompt } = claudeSamples.UserPromptSubmit;
    const result = parse(withoutPrompt);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ eventName: "UserPromptSubmit" });
    if (!result.ok) expect(result.message).toContain("prompt");
  });

  it("C-HOOK-07: a wrongly typed field is rejected", () => {
    expect(parse({ ...claudeSamples.Stop, stop_hook_active: "no" })).toMatchObject({
      ok: false,
      eventName: "Stop",
    });
    expect(parse({ ...claudeSamples.SessionStart, cwd: 42 })).toMatchObject({
      ok: false,
      eventName: "SessionStart",
    });
  });

  it.each([
    ["null", null],
    ["a string", "PreToolUse"],
    ["an array", [claudeSamples.Stop]],
    ["no event name", { session_id: "s", cwd: "/" }],
    ["a numeric event name", { ...claudeSamples.Stop, hook_event_name: 7 }],
  ])("C-HOOK-07: %s is rejected as event Unknown", (_label, raw) => {
    expect(parse(raw)).toMatchObject({ ok: false, eventName: "Unknown" });
  });

  it("C-HOOK-17: a known tool's input is validated against its schema", () => {
    const result = parse(claudePreToolUse("Bash", { cmd: "ls" }));
    expect(result).toMatchObject({ ok: false, eventName: "PreToolUse" });
    if (!result.ok) expect(result.message).toContain("command");
    expect(parse(claudePreToolUse("Edit", { file_path: "a.ts", old_string: "a" })).ok).toBe(false);
  });

  it("C-HOOK-09: built-in tools keep their name and typed input", () => {
    const inputs: Record<string, unknown> = {
      Read: { file_path: "/a.ts", offset: 1, limit: 10 },
      Write: { file_path: "/a.ts", content: "x" },
      Edit: { file_path: "/a.ts", old_string: "a", new_string: "b", replace_all: true },
      Glob: { pattern: "**/*.ts" },
      Grep: { pattern: "useEffect", output_mode: "count", "-i": true },
      WebFetch: { url: "https://example.com", prompt: "summarize" },
      WebSearch: { query: "zod 4", allowed_domains: ["zod.dev"] },
      Agent: { description: "explore", prompt: "find the bug", subagent_type: "Explore" },
      Task: { description: "explore", prompt: "find the bug" },
      TodoWrite: { todos: [{ content: "a", status: "pending", activeForm: "doing a" }] },
      NotebookEdit: { notebook_path: "/n.ipynb", new_source: "print(1)", edit_mode: "insert" },
      AskUserQuestion: askUserQuestionInput,
      ExitPlanMode: { allowedPrompts: [{ tool: "Bash", prompt: "run tests" }], plan: "1. x" },
      EnterPlanMode: {},
      TaskUpdate: { taskId: "1", status: "completed" },
      Skill: { skill: "pdf" },
    };
    for (const [tool, input] of Object.entries(inputs)) {
      const result = parse(claudePreToolUse(tool, input));
      expect(result, tool).toMatchObject({
        ok: true,
        event: { tool_name: tool, tool_input: input },
      });
    }
  });

  it("C-HOOK-10: MCP tools keep their raw name with an open input", () => {
    const input = { title: "bug", labels: ["p1"] };
    const result = parse(claudePreToolUse("mcp__github__create_issue", input));
    expect(result).toMatchObject({
      ok: true,
      event: { tool_name: "mcp__github__create_issue", tool_input: input },
    });
  });

  it("C-HOOK-10: unknown future tools are renamed unknown:<raw> and keep their input", () => {
    const result = parse(claudePreToolUse("Teleport", { to: "mars" }));
    expect(result).toMatchObject({
      ok: true,
      event: { tool_name: "unknown:Teleport", tool_input: { to: "mars" } },
    });
    expect(parse(claudePreToolUse("Teleport", "not an object")).ok).toBe(false);
  });

  it("C-HOOK-17: unknown extra fields from a newer CLI pass through", () => {
    const result = parse({ ...claudeSamples.Stop, new_field: { a: 1 } });
    expect(result).toMatchObject({ ok: true, event: { new_field: { a: 1 } } });
  });

  it("C-HOOK-07: an unknown event name parses as a generic event (fails open later)", () => {
    const result = parse({ ...claudeSamples.Stop, hook_event_name: "BeforeSunrise", extra: 1 });
    expect(result).toMatchObject({
      ok: true,
      event: { hook_event_name: "BeforeSunrise", extra: 1 },
    });
    expect(parse({ hook_event_name: "BeforeSunrise" })).toMatchObject({
      ok: false,
      eventName: "BeforeSunrise",
    });
  });

  it("C-HOOK-07: parsed events are deep-frozen copies", () => {
    const raw = structuredClone(claudeSamples.PostToolUse);
    const result = parse(raw);
    if (!result.ok) throw new Error(result.message);
    const event = result.event as { tool_response: { stdout: string } };
    expect(Object.isFrozen(event)).toBe(true);
    expect(Object.isFrozen(event.tool_response)).toBe(true);
    expect(() => {
      (event.tool_response as { stdout: string }).stdout = "changed";
    }).toThrow(TypeError);
    expect(Object.isFrozen(raw)).toBe(false);
  });

  // Hook-path cost (issue 22): zod compiles a schema's parser on its first use, so a
  // schema built per call paid that compile on every tool hook.
  it("each tool's input schema is built once and reused by every parse", () => {
    for (const tool of ["Bash", "Edit", "mcp__server__tool", "SomeFutureTool"]) {
      expect(claudeToolInputSchema(tool)).toBe(claudeToolInputSchema(tool));
    }
    expect(claudeToolInputSchema("Bash")).not.toBe(claudeToolInputSchema("Edit"));
  });
});
