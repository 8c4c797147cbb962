// Codex handler results → the exact JSON Codex 0.171.0 accepts (C-HRESP-07..10,
// C-HOOK-06/15), and handler resolution.

import { describe, expect, it } from "vitest";
import { codexHookCatalogue } from "../../../../src/codex/hooks/catalogue.js";
import type { CodexHookHandlers } from "../../../../src/codex/hooks/handlers.js";
import { codexSamples, codexTool } from "./codex-samples.js";

function eventOf(raw: unknown) {
  const result = codexHookCatalogue.parse(raw);
  if (!result.ok) throw new Error(result.message);
  return result.event;
}
const byName = { isToolKeyed: false };
const keyed = { isToolKeyed: true };
const wire = (raw: unknown, result: unknown, context = byName) =>
  codexHookCatalogue.toWire(eventOf(raw), result, context);

describe("Codex hook wire format", () => {
  it("C-HRESP-07: PreToolUse deny carries a non-empty reason", () => {
    expect(
      wire(codexSamples.PreToolUse, {
        permissionDecision: "deny",
        permissionDecisionReason: "no rm",
      }),
    ).toEqual({
      ok: true,
      wire: {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "no rm",
        },
      },
    });
    expect(
      wire(codexSamples.PreToolUse, { permissionDecision: "deny", permissionDecisionReason: "" })
        .ok,
    ).toBe(false);
    expect(wire(codexSamples.PreToolUse, { permissionDecision: "deny" }).ok).toBe(false);
  });

  it("C-HRESP-07: allow sends no decision (a bare allow fails a Codex hook); context rides along", () => {
    expect(wire(codexSamples.PreToolUse, { permissionDecision: "allow" })).toEqual({
      ok: true,
      wire: undefined,
    });
    expect(
      wire(codexSamples.PreToolUse, { permissionDecision: "allow", additionalContext: "ok" }),
    ).toEqual({
      ok: true,
      wire: { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "ok" } },
    });
    expect(wire(codexSamples.PreToolUse, { additionalContext: "note" })).toEqual({
      ok: true,
      wire: { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "note" } },
    });
  });

  it("C-HRESP-07: a tool-keyed handler allows with a rewritten input", () => {
    const updatedInput = { command: "ls" };
    expect(
      wire(codexSamples.PreToolUse, { permissionDecision: "allow", updatedInput }, keyed),
    ).toEqual({
      ok: true,
      wire: {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput,
        },
      },
    });
  });

  it("C-HOOK-06: unsupported PreToolUse results are rejected", () => {
    const cases: [unknown, { isToolKeyed: boolean }][] = [
      [{ permissionDecision: "ask" }, byName],
      [{ permissionDecision: "defer" }, byName],
      [{ permissionDecision: "allow", updatedInput: { command: "ls" } }, byName],
      [{ permissionDecision: "allow", updatedInput: { cmd: "ls" } }, keyed],
      [
        {
          permissionDecision: "deny",
          permissionDecisionReason: "x",
          updatedInput: { command: "ls" },
        },
        keyed,
      ],
      [{ permissionDecision: "allow", permissionDecisionReason: "x" }, byName],
      [{ continue: false }, byName],
      [{}, byName],
    ];
    for (const [result, context] of cases) {
      expect(wire(codexSamples.PreToolUse, result, context).ok, JSON.stringify(result)).toBe(false);
    }
  });

  it("C-HRESP-08: PermissionRequest nests behavior and message in decision", () => {
    expect(wire(codexSamples.PermissionRequest, { behavior: "deny", message: "not now" })).toEqual({
      ok: true,
      wire: {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "not now" },
        },
      },
    });
    expect(wire(codexSamples.PermissionRequest, { behavior: "allow" })).toEqual({
      ok: true,
      wire: {
        hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
      },
    });
    for (const bad of [
      { behavior: "allow", updatedInput: { command: "ls" } },
      { behavior: "allow", updatedPermissions: [] },
      { behavior: "deny", interrupt: true },
      { behavior: "allow", message: "x" },
      {},
    ]) {
      expect(wire(codexSamples.PermissionRequest, bad, keyed).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it("C-HRESP-09/C-HOOK-15: Stop and SubagentStop continue with a reason or stop outright", () => {
    for (const sample of [codexSamples.Stop, codexSamples.SubagentStop]) {
      expect(wire(sample, { decision: "block", reason: "run tests" })).toEqual({
        ok: true,
        wire: { decision: "block", reason: "run tests" },
      });
      expect(
        wire(sample, { decision: "block", reason: "run tests", additionalContext: "3 failing" }),
      ).toEqual({
        ok: true,
        wire: { decision: "block", reason: "run tests\n\n3 failing" },
      });
      expect(wire(sample, { continue: false, stopReason: "budget" })).toEqual({
        ok: true,
        wire: { continue: false, stopReason: "budget" },
      });
      expect(wire(sample, { decision: "block" }).ok).toBe(false);
      expect(wire(sample, { decision: "block", reason: "" }).ok).toBe(false);
      expect(wire(sample, {}).ok).toBe(false);
    }
  });

  it.each([
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "SubagentStart",
    "Interrupt",
  ] as const)("C-HRESP-10: observe-only %s accepts only undefined; {} is invalid", (name) => {
    expect(wire(codexSamples[name], undefined)).toEqual({ ok: true, wire: undefined });
    for (const result of [
      {},
      { additionalContext: "x" },
      { decision: "block", reason: "x" },
      null,
    ]) {
      const outcome = wire(codexSamples[name], result);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.message).toContain("observe-only");
    }
  });
});

describe("Codex handler resolution", () => {
  it("C-HOOK-14: tool-keyed entries win for their tool; other tools get nothing", () => {
    const handlers: CodexHookHandlers = {
      PreToolUse: {
        apply_patch: () => ({ permissionDecision: "deny", permissionDecisionReason: "read-only" }),
      },
      Stop: () => undefined,
    };
    const patch = eventOf(codexTool("PreToolUse", "apply_patch", { command: "*** Begin Patch" }));
    expect(codexHookCatalogue.resolveHandler(handlers, patch)?.isToolKeyed).toBe(true);
    expect(
      codexHookCatalogue.resolveHandler(handlers, eventOf(codexSamples.PreToolUse)),
    ).toBeUndefined();
    expect(
      codexHookCatalogue.resolveHandler(handlers, eventOf(codexSamples.Stop))?.isToolKeyed,
    ).toBe(false);
    expect(
      codexHookCatalogue.resolveHandler(undefined, eventOf(codexSamples.Stop)),
    ).toBeUndefined();
  });
});
