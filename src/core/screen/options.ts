// Finds the option rows of a dialog region. Handles the three layouts seen live:
// marker + number ("› 1. Trust and continue"), marker without numbers (claude 2.1.332
// "❯ No, exit"), and raw cursor-addressed text with collapsed spacing ("2.Skip").
import type { OptionRow } from "./types.js";

const MARKERS = "❯›>";
const MARKED = new RegExp(`^(\\s*)([${MARKERS}])\\s+(\\S.*)$`);
const NUMBERED = /^\s*(?:[❯›>]\s*)?(\d{1,2})\.\s*(\S.*?)\s*$/;

/** Collapses runs of spaces and trims, so labels compare across reflows. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function parseLabel(text: string): { label: string; number?: number } {
  const numbered = NUMBERED.exec(text);
  if (numbered?.[1] !== undefined && numbered[2] !== undefined) {
    return { label: normalizeText(numbered[2]), number: Number(numbered[1]) };
  }
  return { label: normalizeText(text) };
}

/** Option rows in `lines[start..end)`: a marked block, else any numbered rows. */
export function findOptions(lines: readonly string[], start: number, end: number): OptionRow[] {
  for (let row = start; row < end; row++) {
    const marked = MARKED.exec(lines[row] ?? "");
    if (marked?.[1] === undefined || marked[3] === undefined) continue;
    const textColumn = (lines[row] ?? "").indexOf(marked[3]);
    return collectBlock(lines, row, textColumn, start, end);
  }
  return numberedRows(lines, start, end);
}

// Extends from the selected row over neighbours whose text starts in the same column.
function collectBlock(
  lines: readonly string[],
  selected: number,
  column: number,
  start: number,
  end: number,
) {
  const isSibling = (line: string) =>
    line.length > column && line.slice(0, column).trim() === "" && line[column] !== " ";
  let first = selected;
  while (first - 1 >= start && isSibling(lines[first - 1] ?? "")) first--;
  let last = selected;
  while (last + 1 < end && isSibling(lines[last + 1] ?? "")) last++;
  const rows: OptionRow[] = [];
  for (let row = first; row <= last; row++) {
    const text = (lines[row] ?? "").slice(column);
    rows.push({ row, ...parseLabel(text), isSelected: row === selected });
  }
  return rows;
}

function numberedRows(lines: readonly string[], start: number, end: number): OptionRow[] {
  const rows: OptionRow[] = [];
  for (let row = start; row < end; row++) {
    const line = lines[row] ?? "";
    if (!NUMBERED.test(line)) continue;
    rows.push({ row, ...parseLabel(line), isSelected: false });
  }
  return rows;
}
