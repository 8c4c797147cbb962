// Adapter-neutral shapes of screen knowledge (spec "Status model", "Trust-gate
// automation"): adapters supply versioned tables of these rows; core matches them.

export type ScreenFactKind =
  | "startup_prompt" // a gate at launch that Elwood may answer (trust, bypass, update, onboarding)
  | "permission_dialog" // a tool/command approval: a human decision, never answered
  | "blocking_dialog" // any other known dialog that must block and is never answered (API key)
  | "unknown_gate" // an unrecognized prompt with options: hold input, never answer
  | "working"
  | "interrupted"
  | "composer"
  | "composer_placeholder" // what an EMPTY composer shows: `header` matches its whole text
  | "auth_failure";

export const DIALOG_KINDS: ReadonlySet<ScreenFactKind> = new Set([
  "startup_prompt",
  "permission_dialog",
  "blocking_dialog",
  "unknown_gate",
]);

export interface ScreenFact {
  readonly id: string;
  readonly kind: ScreenFactKind;
  /** startup_prompt label from the spec's closed set (workspace_trust, update, …). */
  readonly label?: string;
  /** Matched against one trimmed screen line; for dialogs it starts the dialog region. */
  readonly header: RegExp;
  /** Native body lines that must ALL appear in the region below the header. */
  readonly body?: readonly RegExp[];
  /** The row above / a row below the header must match; `below` within `belowWithin` rows (1). */
  readonly above?: RegExp;
  readonly below?: RegExp;
  readonly belowWithin?: number;
  /** The `below` row (and `boxEnd`) counts only with a blank row right above it. */
  readonly belowAfterBlank?: boolean;
  /**
   * composer: the row that closes the input box under its first row (a rule, a status
   * line); the rows between are the draft, which is never read as a dialog (issue 49).
   * Looked for within `belowWithin` rows (1).
   */
  readonly boxEnd?: RegExp;
  /**
   * The label of the one option Elwood may choose (trust allowlist, or a decline/skip).
   * `endKeys`: the list's Home and End focus its first and last option. Then a first or
   * last option is reached with that one key, which a repeat cannot overshoot; arrows wrap,
   * so a repeated arrow that a starved CLI took late lands on the option beside it.
   */
  readonly affirmative?: { readonly label: RegExp; readonly endKeys?: boolean };
  /** Least time from the dialog's first frame to the first key (a CLI drains typeahead then). */
  readonly firstKeyAfterMs?: number;
  readonly answer?: "autotrust" | "always" | "never";
  /**
   * permission_dialog: the keys that answer it for a human's approval (prd/approvals.md "On
   * screen"), for a CLI whose hooks only announce the dialog. Never typed by the screen
   * watcher: only for a pending approval the CLI's own hook announced, and only while a
   * frame shows this row with its body.
   */
  readonly approvalKeys?: { readonly allow: string; readonly deny: string };
  /** CLI versions that paint this row: `from` inclusive, `before` exclusive; absent = every version. */
  readonly versions?: { readonly from?: string; readonly before?: string };
  /** CLI version(s) the row was seen on, each with a captured fixture (or a note why not). */
  readonly verifiedOn: string;
}

/** One CLI's screen knowledge: its versioned fact rows and how it marks an option. */
export interface ScreenFacts {
  readonly rows: readonly ScreenFact[];
  /** The glyph(s) a highlighted dialog or picker option starts with, one character each. */
  readonly optionMarkers: string;
  /**
   * Footers the CLI paints under its dialogs: a numbered, marked option list above one of
   * these with no composer under it is a dialog even when no row names it (dialog-shape.ts).
   */
  readonly unknownDialogFooters?: readonly RegExp[];
}

export interface OptionRow {
  readonly row: number;
  readonly label: string;
  readonly number?: number;
  readonly isSelected: boolean;
}

export interface DialogMatch {
  readonly factId: string;
  readonly kind: ScreenFactKind;
  readonly label?: string;
  readonly headerRow: number;
  readonly hasBody: boolean;
  readonly options: readonly OptionRow[];
  /** Indexes into `options` of the highlighted row and of the fact's affirmative, when shown. */
  readonly selectedIndex?: number;
  readonly affirmativeIndex?: number;
}

export interface ScreenMatch {
  readonly dialog?: DialogMatch;
  /** Ids of every fact that matched this frame (the attention label lists these). */
  readonly matchedRuleIds: readonly string[];
  readonly isWorking: boolean;
  readonly isInterrupted: boolean;
  readonly hasAuthFailure: boolean;
  readonly hasComposer: boolean;
  readonly composerRow?: number;
  readonly isCursorOnComposer: boolean;
}
