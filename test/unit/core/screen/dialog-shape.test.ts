// A dialog no screen table names is caught by its shape (issue 47 item 4): a numbered
// option list with the selection marker above a footer the CLI paints under its dialogs,
// no composer under it. Made-up dialogs (unknown to every row), the dialogs captured on the
// pinned CLIs read with their rows taken out (as before anyone wrote them), and what must
// not count: no marker, no numbers, a live composer under it, any captured screen or
// picker of either CLI (none is a false positive).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { CLAUDE_SCREEN_FACTS } from "../../../../src/claude/screen/facts.js";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import { CODEX_SCREEN_FACTS } from "../../../../src/codex/screen/facts.js";
import type { ScreenFrame, ScreenReading } from "../../../../src/core/contract/adapter.js";
import { DecidedPermission } from "../../../../src/core/screen/decided-permission.js";
import { DIALOG_SHAPE_RULE_ID } from "../../../../src/core/screen/dialog-shape.js";
import { readScreenWithFacts } from "../../../../src/core/screen/screen-reading.js";
import { ScreenWatcher } from "../../../../src/core/screen/screen-watcher.js";
import type { ScreenFacts } from "../../../../src/core/screen/types.js";
import { quietEdges, watcherWorld } from "./watcher-context.js";

const FIXTURES = join(import.meta.dirname, "../../../fixtures");

function fixture(folder: string, name: string): string[] {
  return readFileSync(join(FIXTURES, folder, `${name}.txt`), "utf8").split("\n");
}

/** Reads a frame with `facts`, through the screen-reading path the adapters use. */
function readWith(
  adapter: { readScreen(frame: ScreenFrame): ScreenReading },
  lines: readonly string[],
  cliVersion: string,
  facts: ScreenFacts,
): ScreenReading {
  const frame = {
    lines: [...lines],
    cursor: { x: 0, y: 0, isVisible: false },
    title: "",
    cliVersion,
  };
  if (adapter === claudeAdapter && facts === CLAUDE_SCREEN_FACTS) return adapter.readScreen(frame);
  if (adapter === codexAdapter && facts === CODEX_SCREEN_FACTS) return adapter.readScreen(frame);
  return readScreenWithFacts(frame, facts);
}

/** The table without one row: a dialog as it reads before anyone wrote its row. */
function without(facts: ScreenFacts, ruleId: string): ScreenFacts {
  return { ...facts, rows: facts.rows.filter((row) => row.id !== ruleId) };
}

function read(lines: readonly string[]): ScreenReading {
  return readWith(codexAdapter, lines, "0.171.0", CODEX_SCREEN_FACTS);
}

const MADE_UP = [
  "• Working on it",
  "",
  "  Pick a flavour for the nightly build",
  "",
  "› 1. Vanilla",
  "  2. Chocolate",
  "  3. Neither, stop here",
  "",
  "  enter to submit | esc to cancel",
];

describe("a dialog found by its shape", () => {
  it("C-ATTN-01: a made-up dialog no row names is a human decision under the shape's rule id, with its text", () => {
    const reading = read(MADE_UP);
    expect(reading.dialog).toMatchObject({
      kind: "human_decision",
      ruleIds: [DIALOG_SHAPE_RULE_ID],
    });
    expect(reading.dialog?.text).toBe(
      [
        "Pick a flavour for the nightly build",
        "› 1. Vanilla",
        "2. Chocolate",
        "3. Neither, stop here",
        "enter to submit | esc to cancel",
      ].join("\n"),
    );
    expect(reading.dialog?.answerKeys).toBeUndefined();
    expect(reading.hasIdleComposer).toBe(false);
  });

  it("Codex's captured plan-mode question and MCP tool approval read under their own rows, and by their shape alone once the rows are gone", () => {
    // By its shape the MCP approval's text starts at its arguments ("text: probe-text"): the
    // question sits a blank row higher, and only its row knows where the dialog begins.
    for (const [name, ruleId, shows] of [
      ["codex-0.171.0-plan-question", "codex-plan-question", "Question 1/1 (1 unanswered)"],
      ["codex-0.171.0-mcp-approval", "codex-mcp-approval", "text: probe-text\n› 1. Allow"],
    ] as const) {
      const lines = fixture("screens", name);
      expect(read(lines).dialog?.ruleIds, name).toEqual([ruleId]);
      const byShape = readWith(codexAdapter, lines, "0.171.0", without(CODEX_SCREEN_FACTS, ruleId));
      expect(byShape.dialog?.ruleIds, name).toEqual([DIALOG_SHAPE_RULE_ID]);
      expect(byShape.dialog?.text, name).toContain(shows);
    }
  });

  it("C-ATTN-01: Claude's footers catch a made-up Claude dialog; its captured AskUserQuestion reads by its shape once its row is gone", () => {
    const madeUp = [
      "❯ make it so",
      "",
      "────────────────────────────────────────",
      " Pick a flavour for the nightly build",
      "",
      " ❯ 1. Vanilla",
      "   2. Chocolate",
      "   3. Neither, stop here",
      "",
      " Enter to confirm · Esc to cancel",
    ];
    const reading = readWith(claudeAdapter, madeUp, "2.1.332", CLAUDE_SCREEN_FACTS);
    expect(reading.dialog?.ruleIds).toEqual([DIALOG_SHAPE_RULE_ID]);
    expect(reading.dialog?.text).toMatch(/^Pick a flavour for the nightly build\n❯ 1\. Vanilla/);
    const question = fixture("screens", "claude-2.1.332-question");
    const facts = without(CLAUDE_SCREEN_FACTS, "claude-question");
    const byShape = readWith(claudeAdapter, question, "2.1.332", facts);
    expect(byShape.dialog?.ruleIds).toEqual([DIALOG_SHAPE_RULE_ID]);
    expect(byShape.dialog?.text).toContain("Which database should the probe use?");
  });

  it("no captured Claude screen or picker reads as a shape-found dialog: the /model picker's footer is not a dialog's", () => {
    for (const folder of ["screens", "pickers"]) {
      for (const name of readdirSync(join(FIXTURES, folder))) {
        if (!name.startsWith("claude-")) continue;
        const version = name.split("-")[1] ?? "";
        const lines = fixture(folder, name.replace(/\.txt$/, ""));
        const reading = readWith(claudeAdapter, lines, version, CLAUDE_SCREEN_FACTS);
        expect(reading.dialog?.ruleIds ?? [], name).not.toContain(DIALOG_SHAPE_RULE_ID);
      }
    }
  });

  it("needs the marker, the numbers and the footer, and no live composer under it", () => {
    const withoutMarker = MADE_UP.map((line) => line.replace("› 1.", "  1."));
    expect(read(withoutMarker).dialog).toBeUndefined();
    const withoutNumbers = MADE_UP.map((line) => line.replace(/\d\. /, ""));
    expect(read(withoutNumbers).dialog).toBeUndefined();
    expect(read(MADE_UP.slice(0, -1)).dialog).toBeUndefined();
    // The same rows quoted in the transcript above Codex's composer are no dialog.
    const quoted = [...MADE_UP, "", "› ", "", "  gpt-5 default · ~/work"];
    const reading = read(quoted);
    expect(reading.dialog).toBeUndefined();
    expect(reading.hasIdleComposer).toBe(true);
  });

  it("no captured Codex screen or picker reads as a shape-found dialog", () => {
    for (const folder of ["screens", "pickers"]) {
      for (const name of readdirSync(join(FIXTURES, folder))) {
        if (!name.startsWith("codex-")) continue;
        const lines = fixture(folder, name.replace(/\.txt$/, ""));
        expect(read(lines).dialog?.ruleIds ?? [], name).not.toContain(DIALOG_SHAPE_RULE_ID);
      }
    }
  });
});

describe("a turn that stops on a dialog no table knows", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-ATTN-01: raises an attention with the dialog's rule id within 3 s, and types nothing into it", async () => {
    let renders = 0;
    const frame = read(MADE_UP);
    const { context, keys, blocks } = watcherWorld({
      read: () => frame,
      renders: () => renders,
      hasBeenReady: true,
    });
    const watcher = new ScreenWatcher({
      context,
      autotrust: true,
      cwd: "/",
      edges: quietEdges(),
      decidedPermission: new DecidedPermission(Date.now),
    });
    renders += 1;
    watcher.scheduleEvaluation();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(blocks).toEqual([[DIALOG_SHAPE_RULE_ID]]);
    expect(keys).toEqual([]);
    watcher.dispose();
  });
});
