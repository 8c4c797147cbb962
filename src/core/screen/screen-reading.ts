// Reduces a screen-fact match to the few facts the runtime acts on. A startup prompt's
// answer is one step from the CURRENT frame (a move, or Enter once the allowlisted option
// is highlighted), so every key is revalidated against a fresh render.
import { KEYS } from "../../terminal/input.js";
import type { ScreenDialog, ScreenFrame, ScreenReading } from "../contract/adapter.js";
import type { StartupPromptLabel } from "../contract/status.js";
import { dialogText } from "./dialog-text.js";
import { factsForVersion } from "./facts-for-version.js";
import { matchScreen } from "./match-screen.js";
import { normalizeText } from "./options.js";
import { planOptionKeys } from "./select-option.js";
import type { DialogMatch, ScreenFacts, ScreenFactTable } from "./types.js";

/** `workingTitle`: a window title that means working (C-TURN-05), whatever the width cuts off. */
export function readScreenWithFacts(
  frame: ScreenFrame,
  allFacts: ScreenFacts,
  workingTitle?: RegExp,
): ScreenReading {
  const facts = factsForVersion(allFacts, frame.cliVersion);
  const table = facts.rows;
  const match = matchScreen(frame, facts);
  const isWorking = match.isWorking || (workingTitle?.test(frame.title) ?? false);
  const dialog =
    match.dialog === undefined
      ? undefined
      : { ...toDialog(match.dialog, table), text: dialogText(frame.lines, match.dialog.headerRow) };
  const composerText =
    match.composerRow === undefined || dialog !== undefined
      ? undefined
      : composerRows(frame.lines, match.composerRow, table);
  return {
    dialog,
    isWorking,
    isInterrupted: match.isInterrupted,
    hasIdleComposer: dialog === undefined && match.hasComposer && !isWorking,
    hasStagedInput: composerText !== undefined && composerText.length > 0,
    composerText,
    composerDraft: composerText === undefined ? undefined : draftOf(composerText, table),
    isAuthFailure: match.hasAuthFailure,
  };
}

function toDialog(dialog: DialogMatch, table: ScreenFactTable): ScreenDialog {
  const fact = table.find((row) => row.id === dialog.factId);
  const ruleIds = [dialog.factId];
  if (dialog.kind === "permission_dialog")
    return { ruleIds, kind: "human_decision", isToolPermission: true };
  if (dialog.kind !== "startup_prompt" || fact === undefined || dialog.label === undefined) {
    return { ruleIds, kind: "human_decision" };
  }
  const label = dialog.label as StartupPromptLabel;
  // The table's answer policy is the trust allowlist (api.md "Trust allowlist").
  const selected = {
    needsAutotrust: fact.answer === "autotrust",
    ...(fact.firstKeyAfterMs === undefined ? {} : { firstKeyAfterMs: fact.firstKeyAfterMs }),
    ...(dialog.selectedIndex === undefined ? {} : { selectedIndex: dialog.selectedIndex }),
  };
  // A bare header is only a candidate: it holds input but gives no authority to answer.
  if (!dialog.hasBody || fact.answer === "never")
    return { ruleIds, kind: "startup_prompt", label, ...selected };
  if (fact.affirmative === undefined) {
    // Onboarding prompts with no allowlisted option are declined with Escape.
    return { ruleIds, kind: "startup_prompt", label, answerKeys: KEYS.escape, ...selected };
  }
  const plan = planOptionKeys(dialog, fact.affirmative.label);
  if (plan === undefined) return { ruleIds, kind: "startup_prompt", label, ...selected };
  const isOnTarget = dialog.selectedIndex === plan.targetIndex;
  const answerKeys = plan.method === "arrows" && isOnTarget ? plan.confirm : plan.moves[0];
  if (answerKeys === undefined) return { ruleIds, kind: "startup_prompt", label, ...selected };
  return { ruleIds, kind: "startup_prompt", label, answerKeys, ...selected };
}

/** What was typed into the composer: its text, or "" when it is one of the table's placeholders. */
function draftOf(composerText: string, table: ScreenFactTable): string {
  const shown = normalizeText(composerText);
  const isPlaceholder = table.some(
    (fact) => fact.kind === "composer_placeholder" && fact.header.test(shown),
  );
  return isPlaceholder ? "" : shown;
}

/** A draft may span rows; an input box ends at a full-width rule or a blank row. */
const COMPOSER_END = /^(─{20,}|)$/;
// Codex grows a draft upward to about 65% of the screen: 28 rows on 48, 40 on 80.
const MAX_COMPOSER_ROWS = 48;

// Text typed after the composer's glyph and on the draft's following rows.
function composerRows(lines: readonly string[], row: number, table: ScreenFactTable): string {
  const first = (lines[row] ?? "").trim();
  const composer = table.find((fact) => fact.kind === "composer" && fact.header.test(first));
  const rows = [first.replace(composer?.header ?? "", "").trim()];
  for (let next = row + 1; next < Math.min(lines.length, row + MAX_COMPOSER_ROWS); next += 1) {
    const text = (lines[next] ?? "").trim();
    if (COMPOSER_END.test(text)) break;
    rows.push(text);
  }
  return rows.join("\n").trim();
}
