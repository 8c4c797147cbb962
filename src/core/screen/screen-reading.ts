// Reduces a screen-fact match to the facts the runtime acts on. Versions differ by table
// rows, never by an `if` here. A startup prompt's answer is one step from the CURRENT frame
// (a move, or Enter on the allowlisted option), revalidated on every render (C-CODEX-12).
import { compareVersions } from "../../shell/version.js";
import { KEYS } from "../../terminal/input.js";
import type { ScreenDialog, ScreenFrame, ScreenReading } from "../contract/adapter.js";
import type { StartupPromptLabel } from "../contract/status.js";
import { dialogText } from "./dialog-text.js";
import { matchScreen } from "./match-screen.js";
import { normalizeText } from "./options.js";
import type { DialogMatch, ScreenFact, ScreenFacts } from "./types.js";

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
  const text =
    match.dialog === undefined ? undefined : dialogText(frame.lines, match.dialog.headerRow);
  const dialog =
    match.dialog === undefined || text === undefined
      ? undefined
      : {
          ...toDialog(match.dialog, table),
          text,
          unmarkedText: withoutOptionMarkers(text, facts.optionMarkers),
        };
  const composerText =
    match.composerRow === undefined || dialog !== undefined
      ? undefined
      : composerRows(frame.lines, match.composerRow, table);
  return {
    dialog,
    isWorking,
    isInterrupted: match.isInterrupted,
    hasIdleComposer: dialog === undefined && match.hasComposer && !isWorking,
    composerText,
    composerDraft: composerText === undefined ? undefined : draftOf(composerText, table),
    isAuthFailure: match.hasAuthFailure,
  };
}

// Each row of a dialog's text is trimmed, so a highlighted option starts with its marker.
function withoutOptionMarkers(text: string, markers: string): string {
  const marker = new RegExp(`^[${markers.replace(/[\]\\^-]/g, "\\$&")}]\\s*`);
  return text
    .split("\n")
    .map((row) => row.replace(marker, ""))
    .join("\n");
}

// An unknown version (unparseable `--version`) keeps every row.
const cache = new WeakMap<ScreenFacts, Map<string, ScreenFacts>>();

export function isFactForVersion(fact: ScreenFact, version: string): boolean {
  const { from, before } = fact.versions ?? {};
  if (from !== undefined && compareVersions(version, from) < 0) return false;
  if (before !== undefined && compareVersions(version, before) >= 0) return false;
  return true;
}

export function factsForVersion(all: ScreenFacts, version: string | undefined): ScreenFacts {
  if (version === undefined) return all;
  const byVersion = cache.get(all) ?? new Map<string, ScreenFacts>();
  cache.set(all, byVersion);
  const rows = () => all.rows.filter((fact) => isFactForVersion(fact, version));
  const facts = byVersion.get(version) ?? { ...all, rows: rows() };
  byVersion.set(version, facts);
  return facts;
}

function toDialog(dialog: DialogMatch, table: readonly ScreenFact[]): ScreenDialog {
  const fact = table.find((row) => row.id === dialog.factId);
  const ruleIds = [dialog.factId];
  if (dialog.kind === "permission_dialog") {
    const keys = dialog.hasBody ? fact?.approvalKeys : undefined;
    return {
      ruleIds,
      kind: "human_decision",
      isToolPermission: true,
      ...(keys === undefined ? {} : { approvalKeys: keys }),
    };
  }
  if (dialog.kind !== "startup_prompt" || fact === undefined || dialog.label === undefined) {
    return { ruleIds, kind: "human_decision" };
  }
  const prompt: ScreenDialog = {
    ruleIds,
    kind: "startup_prompt",
    label: dialog.label as StartupPromptLabel,
    // The table's answer policy is the trust allowlist (api.md "Trust allowlist").
    needsAutotrust: fact.answer === "autotrust",
    ...(fact.firstKeyAfterMs === undefined ? {} : { firstKeyAfterMs: fact.firstKeyAfterMs }),
    ...(dialog.selectedIndex === undefined ? {} : { selectedIndex: dialog.selectedIndex }),
  };
  // A bare header is only a candidate: it holds input but gives no authority to answer.
  if (!dialog.hasBody || fact.answer === "never") return prompt;
  // Onboarding prompts with no allowlisted option are declined with Escape.
  if (fact.affirmative === undefined) return { ...prompt, answerKeys: KEYS.escape };
  const plan = planOptionKeys(dialog, fact.affirmative.label, fact.affirmative.endKeys === true);
  const isOnTarget = plan !== undefined && dialog.selectedIndex === plan.targetIndex;
  const answerKeys = isOnTarget ? plan.confirm : plan?.moves[0];
  return answerKeys === undefined ? prompt : { ...prompt, answerKeys };
}

export interface OptionKeyPlan {
  readonly moves: readonly string[];
  readonly confirm: string;
  readonly targetIndex: number;
}

/**
 * Keys to reach the option whose label matches `label`, from the highlighted option the
 * frame shows: arrows (a number key may confirm at once on some layouts), or End / Home
 * for the last / first option of a list that takes them (`endKeys`). Undefined when the
 * option is absent or no highlight shows: an option's number typed on a guess is a key
 * the screen chose, and a painted screen can fake it (issue 49).
 */
export function planOptionKeys(
  dialog: Pick<DialogMatch, "options" | "selectedIndex">,
  label: RegExp,
  endKeys = false,
): OptionKeyPlan | undefined {
  const targetIndex = dialog.options.findIndex((option) => label.test(option.label));
  if (targetIndex === -1 || dialog.selectedIndex === undefined) return undefined;
  const distance = targetIndex - dialog.selectedIndex;
  const isLast = targetIndex === dialog.options.length - 1;
  if (endKeys && distance !== 0 && (isLast || targetIndex === 0)) {
    return { moves: [isLast ? KEYS.end : KEYS.home], confirm: KEYS.enter, targetIndex };
  }
  const key = distance > 0 ? KEYS.down : KEYS.up;
  const moves = Array.from({ length: Math.abs(distance) }, () => key);
  return { moves, confirm: KEYS.enter, targetIndex };
}

/** What was typed into the composer: its text, or "" when it is one of the table's placeholders. */
function draftOf(composerText: string, table: readonly ScreenFact[]): string {
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
function composerRows(lines: readonly string[], row: number, table: readonly ScreenFact[]): string {
  const first = (lines[row] ?? "").trim();
  const composer = table.find((fact) => fact.kind === "composer" && fact.header.test(first));
  const below = lines.slice(row + 1, row + MAX_COMPOSER_ROWS).map((line) => line.trim());
  const end = below.findIndex((text) => COMPOSER_END.test(text));
  const rows = [
    first.replace(composer?.header ?? "", "").trim(),
    ...below.slice(0, end === -1 ? undefined : end),
  ];
  return rows.join("\n").trim();
}
