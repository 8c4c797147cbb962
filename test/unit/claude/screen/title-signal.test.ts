// The window title as a turn signal (C-TURN-05): the title Claude sets while it works
// marks the frame as working whatever the width (so a footer cut off on a narrow screen
// does not hide a running turn), and the idle title does not. Titles as seen from Claude
// 2.1.332 (OSC 0/2): "✳ Claude Code" idle, "◐ Claude Code" / "◑ Claude Code" working;
// older releases spun braille glyphs ("⠋ Claude Code").
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { loadScreen } from "../../core/screen/load-screen.js";

function read(title: string, cliVersion = "2.1.332") {
  const snapshot = loadScreen("claude-2.1.332-composer");
  return claudeAdapter.readScreen({
    lines: snapshot.lines,
    cursor: { ...snapshot.cursor, isVisible: false },
    title,
    cliVersion,
  });
}

describe("C-TURN-05 the title as a working signal", () => {
  it.each(["◐ Claude Code", "◑ Claude Code", "⠋ Claude Code", "⠙ Claude Code"])(
    "C-TURN-05: the working title %s marks an otherwise idle frame as working",
    (title) => {
      const reading = read(title);
      expect(reading.isWorking).toBe(true);
      expect(reading.hasIdleComposer).toBe(false);
    },
  );

  it("C-TURN-05: the idle title leaves the idle composer idle", () => {
    const reading = read("✳ Claude Code");
    expect(reading.isWorking).toBe(false);
    expect(reading.hasIdleComposer).toBe(true);
  });
});
