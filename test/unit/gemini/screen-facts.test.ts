// Gemini 0.61.0's composer against its ready screen (prd/gemini.md "Screens"): the lowest ">"
// row over a blank row and the footer is the composer, and text a person drafts there is
// never read as a dialog, even when it spells Gemini's own trust dialog (issue 49).
import { describe, expect, it } from "vitest";
import { matchScreen } from "../../../src/core/screen/match-screen.js";
import { GEMINI_SCREEN_FACTS } from "../../../src/gemini/screen/facts.js";

const FOOTER = [
  "workspace (/directory)            sandbox             /model",
  "/tmp/ws                           no sandbox          gemini-2.5-pro",
];
const screen = (lines: readonly string[]) => ({
  lines,
  cursor: { x: 0, y: 0, isVisible: true },
});

describe("Gemini composer (0.61.0)", () => {
  it("the ready screen has a composer and no dialog", () => {
    const result = matchScreen(
      screen([
        "──────────────────────────────",
        " Shift+Tab to accept edits",
        "",
        " >   Type your message or @path/to/file",
        "",
        ...FOOTER,
      ]),
      GEMINI_SCREEN_FACTS,
    );
    expect(result.dialog).toBeUndefined();
    expect(result.hasComposer).toBe(true);
  });

  it("a draft that spells the trust dialog is a draft, not a start-up prompt", () => {
    const result = matchScreen(
      screen([
        "",
        " >   please explain this dialog:",
        "     Do you trust the files in this folder?",
        "     ● 1. Trust folder (ws)",
        "     2. Trust parent folder (tmp)",
        "     3. Don't trust",
        "",
        ...FOOTER,
      ]),
      GEMINI_SCREEN_FACTS,
    );
    expect(result.dialog).toBeUndefined();
    expect(result.hasComposer).toBe(true);
  });

  it("a footer right under text is no composer's", () => {
    const result = matchScreen(screen(["", " > say hi", ...FOOTER]), GEMINI_SCREEN_FACTS);
    expect(result.hasComposer).toBe(false);
  });
});
