// The visible text of a dialog, for the `attention` activity: bounded, and without the
// workspace path, which the CLIs print inside trust dialogs and callers may not want logged.

export const DIALOG_TEXT_MAX_LINES = 16;
export const DIALOG_TEXT_MAX_CHARS = 1200;

/** Rows from the dialog's header down, trimmed, blank rows dropped, within the bounds. */
export function dialogText(lines: readonly string[], headerRow: number): string {
  const rows = lines
    .slice(headerRow)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(0, DIALOG_TEXT_MAX_LINES);
  const text = rows.join("\n");
  return text.length <= DIALOG_TEXT_MAX_CHARS ? text : `${text.slice(0, DIALOG_TEXT_MAX_CHARS)}…`;
}

/** The workspace path becomes "<workspace>", a row holding only a path (a wrapped tail) "<path>". */
export function withoutWorkspacePath(text: string, cwd: string): string {
  return text
    .split("\n")
    .map((line) => (cwd.length > 1 ? line.split(cwd).join("<workspace>") : line))
    .map((line) => (/^[~/][^\s]*$/.test(line) ? "<path>" : line))
    .join("\n");
}
