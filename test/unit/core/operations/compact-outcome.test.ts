// compact() for a CLI with no compaction-end hook (C-API-22): only an outcome line drawn
// after the command counts, whether an earlier one is still on screen or scrolled up;
// a failure line is the reason. Screens as Gemini 0.61.0 and Copilot 1.0.102 draw them.
import { describe, expect, it } from "vitest";
import { COPILOT_OPERATION_FACTS } from "../../../../src/copilot/screen/operations.js";
import { newCompactOutcome } from "../../../../src/core/operations/compact-outcome.js";
import { GEMINI_OPERATION_FACTS } from "../../../../src/gemini/screen/operations.js";

const gemini = GEMINI_OPERATION_FACTS.compact?.outcome;
const copilot = COPILOT_OPERATION_FACTS.compact?.outcome;
if (gemini === undefined || copilot === undefined) throw new Error("outcome facts missing");

const GEMINI_DONE = "✦ Chat history compressed from 12940 to 198 tokens.";
const GEMINI_PROMPT = [
  " > first question",
  "✦ First answer",
  " > second question",
  "✦ Second answer",
];
const GEMINI_COMPOSER = ["", "─".repeat(40), " *   Type your message or @path/to/file"];

describe("a compaction's outcome line on screen", () => {
  it("C-API-22: Gemini: the compressed line drawn after the command is done; before it, nothing", () => {
    const baseline = [...GEMINI_PROMPT, ...GEMINI_COMPOSER];
    const typing = [
      ...GEMINI_PROMPT,
      " > /compress",
      "⠋ Compressing chat history",
      ...GEMINI_COMPOSER,
    ];
    expect(newCompactOutcome(baseline, typing, gemini)).toBeUndefined();
    const done = [...GEMINI_PROMPT, " > /compress", GEMINI_DONE, ...GEMINI_COMPOSER];
    expect(newCompactOutcome(baseline, done, gemini)).toEqual({ kind: "done" });
  });

  it("C-API-22: an earlier compaction's identical line, still on screen or scrolled up, is not this one's", () => {
    const baseline = [...GEMINI_PROMPT, " > /compress", GEMINI_DONE, ...GEMINI_COMPOSER];
    expect(newCompactOutcome(baseline, baseline, gemini)).toBeUndefined();
    // Scrolled up by two rows (the echo and the spinner), nothing new yet.
    const scrolled = [
      ...GEMINI_PROMPT.slice(2),
      " > /compress",
      GEMINI_DONE,
      " > /compress",
      "⠋ Compressing chat history",
      ...GEMINI_COMPOSER,
    ];
    expect(newCompactOutcome(baseline, scrolled, gemini)).toBeUndefined();
    const again = [...scrolled];
    again[again.indexOf("⠋ Compressing chat history")] = GEMINI_DONE;
    expect(newCompactOutcome(baseline, again, gemini)).toEqual({ kind: "done" });
  });

  it("C-API-22: an old line whose rows above scrolled off the top is not counted either", () => {
    const baseline = [...GEMINI_PROMPT, " > /compress", GEMINI_DONE, ...GEMINI_COMPOSER];
    const now = [GEMINI_DONE, " > /compress", "⠋ Compressing chat history", ...GEMINI_COMPOSER];
    expect(newCompactOutcome(baseline, now, gemini)).toBeUndefined();
  });

  it("C-API-22: Gemini's refusals and errors are failures, with the line as the reason", () => {
    const baseline = [...GEMINI_PROMPT, ...GEMINI_COMPOSER];
    for (const line of [
      "✦ Nothing to compress.",
      "✦ Compression was not beneficial for this history size.",
      "✦ Chat history compression failed: the model returned an empty summary.",
      "✕ Failed to compress chat history: fetch failed",
    ]) {
      const now = [...GEMINI_PROMPT, " > /compress", line, ...GEMINI_COMPOSER];
      expect(newCompactOutcome(baseline, now, gemini)).toEqual({ kind: "failed", line });
    }
  });

  it("C-API-22: Copilot: 'Compaction completed' is done, 'Compaction Failed: …' a failure; prose is neither", () => {
    const history = [" ❯ second question", " ● Second answer"];
    const composer = ["─".repeat(40), "❯", "─".repeat(40)];
    const baseline = [...history, ...composer];
    const done = [
      ...history,
      " ● Compaction completed",
      "   │ A new checkpoint has been added to your session.",
      ...composer,
    ];
    expect(newCompactOutcome(baseline, done, copilot)).toEqual({ kind: "done" });
    const failed = [...history, " ✗ Compaction Failed: model error", ...composer];
    expect(newCompactOutcome(baseline, failed, copilot)).toEqual({
      kind: "failed",
      line: "✗ Compaction Failed: model error",
    });
    const prose = [...history, " ● I said: Compaction completed", ...composer];
    expect(newCompactOutcome(baseline, prose, copilot)).toBeUndefined();
  });
});
