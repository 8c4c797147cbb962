// The hooks Elwood's own runtime acts on stay blocking whatever the caller declares
// (issue 44); the per-step tool hooks are not among them, so they can be observe-only.
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import { hooksElwoodActsOn } from "../../../../src/core/launch/hook-needs.js";

describe("hooks Elwood acts on", () => {
  it("C-HOOK-01: Elwood needs the start, prompt, turn-end, permission, compaction and lapse hooks, not the per-step tool hooks", () => {
    const claude = hooksElwoodActsOn(claudeAdapter);
    expect(claude).toEqual(
      expect.arrayContaining([
        "SessionStart",
        "UserPromptSubmit",
        "Stop",
        "StopFailure",
        "PermissionRequest",
        "InstructionsLoaded",
        "PreCompact",
        "PostCompact",
      ]),
    );
    const codex = hooksElwoodActsOn(codexAdapter);
    expect(codex).toEqual(
      expect.arrayContaining(["SessionStart", "UserPromptSubmit", "Stop", "PermissionRequest"]),
    );
    for (const perStep of ["PreToolUse", "PostToolUse", "PostToolBatch", "MessageDisplay"]) {
      expect(claude).not.toContain(perStep);
      expect(codex).not.toContain(perStep);
    }
  });
});
