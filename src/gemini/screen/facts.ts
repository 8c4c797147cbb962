// Gemini CLI screen facts, seen on the pinned CLI (prd/gemini.md "Screens"). Data only:
// matched by src/core/screen/match-screen.ts. Gemini draws its dialogs in boxes, so a
// dialog's rows start with "│".
import type { ScreenFact, ScreenFacts } from "../../core/screen/types.js";
import { KEYS } from "../../terminal/input.js";

/** Rows from the composer's ">" row down to its footer; a draft of several rows grows it. */
const COMPOSER_TO_FOOTER_ROWS = 16;
/** The footer under the composer: "workspace (/directory)  sandbox  /model". */
const COMPOSER_FOOTER = /^workspace \(\/directory\)/;

const ROWS: readonly ScreenFact[] = [
  {
    // "Do you trust the files in this folder?" / "Trusting a folder allows Gemini CLI to load
    // its local configurations, …" / "● 1. Trust folder (<name>)" / "2. Trust parent folder
    // (<name>)" / "3. Don't trust". Never answered on screen: trusting makes Gemini restart
    // itself ("Gemini CLI is restarting to apply the trust changes...") and the one process
    // Elwood keeps (GEMINI_CLI_NO_RELAUNCH) then hangs; autotrust is `--skip-trust` instead.
    id: "gemini-folder-trust",
    kind: "startup_prompt",
    label: "workspace_trust",
    header: /^│?\s*Do you trust the files in this folder\?/,
    body: [/Trust folder \(/],
    answer: "never",
    verifiedOn: "0.61.0",
  },
  {
    // "? Shell  <command>" / the command boxed / "Allow execution of [Shell]?" /
    // "● 1. Allow once" / "2. Allow for this session" / "3. No, suggest changes (esc)".
    // Never answered on its own; a pending approval its Notification hook announced is
    // answered with `approvalKeys` while this row and its body show (prd/gemini.md
    // "Approvals"): "1" picks "1. Allow once" at once (a list under ten options takes a
    // digit as its choice), and Escape cancels the call as "No" does.
    id: "gemini-tool-permission",
    kind: "permission_dialog",
    header: /^│?\s*(Allow execution of \S|Apply this change\?|Allow execution of MCP tool)/,
    body: [/\b1\. Allow once\b/],
    answer: "never",
    approvalKeys: { allow: "1", deny: KEYS.escape },
    verifiedOn: "0.61.0",
  },
  {
    // "⠇ Thinking... (esc to cancel, 2s)" — the spinner glyph and the phrase vary.
    id: "gemini-working",
    kind: "working",
    header: /^\S+\s.*\(esc to cancel, \d/,
    verifiedOn: "0.61.0",
  },
  {
    id: "gemini-interrupted",
    kind: "interrupted",
    header: /^ℹ\s*Request cancelled\./,
    verifiedOn: "0.61.0",
  },
  {
    // "> Type your message or @path/to/file" (placeholder) or "> <draft>", then a blank row
    // and the footer "workspace (/directory)  sandbox  /model"; history rows "> say hi"
    // have no footer close below. The lowest such row over the footer is the composer. In
    // yolo mode the glyph is "*" (under "YOLO Ctrl+Y"); history rows keep ">".
    id: "gemini-composer",
    kind: "composer",
    header: /^[>*](\s|$)/,
    below: COMPOSER_FOOTER,
    belowWithin: COMPOSER_TO_FOOTER_ROWS,
    // Gemini leaves a blank row over its footer (0.61.0 ready screen); the rows between the
    // ">" row and the footer are the draft, never read as a dialog (issue 49).
    belowAfterBlank: true,
    boxEnd: COMPOSER_FOOTER,
    verifiedOn: "0.61.0",
  },
  {
    // A draft starting with "/" lists matching commands between it and the footer
    // ("* /model" / "model   Manage model configuration" / footer), with no blank row over
    // the footer. Only such a draft is read so: a history row "> say hi" never is.
    id: "gemini-composer-command",
    kind: "composer",
    header: /^[>*]\s+\/\S*$/,
    below: COMPOSER_FOOTER,
    belowWithin: COMPOSER_TO_FOOTER_ROWS,
    boxEnd: COMPOSER_FOOTER,
    verifiedOn: "0.61.0",
  },
  {
    id: "gemini-composer-placeholder",
    kind: "composer_placeholder",
    header: /^Type your message or @path\/to\/file$/,
    verifiedOn: "0.61.0",
  },
];

export const GEMINI_SCREEN_FACTS: ScreenFacts = {
  rows: ROWS,
  // The highlighted option: "● 1. Allow once".
  optionMarkers: "●",
};
