// Copilot CLI screen facts, seen on the real 1.0.102 (prd/copilot.md "Screens"). Data
// only: matched by src/core/screen/match-screen.ts after ./unbox.ts took the dialog
// boxes' side borders off. The composer is the "❯" row right under a full-width rule;
// the footer under it says "● Working …" while a turn runs (the bullet cycles ● ◉ ○).
import type { ScreenFact, ScreenFacts } from "../../core/screen/types.js";

const RULE = /^─{20,}$/;
/** The most rows a draft may show between the composer's "❯" row and the rule closing it. */
const COMPOSER_ROWS = 48;

const ROWS: readonly ScreenFact[] = [
  {
    // "Confirm folder trust" / <path> / "Copilot can read files in this folder and, with
    // your permission, edit them or run code and shell commands. …" / "Do you trust the
    // files in this folder?" / "❯ 1. Yes" / "2. Yes, and remember this folder for future
    // sessions" / "3. No (Esc)". Autotrust answers "Yes" (this session only, nothing saved).
    id: "copilot-folder-trust",
    kind: "startup_prompt",
    label: "workspace_trust",
    header: /^Confirm folder trust$/,
    body: [/^Do you trust the files in this folder\?$/],
    affirmative: { label: /^Yes$/ },
    answer: "autotrust",
    verifiedOn: "1.0.102",
  },
  {
    // "<description>" / "<command>" / "Do you want to run this command?" / "❯ 1. Yes" /
    // "2. No, and tell Copilot what to do differently (Esc to stop)" / "↑/↓ to navigate ·
    // enter to select · esc to cancel". Esc here aborts the whole turn.
    id: "copilot-command-approval",
    kind: "permission_dialog",
    header: /^Do you want to run this command\?$/,
    body: [/to navigate · enter to select · esc to cancel$/],
    answer: "never",
    verifiedOn: "1.0.102",
  },
  {
    // Its other permission prompts (edits, paths, URLs) share the layout and footer.
    id: "copilot-permission",
    kind: "permission_dialog",
    header: /^Do you want to (allow|make|edit|create|access|fetch|proceed)\b.*\?$/,
    body: [/to navigate · enter to select · esc to cancel$/],
    answer: "never",
    verifiedOn: "1.0.102 (layout and footer of the command prompt; the header words unseen)",
  },
  {
    // "Session in use" / "This session was last active <when> and appears to be in use by
    // another CLI or application. Resuming it here may cause conflicts." / "❯ 1. Resume
    // anyway" / "2. Go back (Esc)". Another live client holds the conversation: a person
    // decides, so it blocks and is never answered (stale locks of exited owners are removed
    // before launch: ../launch/stale-locks.ts).
    id: "copilot-session-in-use",
    kind: "blocking_dialog",
    header: /^Session in use$/,
    body: [/appears to be in use by another CLI or application/],
    answer: "never",
    verifiedOn: "1.0.102",
  },
  {
    id: "copilot-unknown-gate",
    kind: "unknown_gate",
    header: /^(Do you|Confirm|Allow|Trust|Select|Choose)\b/,
    body: [/to navigate · enter to select/],
    answer: "never",
    verifiedOn: "1.0.102",
  },
  {
    // "◉ Working esc esc edit prompt" (after one Esc: "esc again to edit prompt"), in the
    // footer under the composer's bottom rule; a reply row "● Working on it" has no rule above.
    id: "copilot-working",
    kind: "working",
    header: /^[●◉○◎]\s+Working\b/,
    above: RULE,
    verifiedOn: "1.0.102",
  },
  {
    // Ctrl+C mid-turn: "● Operation cancelled by user".
    id: "copilot-interrupted",
    kind: "interrupted",
    header: /^● Operation cancelled by user$/,
    verifiedOn: "1.0.102",
  },
  {
    // "❯" or "❯ <draft>" right under a full-width rule, another rule under the draft;
    // history rows "❯ say hi      03:48" have no rule above.
    id: "copilot-composer",
    kind: "composer",
    header: /^❯(\s|$)/,
    above: RULE,
    // The draft's rows lie between the "❯" row and the rule under them: a pasted prompt
    // that quotes the command approval is the caller's text, never a dialog (issue 49).
    boxEnd: RULE,
    belowWithin: COMPOSER_ROWS,
    verifiedOn: "1.0.102",
  },
];

export const COPILOT_SCREEN_FACTS: ScreenFacts = {
  rows: ROWS,
  // The highlighted option: "❯ 1. Yes" (the composer's glyph too).
  optionMarkers: "❯",
};
