// The visible text of a dialog, for the `attention` activity: what the user would read
// on the terminal to decide how to answer (an unknown start-up dialog must never cost the
// session silently). Bounded, and without the workspace path, which the CLIs print inside
// trust dialogs and which callers may not want in their logs.

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

/**
 * Replaces the workspace path with "<workspace>", and rows that hold only a path (the
 * tail of a wrapped workspace path, a settings file's path) with "<path>".
 */
export function withoutWorkspacePath(text: string, cwd: string): string {
  return text
    .split("\n")
    .map((line) => (cwd.length > 1 ? line.split(cwd).join("<workspace>") : line))
    .map((line) => (/^[~/][^\s]*$/.test(line) ? "<path>" : line))
    .join("\n");
}
