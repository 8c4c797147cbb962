// The `/model` picker parser over frames captured from the pinned CLIs
// (scripts/dev/capture-pickers.ts → test/fixtures/pickers/).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { claudeAdapter } from "../../../../../src/claude/adapter.js";
import { CLAUDE_MODEL_PICKER } from "../../../../../src/claude/screen/models.js";
import { CODEX_MODEL_PICKER } from "../../../../../src/codex/screen/models.js";
import {
  finishRows,
  isPickerVisible,
  readPicker,
} from "../../../../../src/core/operations/models/parse-picker.js";

function frame(name: string): string[] {
  const text = readFileSync(
    join(import.meta.dirname, "../../../../fixtures/pickers", `${name}.txt`),
    "utf8",
  );
  return text.replace(/\n$/, "").split("\n");
}

describe("Claude 2.1.332 /model picker", () => {
  test("C-API-23: rows are typed with lowercase ids, one current, the Default row as default", () => {
    const picker = readPicker(frame("claude-2.1.332-model-list"), CLAUDE_MODEL_PICKER);
    const rows = finishRows(picker?.rows ?? [], CLAUDE_MODEL_PICKER);
    expect(rows.map((row) => row.id)).toEqual(["default", "opus", "fable", "sonnet", "haiku"]);
    expect(rows[0]).toMatchObject({
      label: "Default (recommended)",
      isCurrent: true,
      isDefault: true,
      description: expect.stringContaining("Use the default model"),
    });
    expect(rows.filter((row) => row.isCurrent)).toHaveLength(1);
    expect(rows[3]).toMatchObject({ label: "Sonnet", isCurrent: false, isDefault: false });
    expect(rows[3]?.raw).toMatch(/^4\. Sonnet\s+Sonnet 5\.5 · /);
    expect(picker?.rows.find((row) => row.isSelected)?.number).toBe(1);
  });

  test("C-API-24: after a session switch the check mark moves and the cursor starts on it", () => {
    const picker = readPicker(frame("claude-2.1.332-model-list-switched"), CLAUDE_MODEL_PICKER);
    const rows = finishRows(picker?.rows ?? [], CLAUDE_MODEL_PICKER);
    expect(rows.filter((row) => row.isCurrent).map((row) => row.id)).toEqual(["haiku"]);
    expect(rows.find((row) => row.isDefault)?.id).toBe("default");
    expect(picker?.rows.find((row) => row.isSelected)?.number).toBe(5);
  });

  test("C-ATTN-04: the Switch model? warning is not a picker frame", () => {
    const lines = frame("claude-2.1.332-model-switch-confirm");
    expect(readPicker(lines, CLAUDE_MODEL_PICKER)).toBeUndefined();
    expect(isPickerVisible(lines, CLAUDE_MODEL_PICKER)).toBe(false);
    const stage = CLAUDE_MODEL_PICKER.followUps[0];
    expect(lines.some((line) => stage?.header.test(line.trim()))).toBe(true);
    expect(lines.some((line) => stage?.footer.test(line.trim()))).toBe(true);
  });
});

describe("Codex 0.171.0 /model picker", () => {
  test("C-API-23: slugs as ids; the only-current row is also the default", () => {
    const rows = finishRows(
      readPicker(frame("codex-0.171.0-model-list"), CODEX_MODEL_PICKER)?.rows ?? [],
      CODEX_MODEL_PICKER,
    );
    expect(rows).toEqual([
      {
        id: "scripted-model",
        label: "scripted-model",
        description: "The scripted default model.",
        isCurrent: true,
        isDefault: true,
        raw: "› 1. scripted-model (current)  The scripted default model.",
      },
      {
        id: "scripted-model-alt",
        label: "scripted-model-alt",
        description: "A second scripted model.",
        isCurrent: false,
        isDefault: false,
        raw: "2. scripted-model-alt        A second scripted model.",
      },
    ]);
  });

  test("C-API-24: the effort stage is a follow-up with the session key, not the list", () => {
    const lines = frame("codex-0.171.0-model-effort");
    expect(readPicker(lines, CODEX_MODEL_PICKER)).toBeUndefined();
    const stage = CODEX_MODEL_PICKER.followUps[0];
    expect(lines.some((line) => stage?.header.test(line.trim()))).toBe(true);
    expect(lines.some((line) => stage?.footer.test(line.trim()))).toBe(true);
    expect(stage?.answer).toEqual({ key: "s" });
  });

  test("a window with more rows below says so, and display names become slugs", () => {
    const lines = [
      "  Select Model and Effort",
      "› 1. GPT-6.2-Sol    Fast, go-to model.",
      "  2. GPT-6.1 Terra  Efficient model.",
      "↓",
      "  enter select · esc back",
    ];
    const picker = readPicker(lines, CODEX_MODEL_PICKER);
    expect(picker?.hasMoreBelow).toBe(true);
    expect(picker?.rows.map((row) => row.option.id)).toEqual(["gpt-6.2-sol", "gpt-6.1-terra"]);
  });
});

describe("Claude 2.1.332 switch confirmation as a dialog", () => {
  test("C-ATTN-04: the cache warning reads as a blocking human decision, not an idle composer", () => {
    const reading = claudeAdapter.readScreen({
      cliVersion: "2.1.332",
      lines: frame("claude-2.1.332-model-switch-confirm"),
      cursor: { x: 0, y: 0, isVisible: false },
      title: "",
    });
    expect(reading.dialog).toMatchObject({
      kind: "human_decision",
      ruleIds: ["claude-model-switch-confirm"],
    });
    expect(reading.hasIdleComposer).toBe(false);
  });
});
