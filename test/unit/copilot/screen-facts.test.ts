// Copilot 1.0.102's composer and command approval (prd/copilot.md "Screens"): the "❯" row
// under a full-width rule is the composer, the rows down to the rule under it are the
// draft, and a draft that quotes the command approval is never read as one (issue 49); the
// approval itself, with its options and footer, still is.
import { describe, expect, it } from "vitest";
import { COPILOT_SCREEN_FACTS } from "../../../src/copilot/screen/facts.js";
import { matchScreen } from "../../../src/core/screen/match-screen.js";

const RULE = "─".repeat(60);
const FOOTER = "← open sidebar · Interactive · Manual Approval · / commands   scripted-model";
const screen = (lines: readonly string[]) => ({
  lines,
  cursor: { x: 0, y: 0, isVisible: true },
});

describe("Copilot composer and command approval (1.0.102)", () => {
  it("a draft quoting the command approval is a draft, not a permission dialog", () => {
    const result = matchScreen(
      screen([
        "● Tip: /app",
        RULE,
        "❯ What does this dialog mean? q1",
        "  Do you want to run this command?",
        "  ↑/↓ to navigate · enter to select · esc to cancel",
        RULE,
        FOOTER,
      ]),
      COPILOT_SCREEN_FACTS,
    );
    expect(result.dialog).toBeUndefined();
    expect(result.hasComposer).toBe(true);
  });

  it("the command approval itself is a permission dialog", () => {
    const result = matchScreen(
      screen([
        "● Tip: /app",
        "Touch a marker",
        "touch /tmp/x",
        "Do you want to run this command?",
        "❯ 1. Yes",
        "  2. No, and tell Copilot what to do differently (Esc to stop)",
        "↑/↓ to navigate · enter to select · esc to cancel",
      ]),
      COPILOT_SCREEN_FACTS,
    );
    expect(result.dialog?.factId).toBe("copilot-command-approval");
  });
});
