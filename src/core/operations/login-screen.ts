// Reads one frame of a CLI's login dialog (LoginFacts): only the rows below the LAST
// dialog title count, so text from an earlier dialog in the scrollback never does.
import type { LoginFacts } from "../contract/operation-facts.js";

export interface LoginScreen {
  /** The dialog's title row is on screen. */
  readonly isOpen: boolean;
  readonly hasMethodList: boolean;
  /** Row offsets (within the dialog) of the highlighted option and each method option. */
  readonly selectedRow: number | undefined;
  readonly methodRows: Readonly<Record<string, number>>;
  /** The sign-in URL as shown (wrapped lines joined), if any. */
  readonly url: string | undefined;
  readonly hasCodePrompt: boolean;
  readonly isSuccess: boolean;
  readonly hasContinuePrompt: boolean;
  readonly isFailure: boolean;
}

export function readLoginScreen(
  lines: readonly string[],
  cols: number,
  facts: LoginFacts,
): LoginScreen {
  const top = lines.findLastIndex((line) => facts.dialogHeader.test(line));
  const rows = top === -1 ? [] : lines.slice(top + 1);
  const methodRows: Record<string, number> = {};
  let selectedRow: number | undefined;
  rows.forEach((row, index) => {
    if (facts.selectedOption.test(row)) selectedRow = index;
    for (const [method, label] of Object.entries(facts.methods)) {
      if (label.test(row) && methodRows[method] === undefined) methodRows[method] = index;
    }
  });
  const hasMethodList = rows.some((row) => facts.methodPrompt.test(row));
  return {
    isOpen: top !== -1,
    hasMethodList,
    selectedRow: hasMethodList ? selectedRow : undefined,
    methodRows: hasMethodList ? methodRows : {},
    url: urlIn(rows, cols, facts),
    hasCodePrompt: rows.some((row) => facts.codePrompt.test(row)),
    isSuccess: rows.some((row) => facts.success.test(row)),
    hasContinuePrompt: rows.some((row) => facts.continuePrompt.test(row)),
    isFailure: rows.some((row) => facts.failure.test(row)),
  };
}

// A URL longer than the terminal is wrapped by the terminal: a full-width row continues
// on the next one.
function urlIn(rows: readonly string[], cols: number, facts: LoginFacts): string | undefined {
  const start = rows.findIndex((row) => facts.url.test(row));
  if (start === -1) return undefined;
  let text = (rows[start] ?? "").trim();
  let row = rows[start] ?? "";
  for (let index = start + 1; row.length >= cols && index < rows.length; index += 1) {
    row = rows[index] ?? "";
    text += row.trim();
  }
  return text.split(/\s/)[0];
}
