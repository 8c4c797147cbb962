// Codex 0.171.0 screen facts against real captured screens (C-CODEX-06/11/12, C-ATTN-01, C-TURN-03).
import { describe, expect, it } from "vitest";
import { CODEX_SCREEN_FACTS } from "../../../../src/codex/screen/facts.js";
import { matchScreen } from "../../../../src/core/screen/match-screen.js";
import { planOptionKeys } from "../../../../src/core/screen/screen-reading.js";
import { KEYS } from "../../../../src/terminal/input.js";
import { labels, loadScreen } from "../../core/screen/load-screen.js";

const { up: ARROW_UP, down: ARROW_DOWN } = KEYS;

const match = (name: string) =>
  matchScreen(loadScreen(`codex-0.171.0-${name}`), CODEX_SCREEN_FACTS);

describe("codex startup prompts", () => {
  it("directory trust: 'Trust and continue' is option 1 and selected (C-CODEX-11)", () => {
    const { dialog, hasComposer } = match("directory-trust");
    expect(dialog).toMatchObject({
      factId: "codex-directory-trust",
      label: "workspace_trust",
      hasBody: true,
      selectedIndex: 0,
      affirmativeIndex: 0,
    });
    expect(dialog?.options.map((o) => [o.number, o.label])).toEqual([
      [1, "Trust and continue"],
      [2, "Back to Agent Command Center"],
    ]);
    expect(hasComposer).toBe(false);
    const moved = match("directory-trust-moved").dialog;
    expect(moved && planOptionKeys(moved, /^Trust and continue$/)?.moves).toEqual([ARROW_UP]);
  });

  it("a body pattern never matches prose that sits above the dialog's header", () => {
    const lines = [
      "  Trust this folder? Codex can read, edit, and",
      "  run files here",
      "  Folder access",
      "  /tmp/ws",
      "› 1. Trust and continue",
      "  2. Back to Agent Command Center",
    ];
    const { dialog } = matchScreen(
      { lines, cursor: { x: 0, y: 0, isVisible: true } },
      CODEX_SCREEN_FACTS,
    );
    expect(dialog).toMatchObject({ factId: "codex-directory-trust", hasBody: false });
  });

  it("hooks review: Elwood skips hooks nobody reviewed, 'Continue without trusting', two arrows down, never 'Trust all' (C-CODEX-06 C-TRUST-02)", () => {
    const { dialog } = match("hooks-review");
    expect(dialog).toMatchObject({
      factId: "codex-hooks-review",
      label: "hook_trust",
      hasBody: true,
      selectedIndex: 0,
      affirmativeIndex: 2,
    });
    expect(labels(dialog)).toEqual([
      "Review hooks",
      "Trust all and continue",
      "Continue without trusting (hooks won't run)",
    ]);
    expect(dialog && planOptionKeys(dialog, /^Continue without trusting/)?.moves).toEqual([
      ARROW_DOWN,
      ARROW_DOWN,
    ]);
    const row = CODEX_SCREEN_FACTS.rows.find((fact) => fact.id === "codex-hooks-review");
    expect("Trust all and continue").not.toMatch(row?.affirmative?.label ?? /$^/);
  });

  it("update prompt: the safe choice is exactly 'Skip', after 'Update now' (C-CODEX-12)", () => {
    const { dialog } = match("update");
    expect(dialog).toMatchObject({
      factId: "codex-update",
      label: "update",
      hasBody: true,
      selectedIndex: 0,
      affirmativeIndex: 1,
    });
    expect(labels(dialog)).toEqual([
      "Update now (runs `npm install -g @openai/codex`)",
      "Skip",
      "Skip until next version",
    ]);
  });

  it("issue 49: update prompt in raw cursor-addressed text ('2.Skip', no highlight) plans no key: a number typed on a guess is the screen's choice", () => {
    const lines = [
      "Update available · 0.171.0 → 99.0.0",
      "1.Update now (runs `npm install -g @openai/codex`)",
      "2.Skip",
      "3.Skip until next version",
    ];
    const { dialog } = matchScreen(
      { lines, cursor: { x: 0, y: 0, isVisible: true } },
      CODEX_SCREEN_FACTS,
    );
    expect(dialog?.selectedIndex).toBeUndefined();
    expect(dialog && planOptionKeys(dialog, /^Skip$/)).toBeUndefined();
  });
});

describe("codex approvals and turn indicators", () => {
  it("command approval blocks with its rule id, composer hidden (C-ATTN-01)", () => {
    const result = match("approval");
    expect(result.dialog).toMatchObject({
      factId: "codex-command-approval",
      kind: "permission_dialog",
      selectedIndex: 0,
    });
    expect(labels(result.dialog)).toEqual([
      "Yes, proceed (y)",
      "Yes, and don't ask again for commands that start with `touch elwood-probe.txt` (p)",
      "No, and tell Codex what to do differently (esc)",
    ]);
    expect(result.hasComposer).toBe(false);
  });

  it("working row with the placeholder composer still painted (C-TURN-03)", () => {
    for (const name of ["working", "working-2"]) {
      expect(match(name)).toMatchObject({
        isWorking: true,
        hasComposer: true,
        matchedRuleIds: expect.arrayContaining(["codex-working"]),
      });
    }
  });

  it("idle composer is the bottom '›' row, not a '› say hi' history row", () => {
    const snapshot = loadScreen("codex-0.171.0-interrupted");
    const result = matchScreen(snapshot, CODEX_SCREEN_FACTS);
    expect(result).toMatchObject({ isInterrupted: true, isWorking: false, hasComposer: true });
    expect(snapshot.lines[result.composerRow ?? -1]).toMatch(/^› Ask Codex to do anything/);
    expect(match("composer")).toMatchObject({
      isWorking: false,
      hasComposer: true,
      isInterrupted: false,
    });
    expect(match("answered").isWorking).toBe(false);
  });

  it("a draft of several rows grows the composer upward: its '›' row, not the echo above, is the composer", () => {
    for (const [name, first, rows] of [
      ["composer-draft-2rows", "› draft row 1 of 2", 2],
      ["composer-draft-12rows", "› draft row 1 of 12", 12],
      ["composer-draft-wrapped", "› first row", 6],
      ["composer-draft-5rows-under-history", "› draft row 1 of 5", 5],
    ] as const) {
      const snapshot = loadScreen(`codex-0.171.0-${name}`);
      const result = matchScreen(snapshot, CODEX_SCREEN_FACTS);
      expect(result, name).toMatchObject({ hasComposer: true, isWorking: false });
      expect(snapshot.lines[result.composerRow ?? -1], name).toBe(first);
      // The blank row and the status line follow the draft's last row.
      expect(snapshot.lines[(result.composerRow ?? 0) + rows]?.trim(), name).toBe("");
      expect(snapshot.lines[(result.composerRow ?? 0) + rows + 1], name).toMatch(/^ {2}gpt-5 /);
    }
    expect(loadScreen("codex-0.171.0-composer-draft-5rows-under-history").lines[5]).toBe(
      "› say hello",
    );
  });
});
