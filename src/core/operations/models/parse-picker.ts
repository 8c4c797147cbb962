// Reads the `/model` picker off the rendered screen (pure: lines in, rows out).
import type { AgentModelOption, ModelPickerFacts } from "../../contract/models.js";

export interface PickerRow {
  readonly number: number;
  readonly isSelected: boolean;
  readonly option: AgentModelOption;
}

export interface PickerFrame {
  readonly rows: readonly PickerRow[];
  readonly hasMoreBelow: boolean;
}

/** The region from the LAST `header` line to the first `footer` after it (trimmed lines). */
export function regionBetween(
  lines: readonly string[],
  header: RegExp,
  footer: RegExp,
): [number, number] | undefined {
  const start = lines.findLastIndex((line) => header.test(line.trim()));
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && footer.test(line.trim()));
  return end === -1 ? undefined : [start, end];
}

export function idFromLabel(label: string, style: ModelPickerFacts["idFrom"]): string {
  const lower = label.trim().toLowerCase();
  if (style === "first-word") return lower.split(/\s+/)[0] ?? lower;
  return lower.replace(/\s+/g, "-");
}

function parseRow(line: string, facts: ModelPickerFacts): PickerRow | undefined {
  const match = facts.row.exec(line);
  if (match === null) return undefined;
  const raw = line.trim();
  const rest = match[3] ?? "";
  // Label and description are separated by a run of at least two spaces.
  const split = /\s{2,}/.exec(rest);
  let label = split === null ? rest : rest.slice(0, split.index);
  const description = split === null ? undefined : rest.slice(split.index).trim();
  const isCurrent = facts.currentMark?.test(label) ?? false;
  if (facts.currentMark !== undefined) label = label.replace(facts.currentMark, "");
  const hasDefaultMark = facts.defaultMark?.test(label) ?? false;
  if (facts.defaultRule === "marked" && facts.defaultMark !== undefined) {
    label = label.replace(facts.defaultMark, "");
  }
  label = label.trim();
  const option: AgentModelOption = {
    id: idFromLabel(label, facts.idFrom),
    label,
    ...(description === undefined || description === "" ? {} : { description }),
    isCurrent,
    isDefault: hasDefaultMark,
    raw,
  };
  return { number: Number(match[2]), isSelected: (match[1] ?? "") !== "", option };
}

/** The picker on screen now, or undefined if it is not (fully) rendered. */
export function readPicker(
  lines: readonly string[],
  facts: ModelPickerFacts,
): PickerFrame | undefined {
  const range = regionBetween(lines, facts.header, facts.footer);
  if (range === undefined) return undefined;
  const rows: PickerRow[] = [];
  let hasMoreBelow = false;
  for (let index = range[0] + 1; index < range[1]; index += 1) {
    const line = lines[index] ?? "";
    const row = parseRow(line, facts);
    if (row !== undefined) rows.push(row);
    else if (facts.moreBelow?.test(line.trim())) hasMoreBelow = true;
  }
  if (rows.length === 0) return undefined;
  return { rows, hasMoreBelow };
}

/**
 * Final flags once every row is known: applies the adapter's default rule. Without a current
 * mark the current row is the one named elsewhere (`currentId`, from the entry list), else
 * the one the cursor opened on (`openedOn`).
 */
export function finishRows(
  rows: readonly PickerRow[],
  facts: ModelPickerFacts,
  opened: { readonly openedOn?: number | undefined; readonly currentId?: string | undefined } = {},
): AgentModelOption[] {
  const { openedOn, currentId } = opened;
  const isNamed = currentId !== undefined && rows.some((row) => row.option.id === currentId);
  const sorted = [...rows]
    .sort((a, b) => a.number - b.number)
    .map((row) => {
      if (facts.currentMark !== undefined) return row.option;
      const isCurrent = isNamed ? row.option.id === currentId : row.number === openedOn;
      return { ...row.option, isCurrent };
    });
  if (facts.defaultRule === "label") return sorted;
  if (sorted.some((option) => option.isDefault)) return sorted;
  return sorted.map((option) => ({ ...option, isDefault: option.isCurrent }));
}

/** The first list's row that leads to the models (`entryRow`), when that list shows. */
export function entryRowOf(frame: PickerFrame, facts: ModelPickerFacts): PickerRow | undefined {
  const entry = facts.entryRow;
  return entry === undefined ? undefined : frame.rows.find((row) => entry.test(row.option.label));
}

/** True if any line still shows the picker's title (a foreign or lingering picker). */
export function isPickerVisible(lines: readonly string[], facts: ModelPickerFacts): boolean {
  return lines.some((line) => facts.header.test(line.trim()));
}
