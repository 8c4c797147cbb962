// What the composer shows relative to the prompt being delivered (api.md "Paste and Enter
// mechanics"). Pure functions.
import { normalizeText } from "../screen/options.js";

/** No native composer; nothing of ours in it; our prompt (or its chip) unsubmitted; ours twice. */
export type ComposerState = "hidden" | "empty" | "staged" | "doubled";

/** The distinctive start of a prompt, enough to recognize it in a composer or the scrollback. */
const SIGNATURE_CHARS = 24;

function promptSignature(prompt: string): string {
  return normalizeText(prompt).slice(0, SIGNATURE_CHARS);
}

/**
 * `pasteChip`: how the agent shows a long paste. Chips are counted against the prompt's own
 * chip-like text (issue 49): the composer shows the prompt's N literal chips as typed, or one
 * chip for the whole paste, so more than max(N, 1) is our prompt twice.
 */
export function classifyComposer(
  composerText: string | undefined,
  prompt: string,
  pasteChip: RegExp,
): ComposerState {
  if (composerText === undefined) return "hidden";
  const shown = normalizeText(composerText);
  if (shown.length === 0) return "empty";
  const chips = shown.match(pasteChip)?.length ?? 0;
  const literalChips = normalizeText(prompt).match(pasteChip)?.length ?? 0;
  if (chips > Math.max(literalChips, 1)) return "doubled";
  if (chips >= 1) return "staged";
  const full = normalizeText(prompt);
  const signature = promptSignature(prompt);
  const copies = signature.length === 0 ? 0 : shown.split(signature).length - 1;
  if (copies > 1 && full.split(signature).length - 1 < copies) return "doubled";
  // A narrow composer shows a prefix of a long prompt; a wide one the whole prompt.
  if (copies >= 1 || full.startsWith(shown)) return "staged";
  return "empty";
}

/** How many screen rows outside the composer show the prompt (the CLI's history echo). */
export function countEchoes(
  lines: readonly string[],
  prompt: string,
  composerText: string | undefined,
): number {
  const signature = promptSignature(prompt);
  if (signature.length === 0) return 0;
  const showing = (rows: readonly string[]) =>
    rows.filter((row) => normalizeText(row).includes(signature)).length;
  return Math.max(0, showing(lines) - showing(composerText?.split("\n") ?? []));
}

/** Whether a prompt the agent reports is ours: it may be re-wrapped, trimmed, or led by image chips. */
export function isSameSubmission(reported: string, ours: string): boolean {
  const shown = normalizeText(reported);
  const mine = normalizeText(ours);
  if (shown.length === 0 || mine.length === 0) return true;
  return shown.includes(promptSignature(ours)) || mine.includes(shown);
}
