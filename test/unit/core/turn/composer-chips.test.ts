// Issue 49: paste chips are counted against the prompt's own chip-like text, so a prompt that
// quotes "[Pasted text #N +M lines]" is staged, not "ours twice", while a real second copy is.
import { describe, expect, it } from "vitest";
import { CLAUDE_TURN_SIGNALS } from "../../../../src/claude/hooks/signals.js";
import { classifyComposer } from "../../../../src/core/turn/composer.js";

const chip = CLAUDE_TURN_SIGNALS.pasteChip;
const PROMPT = "Compare [Pasted text #1 +3 lines] with [Pasted text #2 +5 lines], please";

describe("classifyComposer with chip-like text in the prompt", () => {
  it("the prompt's two literal chips, shown as typed, are our prompt staged", () => {
    expect(classifyComposer(PROMPT, PROMPT, chip)).toBe("staged");
  });

  it("the prompt shown twice is doubled", () => {
    expect(classifyComposer(`${PROMPT}${PROMPT}`, PROMPT, chip)).toBe("doubled");
  });

  it("a prompt without chips: one chip is the paste staged, two are a second paste", () => {
    const long = "line one of a long paste";
    expect(classifyComposer("[Pasted text #1 +9 lines]", long, chip)).toBe("staged");
    expect(classifyComposer("[Pasted text #1 +9 lines][Pasted text #2 +9 lines]", long, chip)).toBe(
      "doubled",
    );
  });
});
