// Opening the `/model` picker against a fake Codex that replays captured 0.171.0 frames
// (scripts/dev/capture-pickers.ts) and holds fast-typed text the way Codex's paste-burst
// detection does: out of the composer for a moment, with an Enter read meanwhile joining
// it as a newline (the "enter-in-burst" frame), so the command never runs. While still
// starting it refuses /model and clears its composer (the "while-starting" frame, saved
// from a loaded stress run: a start-up race the capture tool cannot stage).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { claudeAdapter } from "../../../../../src/claude/adapter.js";
import { codexAdapter } from "../../../../../src/codex/adapter.js";
import { CODEX_MODEL_PICKER } from "../../../../../src/codex/screen/models.js";
import type { ScreenReading } from "../../../../../src/core/contract/adapter.js";
import type { TerminalPort } from "../../../../../src/core/contract/ports.js";
import { COMMAND_SHOW_MS } from "../../../../../src/core/operations/context.js";
import { readPicker } from "../../../../../src/core/operations/models/parse-picker.js";
import { PickerSession } from "../../../../../src/core/operations/models/picker-session.js";
import { KEYS } from "../../../../../src/terminal/input.js";
import { settledOutcome } from "../../../../support/fake-agents/settle.js";
import { loadScreen } from "../../screen/load-screen.js";
import { fakeOperationContext } from "../fake-operation-context.js";

function picker(name: string): string[] {
  const text = readFileSync(
    join(import.meta.dirname, "../../../../fixtures/pickers", `${name}.txt`),
    "utf8",
  );
  return text.replace(/\n$/, "").split("\n");
}

const EMPTY = loadScreen("codex-0.171.0-composer").lines;
const TYPED = picker("codex-0.171.0-model-command");
const ENTER_IN_BURST = picker("codex-0.171.0-model-command-enter-in-burst");
const LIST = picker("codex-0.171.0-model-list");
const WHILE_STARTING = picker("codex-0.171.0-model-command-while-starting");
const REFUSAL = WHILE_STARTING[0] ?? "";

/** The refusal frame with `count` refusal lines above the session header. */
function refusedFrame(count: number): string[] {
  return [...Array.from({ length: count }, () => REFUSAL), ...WHILE_STARTING.slice(1)];
}

/** The list frame with the cursor ("›") on row `selected` (1-based). */
function listWithCursorOn(selected: number): string[] {
  return LIST.map((line) => {
    const row = /^\s*(›)?\s*(\d+)\.\s(.*)$/.exec(line);
    if (row === null) return line;
    return `${Number(row[2]) === selected ? "› " : "  "}${row[2]}. ${row[3]}`;
  });
}

function readCodex(lines: readonly string[]): ScreenReading {
  const cursor = { x: 0, y: 0, isVisible: false };
  return codexAdapter.readScreen({ cliVersion: "0.171.0", lines, cursor, title: "" });
}

/**
 * A Codex whose composer shows typed text `burstMs` after it came (never, if undefined);
 * an Enter before then is held with it and lands as a newline, opening nothing. For its
 * first `startingMs` it refuses the command, clearing the composer.
 */
function fakeCodex(burstMs: number | undefined, startingMs = 0) {
  const writes: string[] = [];
  let lines: readonly string[] = EMPTY;
  let held: string[] | undefined;
  let selected = 1;
  let refusals = 0;
  const startedAt = Date.now();
  const isComposer = () => lines === EMPTY || readCodex(lines).composerDraft === "";
  const terminal = {
    size: { cols: 189, rows: 48 },
    renderFailed: false,
    settled: async () => undefined,
    snapshot: () => ({ lines, text: lines.join("\n"), cursor: { x: 0, y: 0, isVisible: false } }),
    sendInput(data: string | Uint8Array) {
      const keys = String(data);
      writes.push(keys);
      if (held !== undefined) {
        held.push(keys);
      } else if (isComposer() && keys === "/model") {
        held = [keys];
        if (burstMs === undefined) return;
        setTimeout(() => {
          lines = held?.includes(KEYS.enter) ? ENTER_IN_BURST : TYPED;
          held = undefined;
        }, burstMs);
      } else if (lines === TYPED && keys === KEYS.enter) {
        const isStarting = Date.now() - startedAt < startingMs;
        if (isStarting) refusals += 1;
        lines = isStarting ? refusedFrame(refusals) : listWithCursorOn(selected);
      } else if (readPicker(lines, CODEX_MODEL_PICKER) !== undefined) {
        if (keys === KEYS.down) selected = Math.min(2, selected + 1);
        if (keys === KEYS.up) selected = Math.max(1, selected - 1);
        lines = keys === KEYS.escape ? EMPTY : listWithCursorOn(selected);
      }
    },
  } as unknown as TerminalPort;
  const context = fakeOperationContext({
    displayName: "Codex",
    terminal,
    reading: () => readCodex(lines),
  });
  return { context, writes, screen: () => lines };
}

/** Runs `pending` on the fake clock in 10 ms steps for at most `budgetMs`; throws its error. */
async function settle<T>(pending: Promise<T>, budgetMs: number): Promise<T> {
  const outcome = await settledOutcome(pending, budgetMs, 10);
  if ("error" in outcome) throw outcome.error;
  return outcome.value as T;
}

describe("the typed command, read off captured frames", () => {
  test("C-API-23: both CLIs show the typed /model as their composer's draft, slash popup and all", () => {
    expect(readCodex(TYPED).composerDraft).toBe("/model");
    const claude = claudeAdapter.readScreen({
      cliVersion: "2.1.332",
      lines: picker("claude-2.1.332-model-command"),
      cursor: { x: 0, y: 0, isVisible: false },
      title: "",
    });
    expect(claude.composerDraft).toBe("/model");
    // Enter during the burst left "/model" plus an empty row in the composer, and no picker.
    expect(readCodex(ENTER_IN_BURST)).toMatchObject({ composerDraft: "/model", dialog: undefined });
    // Refused while starting: the notice the picker facts name, over an emptied composer.
    expect(CODEX_MODEL_PICKER.refusedWhileStarting?.test(REFUSAL.trim())).toBe(true);
    expect(readCodex(WHILE_STARTING)).toMatchObject({ composerDraft: "", dialog: undefined });
  });
});

describe("PickerSession.open() on a Codex that holds fast typing as a paste burst", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("C-API-23: Enter waits until the composer shows /model, so the picker opens (held 400 ms, past the 150 ms settle)", async () => {
    const { context, writes } = fakeCodex(400);
    const session = new PickerSession(context, CODEX_MODEL_PICKER, context.clock.now() + 10_000);
    const rows = await settle(session.open(), 15_000);
    expect(rows.map((row) => row.id)).toEqual(["scripted-model", "scripted-model-alt"]);
    expect(writes.slice(0, 2)).toEqual(["/model", KEYS.enter]);
    expect(writes.filter((keys) => keys === "/model")).toHaveLength(1);
  });

  test("C-API-23: refused while Codex still starts (composer cleared), /model is typed again a second later until the picker opens", async () => {
    const { context, writes } = fakeCodex(400, 2500);
    const session = new PickerSession(context, CODEX_MODEL_PICKER, context.clock.now() + 10_000);
    const rows = await settle(session.open(), 15_000);
    expect(rows.map((row) => row.id)).toEqual(["scripted-model", "scripted-model-alt"]);
    // Refused twice, opened on the third.
    expect(writes.slice(0, 6)).toEqual([
      "/model",
      KEYS.enter,
      "/model",
      KEYS.enter,
      "/model",
      KEYS.enter,
    ]);
  });

  test("C-API-23: text that never shows is typed once, then one Enter after COMMAND_SHOW_MS; the open fails", async () => {
    const { context, writes } = fakeCodex(undefined);
    const session = new PickerSession(context, CODEX_MODEL_PICKER, context.clock.now() + 10_000);
    const started = context.clock.now();
    const failure = session.open().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(COMMAND_SHOW_MS - 100);
    expect(writes).toEqual(["/model"]);
    expect(await settle(failure, 15_000)).toMatchObject({ name: "model_automation_failed" });
    expect(writes).toEqual(["/model", KEYS.enter]);
    expect(context.clock.now() - started).toBeGreaterThanOrEqual(10_000);
  });
});
