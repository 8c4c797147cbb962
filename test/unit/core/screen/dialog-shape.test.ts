// A dialog no screen table names is caught by its shape (issue 47 item 4): a numbered
// option list with the selection marker above a footer the CLI paints under its dialogs,
// no composer under it. Made-up dialogs (unknown to every row), the two Codex dialog
// shapes the issue 47 report quotes, and what must not count: no marker, no numbers, a
// live composer under it, any captured Codex screen or picker (none is a false positive).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import { DecidedPermission } from "../../../../src/core/screen/decided-permission.js";
import { DIALOG_SHAPE_RULE_ID } from "../../../../src/core/screen/dialog-shape.js";
import { ScreenWatcher } from "../../../../src/core/screen/screen-watcher.js";
import { quietEdges, watcherWorld } from "./watcher-context.js";

function read(lines: readonly string[]): ScreenReading {
  return codexAdapter.readScreen({
    lines: [...lines],
    cursor: { x: 0, y: 0, isVisible: false },
    title: "",
    cliVersion: "0.171.0",
  });
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

  it("Codex's plan-mode question and MCP tool approval, in the shapes the report quotes", () => {
    const question = read([
      "  Question 1/3 Which database should the service use?",
      "",
      "› 1. Postgres",
      "  2. SQLite",
      "  3. Something else",
      "",
      "  tab to add notes | enter to submit answer | ↑↓ to move | esc to interrupt",
    ]);
    expect(question.dialog?.ruleIds).toEqual([DIALOG_SHAPE_RULE_ID]);
    expect(question.dialog?.text).toContain("Question 1/3 Which database");
    const mcp = read([
      "  Field 1/1",
      '  Allow the docs MCP server to run tool "search"?',
      "",
      "› 1. Allow",
      "  2. Allow for this session",
      "  3. Cancel",
      "",
      "  enter to submit | esc to cancel",
    ]);
    expect(mcp.dialog?.ruleIds).toEqual([DIALOG_SHAPE_RULE_ID]);
    expect(mcp.dialog?.text).toContain('Allow the docs MCP server to run tool "search"?');
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
    const fixtures = join(import.meta.dirname, "../../../fixtures");
    for (const folder of ["screens", "pickers"]) {
      for (const name of readdirSync(join(fixtures, folder))) {
        if (!name.startsWith("codex-")) continue;
        const lines = readFileSync(join(fixtures, folder, name), "utf8").split("\n");
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
