// A dialog no screen table names, caught by its shape (issue 47 item 4): a numbered option
// list with the CLI's selection marker on one row, above a footer of the kind the CLI
// paints under its dialogs (the adapter's `unknownDialogFooters`, e.g. Codex's "enter to
// submit"), with no composer under it (match-screen.ts checks that). A turn that stops on
// a new dialog then raises an `attention` with its text instead of running on silently.
// Nothing is ever typed into it: it is an `unknown_gate`.
import { findOptions } from "./options.js";
import type { DialogMatch, ScreenFacts } from "./types.js";

/** The rule id an attention names for a dialog found by its shape. */
export const DIALOG_SHAPE_RULE_ID = "unknown-dialog-shape";

/** How far above its footer a dialog's options and question may start. */
const MAX_DIALOG_ROWS = 24;

/** The dialog found by its shape on this frame, if any (the bottom-most footer wins). */
export function dialogByShape(
  lines: readonly string[],
  facts: ScreenFacts,
): DialogMatch | undefined {
  const footers = facts.unknownDialogFooters ?? [];
  if (footers.length === 0) return undefined;
  const footerRow = lines.findLastIndex((line) =>
    footers.some((footer) => footer.test(line.trim())),
  );
  if (footerRow <= 0) return undefined;
  const top = Math.max(0, footerRow - MAX_DIALOG_ROWS);
  const options = findOptions(lines, top, footerRow, facts.optionMarkers);
  const selectedIndex = options.findIndex((option) => option.isSelected);
  const isNumberedList =
    options.length >= 2 && options.every((option) => option.number !== undefined);
  if (selectedIndex === -1 || !isNumberedList) return undefined;
  return {
    factId: DIALOG_SHAPE_RULE_ID,
    kind: "unknown_gate",
    headerRow: questionRow(lines, options[0]?.row ?? footerRow, top),
    hasBody: true,
    options,
    selectedIndex,
  };
}

// The paragraph just above the options is the question ("Question 1/3 …", "Allow …?"),
// blank rows between them allowed; the dialog's text starts there.
function questionRow(lines: readonly string[], firstOption: number, top: number): number {
  const isBlank = (row: number) => (lines[row] ?? "").trim() === "";
  let row = firstOption;
  while (row - 1 >= top && isBlank(row - 1)) row--;
  if (row === firstOption || row - 1 < top) return row;
  while (row - 1 >= top && !isBlank(row - 1)) row--;
  return row;
}
