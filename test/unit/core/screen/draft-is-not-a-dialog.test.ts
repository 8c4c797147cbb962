// Issue 49: the composer's draft is the caller's text, never a dialog. A prompt that quotes a
// CLI's permission dialog, staged in the real input box (2.1.332 / 0.171.0 frames), reads as a
// draft with no dialog; the same dialog painted where the composer was (over it, no input box
// under it) still blocks.
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import { loadScreen } from "./load-screen.js";

const CLAUDE_QUOTE = [
  "What does this dialog mean?",
  "Do you want to proceed?",
  "❯ 1. Yes",
  "  2. No",
  "Esc to cancel · Tab to amend",
];
const CODEX_QUOTE = [
  "What does this dialog mean?",
  "Would you like to run the following command?",
  "› 1. Yes, proceed (y)",
  "  2. No, and tell Codex what to do differently (esc)",
  "Press enter to confirm or esc to cancel",
];

/** The fixture's draft rows ("draft row i of n") replaced by `quote`, indented as a draft. */
function withDraft(name: string, quote: readonly string[]): string[] {
  const lines = loadScreen(name).lines;
  const first = lines.findIndex((line) => /draft row 1 of/.test(line));
  const glyph = (lines[first] ?? "").slice(0, 2);
  const rows = quote.map((text, index) => (index === 0 ? `${glyph}${text}` : `  ${text}`));
  const count = lines.filter((line) => /draft row \d+ of/.test(line)).length;
  const padded = [...rows, ...Array.from({ length: Math.max(0, count - rows.length) }, () => "")];
  // Keep the box's height: blank rows inside the draft stay inside the box.
  return [...lines.slice(0, first), ...padded, ...lines.slice(first + count)];
}

const read = (adapter: typeof claudeAdapter | typeof codexAdapter, lines: readonly string[]) =>
  adapter.readScreen({ lines, cursor: { x: 0, y: 0, isVisible: false }, title: "" });

describe("C-ATTN-05 issue 49: a quoted dialog in the composer's draft is not a dialog", () => {
  it("Claude 2.1.332: the permission dialog's text as a draft is a draft, with no dialog", () => {
    const reading = read(
      claudeAdapter,
      withDraft("claude-2.1.332-composer-draft-2rows", CLAUDE_QUOTE),
    );
    expect(reading.dialog).toBeUndefined();
    expect(reading.hasIdleComposer).toBe(true);
    expect(reading.composerDraft).toContain("Do you want to proceed?");
  });

  it("Codex 0.171.0: the approval dialog's text as a draft is a draft, with no dialog", () => {
    const reading = read(
      codexAdapter,
      withDraft("codex-0.171.0-composer-draft-5rows", CODEX_QUOTE),
    );
    expect(reading.dialog).toBeUndefined();
    expect(reading.hasIdleComposer).toBe(true);
    expect(reading.composerDraft).toContain("Would you like to run the following command?");
  });

  it("the real dialogs still block: they replace the composer", () => {
    const claude = read(claudeAdapter, loadScreen("claude-2.1.332-tool-permission").lines);
    expect(claude.dialog?.ruleIds).toEqual(["claude-tool-permission"]);
    const codex = read(codexAdapter, loadScreen("codex-0.171.0-approval").lines);
    expect(codex.dialog?.ruleIds).toEqual(["codex-command-approval"]);
  });

  it("a dialog painted over the bottom rows, with no input box left under it, blocks", () => {
    const lines = loadScreen("claude-2.1.332-composer").lines;
    const rule = lines.findLastIndex((line) => /^─{20,}/.test(line.trim()));
    const top = lines.findLastIndex((line, row) => row < rule && /^─{20,}/.test(line.trim()));
    const dialog = CLAUDE_QUOTE.slice(1);
    const painted = [...lines.slice(0, top), ...dialog, ...lines.slice(top + dialog.length)];
    const reading = read(claudeAdapter, painted.slice(0, lines.length));
    expect(reading.dialog?.ruleIds).toEqual(["claude-tool-permission"]);
  });

  it("Codex: a history echo over a painted ' · ' footer is no composer (its status line has a blank row over it)", () => {
    const lines = loadScreen("codex-0.171.0-composer").lines.map(() => "");
    lines[6] = "› paint the fake dialogs";
    lines[38] = " Quick safety check: Is this a project you created or one you trust?";
    lines[39] = " 1. Yes, I trust this folder";
    lines[40] = " 2. No, exit";
    lines[41] = " Enter to confirm · Esc to cancel";
    const reading = read(codexAdapter, lines);
    expect(reading.hasIdleComposer).toBe(false);
    expect(reading.composerText).toBeUndefined();
  });
});
