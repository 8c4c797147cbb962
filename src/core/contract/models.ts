// The model pickers' shapes (api.md "listModels / setModel", C-API-23/24): the typed row
// callers get, and the screen knowledge each adapter supplies as versioned data.
import type { ElwoodWarningInput } from "./warnings.js";

/** One row of the CLI's `/model` picker. */
export interface AgentModelOption {
  /** Lowercase: Claude's label (`sonnet`), Codex's slug (`gpt-5.4`). */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  /** The model this session uses now. */
  readonly isCurrent: boolean;
  /** The configured default (what a new session would use). */
  readonly isDefault: boolean;
  /** The row as rendered, trimmed. */
  readonly raw: string;
}

export interface ModelOperationOptions {
  /** The whole operation, queue wait included; default 30000. */
  readonly timeoutMs?: number;
}

/** A picker stage that follows the model list (Claude's cache warning, Codex's effort list). */
export interface FollowUpStage {
  /** The stage's title line (the bottom-most one counts). */
  readonly header: RegExp;
  /** The stage's footer, proving the stage is fully rendered. */
  readonly footer: RegExp;
  /** Enter on the row starting with the chosen label, or one key. */
  readonly answer: { readonly enterOnRowStarting: string } | { readonly key: string };
}

/** What one CLI's `/model` picker looks like and how it is driven, as data. */
export interface ModelPickerFacts {
  readonly command: string;
  /** The model list's title and footer lines; together they prove the picker is up. */
  readonly header: RegExp;
  readonly footer: RegExp;
  /** A numbered row; group 1 = the cursor glyph if selected, 2 = number, 3 = the rest. */
  readonly row: RegExp;
  /**
   * Marks the current model's row, removed from the label. Absent: no row is marked and the
   * cursor opens on the current model (Gemini), so that row is current.
   */
  readonly currentMark?: RegExp;
  /** Marks the configured default's row, removed from the label; see `defaultRule`. */
  readonly defaultMark?: RegExp;
  /**
   * Which row is the default: `marked` — the row with `defaultMark`, else the current row
   * when no row carries it (Codex shows only "(current)" then); `label` — the row whose
   * label matches `defaultMark` (Claude's "Default (recommended)").
   */
  readonly defaultRule: "marked" | "label";
  /**
   * A first list that leads to the models (Gemini's "Auto" / "Manual (…)"): the row whose
   * label matches is chosen with Enter, and the list it opens is the picker. Group 1, when
   * it matched, is the model in use.
   */
  readonly entryRow?: RegExp;
  /** Shown under the list while more rows are below the visible window. */
  readonly moreBelow?: RegExp;
  /** How a label becomes an id: its first word, or the whole label slugified. */
  readonly idFrom: "first-word" | "slug";
  /** The key that applies the highlighted model for this session only, on the list. */
  readonly sessionKeyOnList?: string;
  /**
   * A line the CLI prints instead of the picker while it is still starting up, having
   * dropped the command and cleared its composer: the command is typed again later.
   */
  readonly refusedWhileStarting?: RegExp;
  /**
   * The suggestion row listed under the typed command once the CLI knows its commands; its
   * Enter waits for it (until the deadline). Gemini 0.61.0 takes a prompt while it is still
   * loading them and sends "/model" typed then to the model as a message.
   */
  readonly commandSuggestion?: RegExp;
  /**
   * Still drafted 2 s after its Enter (the first composer row is the command, suggestions
   * listed below it), the command gets another Enter: the CLI took the first one for
   * something else. Off where a held Enter may have become a newline (Codex's paste burst).
   */
  readonly enterAgainIfStillDrafted?: boolean;
  /** Stages that may follow, in order; each is answered only if it appears. */
  readonly followUps: readonly FollowUpStage[];
  readonly verifiedOn: string;
}

/**
 * Keeps the persisted default model around a picker switch (a CLI that writes the choice to
 * its config); `onPersisted` runs when it could not, and the session emits `persistedWarning`.
 */
export interface DefaultModelGuard {
  around<T>(change: () => Promise<T>, onPersisted: () => void): Promise<T>;
  readonly persistedWarning: ElwoodWarningInput;
}

/** An adapter's model-picker knowledge: the screen data and, if needed, a default guard. */
export interface ModelOperationFacts {
  readonly picker: ModelPickerFacts;
  readonly defaultGuard?: (env: Readonly<Record<string, string | undefined>>) => DefaultModelGuard;
  /**
   * The persisted default's id, read from the CLI's config, when the picker does not mark
   * it (Codex marks only "(current)", which moves with a session-only switch).
   */
  readonly persistedDefault?: (
    env: Readonly<Record<string, string | undefined>>,
  ) => Promise<string | undefined>;
}
