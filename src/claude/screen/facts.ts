// Claude Code screen facts, verified against the real CLI (prd/screens.md has the exact
// texts; fixtures in test/fixtures/screens/claude-*). Data only: matched by
// src/core/screen/match-screen.ts. Options are always picked by label, never position:
// 2.1.332 lists "No, exit" FIRST and selected on both trust and bypass dialogs.
import type { ScreenFact, ScreenFacts } from "../../core/screen/types.js";

const RULE = /^─{20,}$/;
/** The most rows a draft may show between the composer's "❯" row and the rule closing it. */
const COMPOSER_ROWS = 48;
const NATIVE_FOOTER =
  /(Enter to confirm|Esc to cancel|Press enter to (continue|confirm)|esc to cancel|go back)/i;

/**
 * 2.1.332's confirm dialogs refuse keys for a moment after they open (an accidental-
 * keypress guard): the first arrow written on the first frame was dropped on every start,
 * and only its repeat moved the highlight. The first key waits this long instead.
 */
const AFTER_INPUT_GUARD_MS = 1000;

const ROWS: readonly ScreenFact[] = [
  {
    // 2.1.332: "Accessing workspace:" / path / "Quick safety check: …" / unnumbered
    // "❯ No, exit" then "Yes, I trust this folder". 2.1.144/2.1.197: numbered, "1. Yes" first.
    id: "claude-workspace-trust",
    kind: "startup_prompt",
    label: "workspace_trust",
    header: /^(Accessing workspace:|Quick safety check:)/,
    body: [
      /Quick safety check: Is this a project you created or one you trust\?/,
      /be able to read, edit, and execute files here\./,
    ],
    affirmative: { label: /^Yes, I trust this folder$/, endKeys: true },
    firstKeyAfterMs: AFTER_INPUT_GUARD_MS,
    answer: "autotrust",
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    id: "claude-bypass-permissions",
    kind: "startup_prompt",
    label: "bypass_permissions",
    header: /^WARNING: Claude Code running in Bypass Permissions mode$/,
    body: [
      /In Bypass Permissions mode, Claude Code will not ask for your approval before running potentially dangerous commands\./,
      /you accept all responsibility for actions taken while running in Bypass Permissions mode/,
    ],
    affirmative: { label: /^Yes, I accept$/, endKeys: true },
    firstKeyAfterMs: AFTER_INPUT_GUARD_MS,
    answer: "autotrust",
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    // A project .mcp.json naming one server Claude has not been told about: "New MCP
    // server found in this project: <name>" / "MCP servers may execute code or access
    // system resources. …" / "Use this MCP server" / "Use this and all future MCP servers
    // in this project" / "Continue without using this MCP server". The narrowest yes is
    // the answer (C-CLAUDE-14); Claude itself records it in .claude/settings.local.json.
    // Several new servers at once get a multi-select ("N new MCP servers found …"), which
    // stays an unknown gate: it holds input and blocks.
    id: "claude-mcp-trust",
    kind: "startup_prompt",
    label: "mcp_trust",
    header: /^New MCP server found in this project: /,
    body: [/MCP servers may execute code or access system resources\./],
    affirmative: { label: /^Use this MCP server$/, endKeys: true },
    firstKeyAfterMs: AFTER_INPUT_GUARD_MS,
    answer: "autotrust",
    verifiedOn: "2.1.332 (e2e claude-start; texts from the 2.1.332 binary)",
  },
  {
    // Claude in Chrome's per-action prompt ("Allow Claude in Chrome to <action> on <host>?"),
    // asked as a tool permission (PermissionRequest) for a connected extension's tab. Before
    // the start-up row below, which its unanchored header would otherwise claim (issue 47).
    // Not reachable offline: with `--chrome` and no extension no claude-in-chrome tool is
    // offered at all (prd/screens.md "Claude in Chrome").
    id: "claude-chrome-action",
    kind: "permission_dialog",
    header: /^Allow Claude in Chrome to .+\?$/,
    answer: "never",
    verifiedOn: "unverified (2.1.332 binary strings; needs the browser extension)",
  },
  {
    // Not reproducible offline; text per the spec (decline, label browser_tools). Declined
    // with Escape, never by choosing an option.
    id: "claude-browser-tools",
    kind: "startup_prompt",
    label: "browser_tools",
    header: /Claude in Chrome/,
    body: [NATIVE_FOOTER],
    answer: "always",
    verifiedOn: "unverified (spec C-CLAUDE-11; text from 2.1.332 binary strings)",
  },
  {
    // "Bash command" / description / ╌ rule / command / ╌ rule / "Do you want to proceed?"
    // "❯ 1. Yes" "2. Yes, and always allow access to <dir> from this project"
    // "3. Yes, and switch to auto mode · …" "4. No"; footer "Esc to cancel · Tab to amend".
    // An MCP tool's is the same dialog under "Tool use" / "<tool> — <title> (MCP)" / its
    // input / "About the <tool>…" (fixture claude-2.1.332-mcp-tool-permission).
    id: "claude-tool-permission",
    kind: "permission_dialog",
    header: /^Do you want to (proceed|make this edit to|create|allow)\b.*\?$/,
    body: [/^Esc to cancel/],
    answer: "never",
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    // ExitPlanMode with a plan file written (fixture claude-2.1.332-plan-approval): "Ready to
    // code?" / "Here is Claude's plan:" / the plan between ╌ rules / "Claude has written up a
    // plan and is ready to execute. Would you like to proceed?" / "❯ 1. Yes, and use auto
    // mode" / "2. Yes, manually approve edits" / "3. Tell Claude what to change" / "ctrl+g to
    // edit in Vim · <plan file>". The CLI asks it through PermissionRequest (tool
    // ExitPlanMode), so it is a tool permission: a pending approval where approvals run.
    id: "claude-plan-approval",
    kind: "permission_dialog",
    header: /^Ready to code\?$/,
    body: [/Would you like to proceed\?$/],
    answer: "never",
    verifiedOn: "2.1.332",
  },
  {
    // ExitPlanMode with no plan file (fixture claude-2.1.332-exit-plan-mode): "Exit plan
    // mode?" / "Claude wants to exit plan mode" / "❯ 1. Yes, and switch to default (ask each
    // time) for this session" / "2. No". Also asked through PermissionRequest.
    id: "claude-exit-plan-mode",
    kind: "permission_dialog",
    header: /^Exit plan mode\?$/,
    body: [/^Claude wants to exit plan mode$/],
    answer: "never",
    verifiedOn: "2.1.332",
  },
  {
    // AskUserQuestion (fixture claude-2.1.332-question): the question's tab row "☐ <header>"
    // ("← ☐ … →" with several), the question, "❯ 1. <option>" rows with their descriptions,
    // "Type something.", a rule, "Chat about this", "Enter to select · ↑/↓ to navigate · Esc
    // to cancel". Asked through PermissionRequest (tool AskUserQuestion).
    id: "claude-question",
    kind: "permission_dialog",
    header: /^(←\s+)?☐\s/,
    body: [/^Enter to select · ↑\/↓ to navigate · Esc to cancel$/],
    answer: "never",
    verifiedOn: "2.1.332",
  },
  {
    // ANTHROPIC_API_KEY not yet approved: "Yes" / "❯ No (recommended)". Must block.
    id: "claude-api-key",
    kind: "blocking_dialog",
    header: /^Detected a custom API key in your environment$/,
    body: [/^Do you want to use this API key\?$/],
    answer: "never",
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    // Auto mode (2.1.332's default) with no reachable safety classifier, e.g. offline:
    // "Auto mode can't check actions in this session … Enter to stay in auto mode".
    // Claude waits for a person here, so it blocks like any other human decision.
    id: "claude-auto-mode-unavailable",
    kind: "blocking_dialog",
    header: /^Auto mode can't check actions\b/,
    answer: "never",
    verifiedOn: "2.1.332 (seen in e2e runs; no fixture captured)",
  },
  {
    // The model/effort switch confirmation ("Switch model?" / "Change effort level?" /
    // "❯ 1. Yes, switch to Haiku 5.5" / "2. No, go back" / "Enter to confirm · Esc to
    // cancel"; test/fixtures/pickers/claude-2.1.332-model-switch-confirm.txt). Opened by a
    // person it waits for them (C-ATTN-04); only setModel() answers its own.
    id: "claude-model-switch-confirm",
    kind: "blocking_dialog",
    header: /^(Switch model\?|Change effort level\?)$/,
    body: [/^Enter to confirm · Esc to cancel$/],
    answer: "never",
    verifiedOn: "2.1.332",
  },
  {
    // Esc Esc on an idle composer: "Rewind" / "Restore the code and/or conversation to the
    // point before…" / each prompt / "❯ (current)" / "Enter to continue · Esc to cancel"
    // (fixture claude-2.1.332-rewind). A prompt typed into it is lost, so it holds input.
    id: "claude-rewind",
    kind: "blocking_dialog",
    header: /^Rewind$/,
    body: [/^Restore the code and\/or conversation to the point before/],
    answer: "never",
    verifiedOn: "2.1.332",
  },
  {
    // Dialog titles Elwood has no row for; they hold input and show as attention with
    // their text. "N new MCP servers found in this project" (2.1.332), "Settings
    // Warning" / "Settings Error" (a --settings problem; fixtures claude-*-settings-warning).
    id: "claude-unknown-gate",
    kind: "unknown_gate",
    header:
      /^(Do you|Quick safety|Is this|Load this|Trust the|New MCP|WARNING:|Claude Code running|Settings (Warning|Error)$)/,
    body: [NATIVE_FOOTER],
    answer: "never",
    verifiedOn: "2.1.332",
  },
  {
    // Footer while a turn runs: "⏸ manual mode on · esc to interrupt" / "⏵⏵ auto mode on … · esc to interrupt".
    // 2.1.144/2.1.197 paint a bare "esc to interrupt" first; their spinner row marks work.
    id: "claude-working-footer",
    kind: "working",
    header: /·\s*esc to interrupt\b/,
    verifiedOn: "2.1.332",
  },
  {
    // Spinner row: a glyph, a gerund and an ellipsis ("✽ Clauding…", "✢ Sock-hopping… (2s · ↓ 7 tokens)").
    // The finished row ("✻ Churned for 12s · done 11:23 PM") has no ellipsis and does not match.
    id: "claude-working-spinner",
    kind: "working",
    header: /^[✻✽✢✳✶✺*·]\s+\S[^…]*…(\s|$)/,
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    // After Escape: "⎿  Interrupted · What should Claude do instead?".
    id: "claude-interrupted",
    kind: "interrupted",
    header: /^⎿\s+Interrupted\b/,
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    // The input box: "❯ " right under a full-width ─ rule (another rule closes it below,
    // after any draft lines); history prompts "❯ say hi" have no rule above.
    id: "claude-composer",
    kind: "composer",
    header: /^❯(\s|$)/,
    above: RULE,
    // The draft's rows lie between the "❯" row and the rule under them.
    boxEnd: RULE,
    belowWithin: COMPOSER_ROWS,
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    // Dim hints an EMPTY composer shows after a failed request ("❯ Once fixed, resend your
    // message"): not a draft, so a person's keys did not leave text behind (issue 25).
    id: "claude-composer-placeholder",
    kind: "composer_placeholder",
    header:
      /^(Once fixed, resend your message|Resend your message to try again|Run \/rewind to go back)$/,
    verifiedOn: "2.1.332 (fixture claude-2.1.332-auth-failure; the other two: binary strings)",
  },
  {
    // A 401 with no retries left shows "⎿  Not logged in · Please run /login".
    id: "claude-auth-not-logged-in",
    kind: "auth_failure",
    header: /Not logged in · Please run \/login/,
    verifiedOn: "2.1.144, 2.1.197, 2.1.332",
  },
  {
    id: "claude-auth-invalid-key",
    kind: "auth_failure",
    header: /(API Error: 401|Invalid API key · Please run \/login|OAuth token has expired)/,
    verifiedOn: "2.1.332 (binary strings)",
  },
];

/**
 * The window title while Claude works (C-TURN-05): 2.1.332 alternates "◐ Claude Code" and
 * "◑ Claude Code" (idle is "✳ Claude Code"); earlier releases spun a braille glyph.
 */
export const CLAUDE_WORKING_TITLE = /^[\u2800-\u28FF◐◑◒◓]\s/u;

export const CLAUDE_SCREEN_FACTS: ScreenFacts = {
  rows: ROWS,
  // The highlighted option of a dialog or picker: "❯ No, exit", "❯ 1. Yes".
  optionMarkers: "❯",
  // The footers of Claude's dialogs, whole rows: confirm dialogs (trust, bypass, model
  // switch), tool permissions, AskUserQuestion. The /model picker paints "s to use this
  // session only · Enter to save · Esc to cancel", which none matches, so it stays a picker;
  // a bare "Esc to cancel" would not tell them apart (core/screen/dialog-shape.ts).
  unknownDialogFooters: [
    /^Enter to confirm · Esc to cancel$/,
    /^Esc to cancel · Tab to amend\b/,
    /^Enter to select · ↑\/↓ to navigate · Esc to cancel$/,
  ],
};
