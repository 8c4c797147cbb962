// What a person's keys left in the composer, read from real captured screens of both CLIs
// (issue 25, C-TURN-06): a draft is occupied, an empty composer or a placeholder is free.
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import {
  HumanKeys,
  judgeComposer,
  type KeysSince,
  typesNothing,
} from "../../../../src/core/turn/composer-guard.js";
import { loadScreen } from "../screen/load-screen.js";

const read = (adapter: typeof claudeAdapter | typeof codexAdapter, name: string) => {
  const cliVersion = /-(\d+\.\d+\.\d+)-/.exec(name)?.[1];
  return adapter.readScreen({
    ...loadScreen(name),
    cursor: { x: 0, y: 0, isVisible: false },
    title: "",
    ...(cliVersion === undefined ? {} : { cliVersion }),
  });
};
const draftOf = (name: string) =>
  read(name.startsWith("claude") ? claudeAdapter : codexAdapter, name).composerDraft;

/** Keys came 1 s ago and a frame was rendered since: whatever they left is on screen. */
const SETTLED: KeysSince = { isPending: true, msSinceLastKey: 1_000, hasRenderedSince: true };

describe("the composer's draft on real screens (issue 25, C-TURN-06)", () => {
  it.each([
    ["claude-2.1.332-composer-draft", "half a line"],
    ["codex-0.171.0-composer-draft", "half a line"],
  ])("C-TURN-06: %s holds the person's text: occupied", (name, text) => {
    expect(draftOf(name)).toBe(text);
    expect(judgeComposer(draftOf(name), SETTLED)).toBe("occupied");
  });

  it.each([
    // After Ctrl-U: Claude's bare "❯", Codex's dim placeholder back.
    "claude-2.1.332-composer-cleared",
    "codex-0.171.0-composer-cleared",
    "claude-2.1.332-composer",
    "claude-2.1.197-composer",
    "claude-2.1.144-composer",
    "codex-0.171.0-composer",
    "codex-0.150.0-composer",
    // 0.124.0 shows a random example prompt as its placeholder.
    "codex-0.124.0-composer",
    "codex-0.124.0-answered",
    // Claude's hint after a failed request ("❯ Once fixed, resend your message").
    "claude-2.1.332-auth-failure",
  ])("C-TURN-06: %s is an empty composer (placeholder or nothing): free", (name) => {
    expect(draftOf(name)).toBe("");
    expect(judgeComposer(draftOf(name), SETTLED)).toBe("free");
  });

  it("C-TURN-06: a dialog hides the composer: undecided until it is back", () => {
    expect(draftOf("claude-2.1.332-tool-permission")).toBeUndefined();
    expect(judgeComposer(undefined, SETTLED)).toBe("unsettled");
  });

  it("C-TURN-06: with no keys from outside, even text in the composer is no person's draft", () => {
    const none: KeysSince = { isPending: false, msSinceLastKey: 0, hasRenderedSince: false };
    expect(judgeComposer(draftOf("claude-2.1.332-composer-draft"), none)).toBe("free");
  });

  it("C-TURN-06: an empty composer right after a key is not proof yet: its echo may still come", () => {
    const fresh = (msSinceLastKey: number, hasRenderedSince: boolean): KeysSince => ({
      isPending: true,
      msSinceLastKey,
      hasRenderedSince,
    });
    const empty = draftOf("claude-2.1.332-composer-cleared");
    expect(judgeComposer(empty, fresh(100, true))).toBe("unsettled");
    expect(judgeComposer(empty, fresh(300, true))).toBe("free");
    expect(judgeComposer(empty, fresh(1_000, false))).toBe("unsettled");
    expect(judgeComposer(empty, fresh(2_000, false))).toBe("free");
  });

  it("C-TURN-06: the key record forgets keys once the composer was seen free, and a lone Escape types nothing", () => {
    const keys = new HumanKeys();
    keys.note("\x1b", 0, 0);
    expect(keys.count).toBe(0);
    keys.note("half a line", 0, 5);
    const occupied = { draft: draftOf("codex-0.171.0-composer-draft"), renders: 6 };
    expect(keys.judge(occupied, 1_000)).toBe("occupied");
    const cleared = { draft: draftOf("codex-0.171.0-composer-cleared"), renders: 7 };
    expect(keys.judge(cleared, 1_500)).toBe("free");
    // Forgotten: the same draft on screen again without new keys is nobody's.
    expect(keys.judge(occupied, 2_000)).toBe("free");
    keys.note(new Uint8Array([0x1b]), 2_000, 8);
    expect(keys.count).toBe(1);
  });

  it.each([
    ["focus in", "\x1b[I"],
    ["focus out", "\x1b[O"],
    ["a cursor position report", "\x1b[12;5R"],
    ["device attributes", "\x1b[?1;2c"],
    ["a colour reply (OSC 11)", "\x1b]11;rgb:0000/0000/0000\x1b\\"],
    ["a mouse click", "\x1b[<0;10;5M\x1b[<0;10;5m"],
    ["a lone Escape", "\x1b"],
  ])("C-TURN-06: %s from a browser terminal types nothing and holds nothing", (_, input) => {
    expect(typesNothing(input)).toBe(true);
    expect(typesNothing(new TextEncoder().encode(input))).toBe(true);
    const keys = new HumanKeys();
    keys.note(input, 0, 0);
    expect(keys.count).toBe(0);
  });

  it.each([
    ["a letter", "h"],
    ["an arrow (history recall)", "\x1b[A"],
    ["a paste", "\x1b[200~text\x1b[201~"],
    ["Enter", "\r"],
    ["a letter after a focus report", "\x1b[Ih"],
  ])("C-TURN-06: %s may leave text: it counts", (_, input) => {
    expect(typesNothing(input)).toBe(false);
  });
});
