// A dialog no screen table names, caught by its shape (issue 47 item 4): a numbered option
// list with the CLI's selection marker on one row, above a footer of the kind the CLI
// paints under its dialogs (the adapter's `unknownDialogFooters`, e.g. Codex's "enter to
// submit"), with no composer under it (match-screen.ts checks that). A turn that stops on
// a new dialog then raises an `attention` with its text instead of running on silently.
// Nothing is ever typed into it: it is an `unknown_gate`.
import { normalizeText } from "./options.js";
import type { DialogMatch, OptionRow, ScreenFacts } from "./types.js";

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
  const options = numberedOptions(lines, top, footerRow, facts.optionMarkers);
  const selectedIndex = options.findIndex((option) => option.isSelected);
  if (selectedIndex === -1 || options.length < 2) return undefined;
  return {
    factId: DIALOG_SHAPE_RULE_ID,
    kind: "unknown_gate",
    headerRow: questionRow(lines, options[0]?.row ?? footerRow, top),
    hasBody: true,
    options,
    selectedIndex,
  };
}

/**
 * The numbered run around the bottom-most marked numbered row: "<marker> 1. Postgres" / its
 * description on a deeper indent / "2. SQLite" … The run counts up by one; rows that are
 * not numbered (descriptions, rules, the prompt echoed above with the same marker) neither
 * end nor join it, and a numbered plan above ("1. Create …") is another run.
 */
function numberedOptions(
  lines: readonly string[],
  top: number,
  footerRow: number,
  markers: string,
): OptionRow[] {
  const glyph = `[${markers.replace(/[\]\\^-]/g, "\\$&")}]`;
  const numbered = new RegExp(`^\\s*(${glyph}\\s*)?(\\d{1,2})\\.\\s*(\\S.*?)\\s*$`);
  const rows = lines.slice(top, footerRow).flatMap((line, index): OptionRow[] => {
    const match = numbered.exec(line);
    if (match?.[2] === undefined || match[3] === undefined) return [];
    const label = normalizeText(match[3]);
    const isSelected = match[1] !== undefined;
    return [{ row: top + index, label, number: Number(match[2]), isSelected }];
  });
  const selected = rows.findLastIndex((option) => option.isSelected);
  if (selected === -1) return [];
  const follows = (a: OptionRow | undefined, b: OptionRow | undefined) =>
    a?.number !== undefined && b?.number === a.number + 1;
  let first = selected;
  while (follows(rows[first - 1], rows[first])) first--;
  let last = selected;
  while (follows(rows[last], rows[last + 1])) last++;
  return rows.slice(first, last + 1);
}

/** A row drawn as a rule (Claude's "─" over a dialog, "╌" around a command). */
const RULE_ROW = /^[─━═╌▔]{3,}$/;

// The paragraph just above the options is the question ("Question 1/3 …", "Allow …?"),
// blank rows between them allowed; the dialog's text starts there, under any rule.
function questionRow(lines: readonly string[], firstOption: number, top: number): number {
  const isBlank = (row: number) => (lines[row] ?? "").trim() === "";
  const isEdge = (row: number) => isBlank(row) || RULE_ROW.test((lines[row] ?? "").trim());
  let row = firstOption;
  while (row - 1 >= top && isBlank(row - 1)) row--;
  if (row === firstOption || row - 1 < top) return row;
  while (row - 1 >= top && !isEdge(row - 1)) row--;
  return row;
}
