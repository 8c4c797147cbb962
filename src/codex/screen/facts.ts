// Codex CLI screen facts, verified against the real CLI (prd/screens.md; fixtures in
// test/fixtures/screens/codex-*). Data only: matched by src/core/screen/match-screen.ts.
// Codex highlights the selected option with "›" — the same glyph as its composer —
// so the composer row also needs its status line below.
import type { ScreenFact, ScreenFacts } from "../../core/screen/types.js";

/**
 * Codex paints a startup prompt that confirms an action (trust, update, hooks review), then
 * drains typeahead for up to 1 s; a key arriving while it drains plus a CPU stall past that
 * second make it exit with code 1 ("timed out discarding buffered terminal input"), seen
 * once in 64 Codex starts with 16 sessions on 2 cores. The first key waits this long.
 */
const AFTER_TYPEAHEAD_DRAIN_MS = 1500;

/**
 * How far below its "›" row the composer's status line may be. Codex shows a draft whole,
 * one screen row per row, while its bottom pane fits in about 65% of the screen: 28 draft
 * rows on the default 48-row screen, 40 seen on an 80-row one (0.171.0). A taller draft
 * drops the status line (29 rows at 48), then the blank row, then scrolls inside the box
 * ("↑" on its top row); only a footer that shows a warning ("⚠ 1 warning · f2 to view")
 * still marks it then. Bounded, not the whole screen: the farther the status line may be,
 * the likelier an echo over a later " · " line passes for a hidden composer.
 */
const COMPOSER_TO_STATUS_LINE_ROWS = 48;

/** The composer's status line, "<model> <effort> · <cwd>", or a footer with a warning. */
const STATUS_LINE = /\S\s·\s\S/;

const ROWS: readonly ScreenFact[] = [
  {
    // "Folder access" / path / "Trust this folder? Codex can read, edit, and run files
    // here, …" / "› 1. Trust and continue" / "2. Back to Agent Command Center".
    id: "codex-directory-trust",
    kind: "startup_prompt",
    label: "workspace_trust",
    header: /^(Folder access$|Trust this folder\?)/,
    body: [/Trust this folder\? Codex can read, edit, and run files here/],
    affirmative: { label: /^Trust and continue$/ },
    firstKeyAfterMs: AFTER_TYPEAHEAD_DRAIN_MS,
    answer: "autotrust",
    verifiedOn: "0.171.0",
  },
  {
    // Before 0.171.0: "> You are in <cwd>" / "Do you trust the contents of this directory?
    // Working with untrusted contents comes with higher risk of prompt injection. …" /
    // "› 1. Yes, continue" / "2. No, quit" / "Press enter to continue".
    id: "codex-directory-trust-legacy",
    kind: "startup_prompt",
    label: "workspace_trust",
    header: /^Do you trust the contents of this directory\?/,
    body: [/Working with untrusted contents/],
    affirmative: { label: /^Yes, continue$/ },
    firstKeyAfterMs: AFTER_TYPEAHEAD_DRAIN_MS,
    answer: "autotrust",
    versions: { before: "0.171.0" },
    verifiedOn: "0.124.0, 0.150.0",
  },
  {
    // "Hooks need review" / "N hook is new or changed." / "› 1. Review hooks" /
    // "2. Trust all and continue" / "3. Continue without trusting (hooks won't run)".
    // Elwood's own hooks are trusted at launch (launch/hook-trust.ts), so the hooks listed
    // here are someone else's: Elwood never trusts them, it skips them as Codex does for
    // hooks nobody reviewed; a person reviews them in Codex itself (issue 48).
    id: "codex-hooks-review",
    kind: "startup_prompt",
    label: "hook_trust",
    header: /^Hooks need review$/,
    body: [
      /hooks? (is|are) new or changed\./,
      /Hooks can run outside the sandbox after you trust them\./,
    ],
    affirmative: { label: /^Continue without trusting \(hooks won't run\)$/ },
    firstKeyAfterMs: AFTER_TYPEAHEAD_DRAIN_MS,
    answer: "always",
    verifiedOn: "0.150.0, 0.171.0",
  },
  {
    // "Update available · 0.171.0 → X" / "› 1. Update now (runs `npm install -g @openai/codex`)"
    // / "2. Skip" / "3. Skip until next version". Always "Skip", never "Update now".
    id: "codex-update",
    kind: "startup_prompt",
    label: "update",
    header: /^Update available · /,
    body: [/Update now/],
    affirmative: { label: /^Skip$/ },
    firstKeyAfterMs: AFTER_TYPEAHEAD_DRAIN_MS,
    answer: "always",
    verifiedOn: "0.171.0",
  },
  {
    // Before 0.171.0: "✨  Update available! 0.150.0 -> X" / same three options /
    // "Press enter to continue".
    id: "codex-update-legacy",
    kind: "startup_prompt",
    label: "update",
    header: /^✨\s+Update available! /,
    body: [/Update now/],
    affirmative: { label: /^Skip$/ },
    firstKeyAfterMs: AFTER_TYPEAHEAD_DRAIN_MS,
    answer: "always",
    versions: { before: "0.171.0" },
    verifiedOn: "0.124.0, 0.150.0",
  },
  {
    // "Would you like to run the following command?" / "Reason: …" / "$ cmd" /
    // "› 1. Yes, proceed (y)" / "2. Yes, and don't ask again for commands that start with `…` (p)"
    // / "3. No, and tell Codex what to do differently (esc)" / "Press enter to confirm or esc to cancel".
    id: "codex-command-approval",
    kind: "permission_dialog",
    header: /^Would you like to (run the following command|make the following edits|allow|grant)\b/,
    body: [/Press enter to confirm or esc to cancel/],
    answer: "never",
    verifiedOn: "0.124.0, 0.150.0, 0.171.0",
  },
  {
    // An MCP tool call under `-a on-request` (fixture codex-0.171.0-mcp-approval): "Field
    // 1/1" / "Allow the <server> MCP server to run tool "<tool>"?" / its arguments ("text:
    // …") / "› 1. Allow" / "2. Allow for this session" / "3. Always allow" / "4. Cancel",
    // each with a description / "enter to submit | esc to cancel". Codex asks its
    // PermissionRequest hook first (tool_name "mcp__<server>__<tool>").
    id: "codex-mcp-approval",
    kind: "permission_dialog",
    header: /^Allow the .+ MCP server to run tool ".+"\?$/,
    body: [/^enter to submit \| esc to cancel$/],
    answer: "never",
    verifiedOn: "0.171.0",
  },
  {
    // request_user_input in Plan mode (fixture codex-0.171.0-plan-question): "Question 1/1
    // (1 unanswered)" / the question / "› 1. <option>  <description>" … / "N. None of the
    // above  Optionally, add details in notes (tab)" / "tab to add notes | enter to submit
    // answer | esc to interrupt". No hook asks first; the model waits for the answer.
    id: "codex-plan-question",
    kind: "blocking_dialog",
    header: /^Question \d+\/\d+\b/,
    body: [/\benter to submit answer\b/],
    answer: "never",
    verifiedOn: "0.171.0",
  },
  {
    // Esc Esc on an idle composer: the transcript is browsed for a prompt to edit, under
    // the composer, with the footer "Browsing transcript · ↑↓/jk scroll · ←→/hl prompts ·
    // ^t details · ↵ rewind · esc back" (fixture codex-0.171.0-backtrack). Typed text
    // scrolls and Enter rewinds the conversation, so it holds input.
    id: "codex-backtrack",
    kind: "blocking_dialog",
    header: /^Browsing transcript · .*\besc back$/,
    answer: "never",
    verifiedOn: "0.171.0",
  },
  {
    id: "codex-unknown-gate",
    kind: "unknown_gate",
    header: /^(Do you|Is this|Load this|Trust the|New MCP|WARNING:|Hooks need)/,
    body: [
      /(enter (continue|confirm)|esc (back|skip|to cancel)|Press enter to (continue|confirm)|go back)/i,
    ],
    answer: "never",
    verifiedOn: "0.171.0",
  },
  {
    // "◦ Working (1s • esc to interrupt)" (the bullet alternates • / ◦).
    id: "codex-working",
    kind: "working",
    header: /^[•◦]\s+Working\s+\(.*esc to interrupt\)/,
    verifiedOn: "0.124.0, 0.150.0, 0.171.0",
  },
  {
    id: "codex-interrupted",
    kind: "interrupted",
    header: /^■ Conversation interrupted\b/,
    verifiedOn: "0.124.0, 0.150.0, 0.171.0",
  },
  {
    // "› Ask Codex to do anything" (placeholder) or "› <draft>", then a blank row and the
    // status line "<model> <effort> · <cwd>"; history rows "› say hi" lack that status line.
    // A draft of several rows (line breaks, or a line wrapped at the width) grows the
    // composer upward: "› row 1" / "  row 2" / … / "" / status line, so the status line
    // lies as many rows below the "›" row as the draft has rows, plus one. The lowest "›"
    // row over a status line is the composer; echoes sit higher.
    id: "codex-composer",
    kind: "composer",
    header: /^›(\s(?!\d+\.\s)|$)/,
    below: STATUS_LINE,
    belowWithin: COMPOSER_TO_STATUS_LINE_ROWS,
    // Codex always leaves a blank row over its status line; a " · " row right under text
    // is something else (a dialog's footer a tool painted, issue 49), not a composer's.
    belowAfterBlank: true,
    // The draft's rows (blank ones too) lie between the "›" row and the status line.
    boxEnd: STATUS_LINE,
    verifiedOn:
      "0.124.0, 0.150.0, 0.171.0 (drafts of several rows: 0.171.0 only, fixtures *-composer-draft-*)",
  },
  {
    // What an EMPTY composer shows (dim): not a draft (issue 25).
    id: "codex-composer-placeholder",
    kind: "composer_placeholder",
    header: /^(Ask Codex to do anything|Ask a follow-up question)$/,
    versions: { from: "0.150.0" },
    verifiedOn:
      "0.150.0, 0.171.0 (fixtures *-composer; the follow-up text: 0.171.0 binary strings)",
  },
  {
    // 0.124.0 shows one example prompt, picked at random per session, instead.
    id: "codex-composer-placeholder-examples",
    kind: "composer_placeholder",
    header:
      /^(Explain this codebase|Summarize recent commits|Implement \{feature\}|Find and fix a bug in @filename|Write tests for @filename|Improve documentation in @filename)$/,
    versions: { before: "0.150.0" },
    verifiedOn:
      "0.124.0 (fixture codex-0.124.0-composer: the bug example; the rest: the CLI's example list)",
  },
];

export const CODEX_SCREEN_FACTS: ScreenFacts = {
  rows: ROWS,
  // The highlighted option: "› 1. Trust and continue" (the composer's glyph too).
  optionMarkers: "›",
  // Codex's question and tool-approval dialogs end in a footer that says "enter to submit"
  // ("tab to add notes | enter to submit answer | esc to interrupt" under a plan-mode
  // question, "enter to submit | esc to cancel" under an MCP tool approval, both captured
  // on 0.171.0 and named by rows above): a marked, numbered list above it is a dialog even
  // when no row names it (core/screen/dialog-shape.ts).
  unknownDialogFooters: [/\benter to submit\b/i],
};
