// Adapter-neutral matcher rules on small synthetic frames (spec "Trust-gate automation").
import { describe, expect, it } from "vitest";
import { CLAUDE_SCREEN_FACTS } from "../../../../src/claude/screen/facts.js";
import { matchScreen } from "../../../../src/core/screen/match-screen.js";
import { findOptions, normalizeText } from "../../../../src/core/screen/options.js";
import { planOptionKeys } from "../../../../src/core/screen/screen-reading.js";

const frame = (lines: string[]) => ({ lines, cursor: { x: 0, y: 0, isVisible: true } });

describe("matchScreen", () => {
  it("holds an unknown gate with options and a native footer under its own rule id (C-TRUST-01)", () => {
    const result = matchScreen(
      frame([
        "Load this plugin?",
        " ❯ 1. Yes",
        "   2. No",
        "",
        " Enter to confirm · Esc to cancel",
      ]),
      CLAUDE_SCREEN_FACTS,
    );
    expect(result.dialog).toMatchObject({ factId: "claude-unknown-gate", kind: "unknown_gate" });
    expect(result.dialog?.affirmativeIndex).toBeUndefined();
  });

  it("ignores gate-like prose without options", () => {
    expect(
      matchScreen(frame(["Do you like it?", "", "Enter to confirm"]), CLAUDE_SCREEN_FACTS).dialog,
    ).toBeUndefined();
  });

  it("prefers the bottom-most known dialog when two headers are on screen", () => {
    const lines = [
      "WARNING: Claude Code running in Bypass Permissions mode",
      "",
      "Detected a custom API key in your environment",
      "Do you want to use this API key?",
      " ❯ Yes",
      "   No",
    ];
    expect(matchScreen(frame(lines), CLAUDE_SCREEN_FACTS).dialog?.factId).toBe("claude-api-key");
  });
});

describe("options and key plans", () => {
  it("normalizes spacing and reads numbers glued to labels", () => {
    expect(normalizeText("  Yes,   I  trust ")).toBe("Yes, I trust");
    expect(
      findOptions(["1.Update now", "2.Skip"], 0, 2, "›").map((o) => [o.number, o.label]),
    ).toEqual([
      [1, "Update now"],
      [2, "Skip"],
    ]);
  });

  it("returns no plan when the label is absent or only a two-digit number would reach it", () => {
    const options = [{ row: 0, label: "A", number: 12, isSelected: false }];
    expect(planOptionKeys({ options }, /^B$/)).toBeUndefined();
    expect(planOptionKeys({ options }, /^A$/)).toBeUndefined();
  });
});
