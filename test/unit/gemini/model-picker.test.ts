// Gemini 0.61.0's boxed `/model` dialog (src/gemini/screen/models.ts), as captured offline:
// the entry list names the model in use, the Manual list has no current mark, and a draft
// "/model" over its suggestion row is still the composer.
import { describe, expect, test } from "vitest";
import {
  entryRowOf,
  finishRows,
  readPicker,
} from "../../../src/core/operations/models/parse-picker.js";
import { matchScreen } from "../../../src/core/screen/match-screen.js";
import { GEMINI_SCREEN_FACTS } from "../../../src/gemini/screen/facts.js";
import { GEMINI_MODEL_PICKER } from "../../../src/gemini/screen/models.js";

const box = (rows: readonly string[]) => [
  "╭──────────────────────────────────────────────╮",
  "│                                              │",
  "│ Select Model                                 │",
  "│                                              │",
  ...rows.map((row) => `│ ${row.padEnd(45)}│`),
  "│                                              │",
  "│ Remember model for future sessions: false (Press Tab to toggle) │",
  "│ (Press Esc to close)                         │",
  "╰──────────────────────────────────────────────╯",
];

describe("Gemini 0.61.0 /model dialog", () => {
  test("C-API-23: the entry list's Manual row leads on and names the model in use", () => {
    const frame = readPicker(
      box(["  1. Auto", "     Let Gemini CLI decide", "● 2. Manual (gemini-2.5-pro)"]),
      GEMINI_MODEL_PICKER,
    );
    const entry = frame === undefined ? undefined : entryRowOf(frame, GEMINI_MODEL_PICKER);
    expect(entry?.number).toBe(2);
    expect(entry?.isSelected).toBe(true);
    expect(GEMINI_MODEL_PICKER.entryRow?.exec(entry?.option.label ?? "")?.[1]).toBe(
      "gemini-2.5-pro",
    );
  });

  test("C-API-23: Manual list rows are slugs; the current one is named, else where the cursor opened", () => {
    const frame = readPicker(
      box(["  1. gemini-3.1-pro-preview", "● 2. gemini-2.5-pro", "  3. gemma-4-26b-a4b-it"]),
      GEMINI_MODEL_PICKER,
    );
    expect(frame?.rows.map((row) => row.option.id)).toEqual([
      "gemini-3.1-pro-preview",
      "gemini-2.5-pro",
      "gemma-4-26b-a4b-it",
    ]);
    expect(entryRowOf(frame ?? { rows: [], hasMoreBelow: false }, GEMINI_MODEL_PICKER)).toBe(
      undefined,
    );
    const named = finishRows(frame?.rows ?? [], GEMINI_MODEL_PICKER, {
      openedOn: 2,
      currentId: "gemma-4-26b-a4b-it",
    });
    expect(named.filter((row) => row.isCurrent).map((row) => row.id)).toEqual([
      "gemma-4-26b-a4b-it",
    ]);
    const byCursor = finishRows(frame?.rows ?? [], GEMINI_MODEL_PICKER, { openedOn: 2 });
    expect(byCursor.filter((row) => row.isCurrent).map((row) => row.id)).toEqual([
      "gemini-2.5-pro",
    ]);
  });

  test("a drafted /model over its suggestion row is the composer; a history row is not", () => {
    const footer = ["workspace (/directory)      sandbox      /model", "/tmp/ws   no sandbox"];
    const drafted = matchScreen(
      {
        lines: [
          " > /model",
          "─────────────",
          " * /model",
          " model   Manage model configuration",
          ...footer,
        ],
        cursor: { x: 0, y: 2, isVisible: true },
      },
      GEMINI_SCREEN_FACTS,
    );
    expect(drafted.composerRow).toBe(2);
    const history = matchScreen(
      { lines: ["", " > say hi", " ✦ hello", ...footer], cursor: { x: 0, y: 0, isVisible: true } },
      GEMINI_SCREEN_FACTS,
    );
    expect(history.hasComposer).toBe(false);
  });
});
