// Finds the option rows of a dialog region, in the three layouts seen live: marker and
// number ("<marker> 1. Trust"), a marker alone ("<marker> No"), collapsed raw text ("2.Skip").
import type { OptionRow } from "./types.js";

/** Collapses runs of spaces and trims, so labels compare across reflows. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function parseLabel(text: string, numberedRow: RegExp): { label: string; number?: number } {
  const numbered = numberedRow.exec(text);
  if (numbered?.[1] !== undefined && numbered[2] !== undefined) {
    return { label: normalizeText(numbered[2]), number: Number(numbered[1]) };
  }
  return { label: normalizeText(text) };
}

/** Option rows in `lines[start..end)`: a marked block, else any numbered rows. */
export function findOptions(
  lines: readonly string[],
  start: number,
  end: number,
  markers: string,
): OptionRow[] {
  const glyph = `[${markers.replace(/[\]\\^-]/g, "\\$&")}]`;
  const markedRow = new RegExp(`^(\\s*)(${glyph})\\s+(\\S.*)$`);
  const numbered = new RegExp(`^\\s*(?:${glyph}\\s*)?(\\d{1,2})\\.\\s*(\\S.*?)\\s*$`);
  for (let selected = start; selected < end; selected++) {
    const marked = markedRow.exec(lines[selected] ?? "");
    if (marked?.[3] === undefined) continue;
    // The block: the neighbours whose text starts in the same column as the selected row's.
    const column = (lines[selected] ?? "").indexOf(marked[3]);
    const isSibling = (line: string) =>
      line.length > column && line.slice(0, column).trim() === "" && line[column] !== " ";
    let first = selected;
    while (first - 1 >= start && isSibling(lines[first - 1] ?? "")) first--;
    let last = selected;
    while (last + 1 < end && isSibling(lines[last + 1] ?? "")) last++;
    return lines.slice(first, last + 1).map((line, index) => {
      const row = first + index;
      return { row, ...parseLabel(line.slice(column), numbered), isSelected: row === selected };
    });
  }
  return lines.slice(start, end).flatMap((line, index): OptionRow[] => {
    if (!numbered.test(line)) return [];
    return [{ row: start + index, ...parseLabel(line, numbered), isSelected: false }];
  });
}
