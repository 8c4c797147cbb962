// Runtime validation of Codex hook inputs (C-HOOK-12/13): every event parses, malformed
// inputs are rejected with their event name or "Unknown", tool names are normalized.

import { describe, expect, it } from "vitest";
import { codexHookCatalogue } from "../../../../src/codex/hooks/catalogue.js";
import { codexToolInputSchema } from "../../../../src/codex/hooks/tools.js";
import { codexSamples, codexTool } from "./codex-samples.js";

const parse = codexHookCatalogue.parse;

describe("Codex hook input parsing", () => {
  it("C-HOOK-12: the catalogue lists the 12 Codex 0.171.0 events", () => {
    expect([...codexHookCatalogue.eventNames].sort()).toEqual(Object.keys(codexSamples).sort());
    expect(codexHookCatalogue.eventNames).toHaveLength(12);
  });

  it.each(Object.entries(codexSamples))("C-HOOK-13: parses a %s sample", (name, sample) => {
    expect(parse(sample)).toMatchObject({ ok: true, event: { hook_event_name: name } });
  });

  it("C-HOOK-13: missing or mistyped fields are rejected with the event name", () => {
    const { turn_id: _dropped, ...noTurn } = codexSamples.Stop;
    expect(parse(noTurn)).toMatchObject({ ok: false, eventName: "Stop" });
    expect(parse({ ...codexSamples.Stop, last_assistant_message: 3 })).toMatchObject({
      ok: false,
      eventName: "Stop",
    });
    expect(parse({ ...codexSamples.PreToolUse, transcript_path: undefined })).toMatchObject({
      ok: false,
      eventName: "PreToolUse",
    });
    expect(parse(codexTool("PreToolUse", "Bash", { cmd: "ls" }))).toMatchObject({
      ok: false,
      eventName: "PreToolUse",
    });
  });

  it.each([null, 42, [], { cwd: "/" }, { hook_event_name: "" }])(
    "C-HOOK-13: %j is rejected as Unknown",
    (raw) => {
      expect(parse(raw)).toMatchObject({ ok: false, eventName: "Unknown" });
    },
  );

  it("C-HOOK-13: Bash and apply_patch keep their names and typed input", () => {
    const patch = { command: "*** Begin Patch\n*** Update File: a.ts\n*** End Patch" };
    expect(parse(codexTool("PreToolUse", "apply_patch", patch))).toMatchObject({
      ok: true,
      event: { tool_name: "apply_patch", tool_input: patch },
    });
    const network = { command: "curl example.com", description: "network-access example.com" };
    expect(parse(codexTool("PermissionRequest", "Bash", network))).toMatchObject({
      ok: true,
      event: { tool_name: "Bash", tool_input: network },
    });
  });

  it("C-HOOK-10: MCP names stay raw; other raw names become unknown:<raw>", () => {
    expect(parse(codexTool("PreToolUse", "mcp__fs__read", { path: "/a" }))).toMatchObject({
      ok: true,
      event: { tool_name: "mcp__fs__read" },
    });
    expect(parse(codexTool("PostToolUse", "web_search", ["q"]))).toMatchObject({
      ok: true,
      event: { tool_name: "unknown:web_search", tool_input: ["q"] },
    });
  });

  it("C-HOOK-13: extra fields from a newer Codex pass through; unknown events parse generically", () => {
    expect(parse({ ...codexSamples.Stop, future: true })).toMatchObject({
      ok: true,
      event: { future: true },
    });
    expect(parse({ ...codexSamples.Interrupt, hook_event_name: "PreModelRequest" })).toMatchObject({
      ok: true,
      event: { hook_event_name: "PreModelRequest" },
    });
  });

  it("C-HOOK-13: events are deep-frozen copies", () => {
    const raw = structuredClone(codexSamples.PreToolUse);
    const result = parse(raw);
    if (!result.ok) throw new Error(result.message);
    expect(Object.isFrozen(result.event)).toBe(true);
    expect(Object.isFrozen((result.event as { tool_input: object }).tool_input)).toBe(true);
    expect(Object.isFrozen(raw.tool_input)).toBe(false);
  });

  // Hook-path cost (issue 22): see the Claude parse test.
  it("each tool's input schema is built once and reused by every parse", () => {
    for (const tool of ["Bash", "apply_patch", "mcp__server__tool", "some_future_tool"]) {
      expect(codexToolInputSchema(tool)).toBe(codexToolInputSchema(tool));
    }
  });
});
