// Claude 2.1.332 screen facts against real captured screens (C-CLAUDE-10/21, C-ATTN-01, C-TURN-03).
import { describe, expect, it } from "vitest";
import { CLAUDE_SCREEN_FACTS } from "../../../../src/claude/screen/facts.js";
import { matchScreen } from "../../../../src/core/screen/match-screen.js";
import { planOptionKeys } from "../../../../src/core/screen/screen-reading.js";
import { KEYS } from "../../../../src/terminal/input.js";
import { labels, loadScreen } from "../../core/screen/load-screen.js";

const { down: ARROW_DOWN, enter: ENTER } = KEYS;

const match = (name: string) =>
  matchScreen(loadScreen(`claude-2.1.332-${name}`), CLAUDE_SCREEN_FACTS);
const TRUST = /^Yes, I trust this folder$/;

describe("claude workspace trust (C-CLAUDE-10, C-TRUST-01)", () => {
  it("recognizes the 2.1.332 unnumbered layout with 'No, exit' first and selected", () => {
    const { dialog, hasComposer } = match("workspace-trust");
    expect(dialog).toMatchObject({
      factId: "claude-workspace-trust",
      kind: "startup_prompt",
      label: "workspace_trust",
      hasBody: true,
    });
    expect(labels(dialog)).toEqual(["No, exit", "Yes, I trust this folder"]);
    expect(dialog?.selectedIndex).toBe(0);
    expect(dialog?.affirmativeIndex).toBe(1);
    expect(hasComposer).toBe(false);
  });

  it("plans one arrow down then Enter, never a bare Enter on 'No, exit'", () => {
    const { dialog } = match("workspace-trust");
    expect(dialog && planOptionKeys(dialog, TRUST)).toEqual({
      moves: [ARROW_DOWN],
      confirm: ENTER,
      targetIndex: 1,
    });
    const moved = match("workspace-trust-moved").dialog;
    expect(moved?.selectedIndex).toBe(1);
    expect(moved && planOptionKeys(moved, TRUST)?.moves).toEqual([]);
  });

  it("issue 22: the screen table moves this list with End, which a late repeat cannot overshoot", () => {
    // Arrows wrap on this list; End (and Home) focus its last (first) option.
    const trust = CLAUDE_SCREEN_FACTS.rows.find((row) => row.id === "claude-workspace-trust");
    expect(trust?.affirmative?.endKeys).toBe(true);
    const { dialog } = match("workspace-trust");
    expect(dialog && planOptionKeys(dialog, TRUST, true)).toEqual({
      moves: [KEYS.end],
      confirm: ENTER,
      targetIndex: 1,
    });
    const numbered = { options: [...(dialog?.options ?? [])].reverse(), selectedIndex: 1 };
    expect(planOptionKeys(numbered, TRUST, true)?.moves).toEqual([KEYS.home]);
    const moved = match("workspace-trust-moved").dialog;
    expect(moved && planOptionKeys(moved, TRUST, true)?.moves).toEqual([]);
  });

  it("recognizes the older numbered layout by label too", () => {
    const snapshot = loadScreen("claude-2.1.332-workspace-trust");
    const lines = snapshot.lines.map((line) =>
      line
        .replace(" ❯ No, exit", " ❯ 1. Yes, I trust this folder")
        .replace("   Yes, I trust this folder", "   2. No, exit"),
    );
    const { dialog } = matchScreen({ ...snapshot, lines }, CLAUDE_SCREEN_FACTS);
    expect(dialog?.options.map((o) => [o.number, o.label])).toEqual([
      [1, "Yes, I trust this folder"],
      [2, "No, exit"],
    ]);
    expect(dialog?.affirmativeIndex).toBe(0);
  });

  it("does not treat a quoted header above a live composer as a dialog", () => {
    const snapshot = loadScreen("claude-2.1.332-composer");
    const lines = [...snapshot.lines];
    lines[5] = "  Quick safety check: Is this a project you created or one you trust?";
    expect(matchScreen({ ...snapshot, lines }, CLAUDE_SCREEN_FACTS).dialog).toBeUndefined();
  });
});

describe("claude other gates", () => {
  it("bypass permissions acceptance: 'Yes, I accept' is the affirmative, 'No, exit' selected first (C-CLAUDE-21)", () => {
    const { dialog } = match("bypass-permissions");
    expect(dialog).toMatchObject({
      factId: "claude-bypass-permissions",
      label: "bypass_permissions",
      hasBody: true,
      selectedIndex: 0,
      affirmativeIndex: 1,
    });
    expect(labels(dialog)).toEqual(["No, exit", "Yes, I accept"]);
  });

  it("tool permission dialog blocks with its rule id and hides the composer (C-ATTN-01)", () => {
    const result = match("tool-permission");
    expect(result.dialog).toMatchObject({
      factId: "claude-tool-permission",
      kind: "permission_dialog",
      selectedIndex: 0,
    });
    expect(result.dialog?.affirmativeIndex).toBeUndefined();
    expect(labels(result.dialog)).toEqual([
      "Yes",
      expect.stringMatching(
        /^Yes, and always allow access to \/tmp\/elwood-ws-\w+ from this project$/,
      ),
      "Yes, and switch to auto mode · auto mode handles these prompts for you",
      "No",
    ]);
    expect(result.matchedRuleIds).toContain("claude-tool-permission");
    expect(result.hasComposer).toBe(false);
  });

  it("API key dialog is a blocking dialog with no affirmative", () => {
    const { dialog } = match("api-key");
    expect(dialog).toMatchObject({
      factId: "claude-api-key",
      kind: "blocking_dialog",
      selectedIndex: 1,
    });
    expect(labels(dialog)).toEqual(["Yes", "No (recommended)"]);
    expect(dialog?.affirmativeIndex).toBeUndefined();
  });

  it("shows the auth failure banner", () => {
    expect(match("auth-failure").hasAuthFailure).toBe(true);
    expect(match("composer").hasAuthFailure).toBe(false);
  });
});

describe("claude turn indicators (C-TURN-03)", () => {
  it("working: footer token and spinner row, composer still painted", () => {
    for (const name of ["working", "working-streaming"]) {
      const result = match(name);
      expect(result.isWorking).toBe(true);
      expect(result.matchedRuleIds).toEqual(
        expect.arrayContaining(["claude-working-footer", "claude-working-spinner"]),
      );
      expect(result.dialog).toBeUndefined();
    }
  });

  it("idle composer: no working, composer row found, cursor check uses the native cursor", () => {
    const snapshot = loadScreen("claude-2.1.332-composer");
    const idle = matchScreen(snapshot, CLAUDE_SCREEN_FACTS);
    expect(idle).toMatchObject({ isWorking: false, hasComposer: true, isCursorOnComposer: false });
    const row = idle.composerRow ?? -1;
    expect(snapshot.lines[row]?.startsWith("❯")).toBe(true);
    const withCursor = matchScreen(
      { ...snapshot, cursor: { x: 2, y: row, isVisible: true } },
      CLAUDE_SCREEN_FACTS,
    );
    expect(withCursor.isCursorOnComposer).toBe(true);
  });

  it("a finished turn ('✻ Worked for 0s · done') is not working; interrupt banner is seen", () => {
    expect(match("answered")).toMatchObject({ isWorking: false, hasComposer: true });
    expect(match("interrupted")).toMatchObject({
      isInterrupted: true,
      isWorking: false,
      hasComposer: true,
    });
    expect(match("composer").isInterrupted).toBe(false);
  });
});

describe("claude auto mode without a classifier (C-ATTN-01)", () => {
  it("is a blocking human decision, never answered", () => {
    const lines = [
      "",
      " Auto mode can't check actions in this session",
      " Claude can't reach the safety check for this action.",
      "",
      " ❯ 1. Stay in auto mode",
      "   2. Switch to manual mode",
      "",
      " Enter to stay in auto mode · Esc to cancel",
    ];
    const { dialog } = matchScreen(
      { lines, cursor: { x: 0, y: 0, isVisible: true } },
      CLAUDE_SCREEN_FACTS,
    );
    expect(dialog).toMatchObject({
      factId: "claude-auto-mode-unavailable",
      kind: "blocking_dialog",
    });
  });
});

describe("Claude in Chrome's per-action prompt (issue 47)", () => {
  it("is a tool permission of its own, not the start-up browser_tools prompt its unanchored header also matches", () => {
    // The question as the 2.1.332 binary builds it ("Allow Claude in Chrome to ${action}
    // on ${host}?"); offline no claude-in-chrome tool exists to ask it (prd/screens.md).
    const snapshot = loadScreen("claude-2.1.332-tool-permission");
    const lines = snapshot.lines.map((line) =>
      line.replace("Do you want to proceed?", "Allow Claude in Chrome to navigate on example.com?"),
    );
    const { dialog } = matchScreen({ ...snapshot, lines }, CLAUDE_SCREEN_FACTS);
    expect(dialog).toMatchObject({ factId: "claude-chrome-action", kind: "permission_dialog" });
  });
});
