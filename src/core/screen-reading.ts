// Reduces a screen-fact match (core/screen) to the few facts the runtime acts on. The
// answer to a startup prompt is planned one step at a time from the CURRENT frame: a
// move toward the allowlisted option, or Enter once that option is highlighted, so every
// key is revalidated against a fresh render (api.md "Trust-gate automation").
import type { ScreenDialog, ScreenFrame, ScreenReading, StartupPromptLabel } from "./adapter.js";
import { dialogText } from "./screen/dialog-text.js";
import { factsForVersion } from "./screen/facts-for-version.js";
import { matchScreen } from "./screen/match-screen.js";
import { planOptionKeys } from "./screen/select-option.js";
import type { DialogMatch, ScreenFactTable } from "./screen/types.js";

const ESCAPE = "\x1b";

export function readScreenWithFacts(frame: ScreenFrame, allFacts: ScreenFactTable): ScreenReading {
  const table = factsForVersion(allFacts, frame.cliVersion);
  const match = matchScreen(frame, table);
  const dialog =
    match.dialog === undefined
      ? undefined
      : { ...toDialog(match.dialog, table), text: dialogText(frame.lines, match.dialog.headerRow) };
  const composerText =
    match.composerRow === undefined ? "" : composerInput(frame.lines[match.composerRow] ?? "");
  return {
    dialog,
    isWorking: match.isWorking,
    isInterrupted: match.isInterrupted,
    hasIdleComposer: dialog === undefined && match.hasComposer && !match.isWorking,
    hasStagedInput: dialog === undefined && composerText.length > 0,
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
  // A bare header is only a candidate: it holds input but gives no authority to answer.
  if (!dialog.hasBody || fact.answer === "never") return { ruleIds, kind: "startup_prompt", label };
  if (fact.affirmative === undefined) {
    // Onboarding prompts with no allowlisted option are declined with Escape.
    return { ruleIds, kind: "startup_prompt", label, answerKeys: ESCAPE };
  }
  const plan = planOptionKeys(dialog, fact.affirmative.label);
  if (plan === undefined) return { ruleIds, kind: "startup_prompt", label };
  const isOnTarget = dialog.selectedIndex === plan.targetIndex;
  const answerKeys = plan.method === "arrows" && isOnTarget ? plan.confirm : plan.moves[0];
  if (answerKeys === undefined) return { ruleIds, kind: "startup_prompt", label };
  return { ruleIds, kind: "startup_prompt", label, answerKeys };
}

// Text typed after the composer glyph (❯ or ›); empty for an idle input box.
function composerInput(line: string): string {
  return line.replace(/^\s*[❯›]\s?/, "").trim();
}
