// Pure matcher: one rendered snapshot + one adapter's fact table → what the screen shows
// (spec "Status model", "Trust-gate automation"), from the current frame only.
import type { ScreenFrame } from "../contract/adapter.js";
import { dialogByShape } from "./dialog-shape.js";
import { findOptions, normalizeText } from "./options.js";
import {
  DIALOG_KINDS,
  type DialogMatch,
  type ScreenFact,
  type ScreenFacts,
  type ScreenMatch,
} from "./types.js";

/** The first row under `row`, within the fact's reach, that matches `pattern` (-1: none). */
function rowBelow(
  fact: ScreenFact,
  lines: readonly string[],
  row: number,
  pattern: RegExp,
): number {
  const end = Math.min(lines.length, row + 1 + (fact.belowWithin ?? 1));
  for (let next = row + 1; next < end; next++) {
    if (!pattern.test((lines[next] ?? "").trim())) continue;
    if (fact.belowAfterBlank === true && (lines[next - 1] ?? "").trim() !== "") continue;
    return next;
  }
  return -1;
}

/** The bottom-most row whose trimmed text matches the fact's header and its neighbours (-1: none). */
function lastMatchingRow(fact: ScreenFact, lines: readonly string[]): number {
  const { header, above, below } = fact;
  return lines.findLastIndex((line, row) => {
    if (!header.test(line.trim())) return false;
    if (above !== undefined && !above.test((lines[row - 1] ?? "").trim())) return false;
    return below === undefined || rowBelow(fact, lines, row, below) !== -1;
  });
}

function matchDialog(
  fact: ScreenFact,
  headerRow: number,
  lines: readonly string[],
  markers: string,
): DialogMatch {
  const region = lines.slice(headerRow).map(normalizeText);
  // A narrow screen wraps the dialog's prose (Codex's trust sentence at 50 columns).
  const flowed = region.filter((line) => line !== "").join(" ");
  const hasBody = (fact.body ?? []).every(
    (pattern) => region.some((line) => pattern.test(line)) || pattern.test(flowed),
  );
  const options = findOptions(lines, headerRow + 1, lines.length, markers);
  const selectedIndex = options.findIndex((option) => option.isSelected);
  const affirmativeIndex = options.findIndex((option) =>
    fact.affirmative?.label.test(option.label),
  );
  return {
    factId: fact.id,
    kind: fact.kind,
    ...(fact.label === undefined ? {} : { label: fact.label }),
    headerRow,
    hasBody,
    options,
    ...(selectedIndex === -1 ? {} : { selectedIndex }),
    ...(affirmativeIndex === -1 ? {} : { affirmativeIndex }),
  };
}

// The bottom-most known dialog wins (ties: the first in the table); an unknown gate only without one.
function activeDialog(facts: ScreenFacts, lines: readonly string[]): DialogMatch | undefined {
  let best: { fact: ScreenFact; row: number } | undefined;
  let unknown: { fact: ScreenFact; row: number } | undefined;
  for (const fact of facts.rows) {
    if (!DIALOG_KINDS.has(fact.kind)) continue;
    const row = lastMatchingRow(fact, lines);
    if (row === -1) continue;
    if (fact.kind === "unknown_gate") {
      if (unknown === undefined || row > unknown.row) unknown = { fact, row };
    } else if (best === undefined || row > best.row) {
      best = { fact, row };
    }
  }
  if (best !== undefined) return matchDialog(best.fact, best.row, lines, facts.optionMarkers);
  const match =
    unknown === undefined
      ? undefined
      : matchDialog(unknown.fact, unknown.row, lines, facts.optionMarkers);
  // An unknown gate needs its options and native footer; bare prose is not a gate. Last,
  // a dialog no row names, by its shape alone.
  return match !== undefined && match.options.length > 0 && match.hasBody
    ? match
    : dialogByShape(lines, facts);
}

/**
 * The input box: from the bottom-most composer row down to the row before its `boxEnd`.
 * Undefined when no composer shows or its end is not in view (then nothing is hidden).
 */
function composerBox(
  facts: ScreenFacts,
  lines: readonly string[],
): { readonly first: number; readonly end: number } | undefined {
  let box: { first: number; end: number } | undefined;
  for (const fact of facts.rows) {
    if (fact.kind !== "composer" || fact.boxEnd === undefined) continue;
    const first = lastMatchingRow(fact, lines);
    if (first === -1 || (box !== undefined && box.first >= first)) continue;
    const end = rowBelow(fact, lines, first, fact.boxEnd);
    if (end !== -1) box = { first, end };
  }
  return box;
}

/** The frame as dialogs are looked for in it: the composer's draft is the caller's text, never a dialog. */
function withoutDraft(facts: ScreenFacts, lines: readonly string[]): readonly string[] {
  const box = composerBox(facts, lines);
  if (box === undefined) return lines;
  return lines.map((line, row) => (row >= box.first && row < box.end ? "" : line));
}

export function matchScreen(
  snapshot: Pick<ScreenFrame, "lines" | "cursor">,
  facts: ScreenFacts,
): ScreenMatch {
  const { lines, cursor } = snapshot;
  const dialog = activeDialog(facts, withoutDraft(facts, lines));
  const ids: string[] = dialog === undefined ? [] : [dialog.factId];
  const seen = (kind: ScreenFact["kind"]) => {
    let lastRow: number | undefined;
    for (const fact of facts.rows) {
      if (fact.kind !== kind) continue;
      const row = lastMatchingRow(fact, lines);
      if (row === -1) continue;
      // A composer painted above a dialog is stale: the dialog owns the input.
      if (kind === "composer" && dialog !== undefined && row < dialog.headerRow) continue;
      ids.push(fact.id);
      lastRow = Math.max(lastRow ?? row, row);
    }
    return lastRow;
  };
  const isWorking = seen("working") !== undefined;
  const isInterrupted = seen("interrupted") !== undefined;
  const hasAuthFailure = seen("auth_failure") !== undefined;
  const composerRow = seen("composer");
  // Native dialogs replace the composer; a header with a live composer under it is quoted text.
  const isDialogLive =
    dialog !== undefined && (composerRow === undefined || composerRow < dialog.headerRow);
  if (dialog !== undefined && !isDialogLive) ids.splice(ids.indexOf(dialog.factId), 1);
  return {
    ...(isDialogLive ? { dialog } : {}),
    matchedRuleIds: ids,
    isWorking,
    isInterrupted,
    hasAuthFailure,
    hasComposer: composerRow !== undefined,
    ...(composerRow === undefined ? {} : { composerRow }),
    isCursorOnComposer:
      composerRow !== undefined && cursor.y === composerRow && cursor.isVisible !== false,
  };
}
