// The screen and protocol knowledge an adapter supplies for session operations, as data
// versioned in its screen/ folder (`verifiedOn`); operations/ holds the code that reads it.
import type { ModelOperationFacts } from "./models.js";

export interface AgentOperationFacts {
  /** Absent: images are refused with unsupported_platform. */
  readonly images?: ImageAttachFacts | ImageReferenceFacts;
  /** Absent: compact() is refused with compact_failed (the CLI cannot compact). */
  readonly compact?: CompactFacts;
  /** Absent: the agent has no login() (Codex) and no login_expired warning. */
  readonly login?: LoginFacts;
  /** Absent: listModels()/setModel() are refused with model_automation_failed. */
  readonly models?: ModelOperationFacts;
  /** Absent: the CLI shows start-up warnings inline (or not at all); nothing is read. */
  readonly startupWarnings?: StartupWarningsPagerFacts;
}

/** The compaction command, the hook that says it began, and how its end shows. */
export type CompactFacts = CompactCommandFacts & CompactEndFacts;

interface CompactCommandFacts {
  readonly command: string;
  readonly startHook: string;
  readonly verifiedOn: string;
}

/**
 * A CLI with a compaction-end hook (Claude, Codex) declares it; one without declares the
 * outcome line it draws instead (only one drawn after the command was typed counts).
 */
type CompactEndFacts =
  | { readonly endHook: string; readonly outcome?: never }
  | { readonly endHook?: never; readonly outcome: CompactOutcomeFacts };

/** The lines a CLI draws when a compaction ends. */
export interface CompactOutcomeFacts {
  /** The history was replaced by the summary. */
  readonly done: RegExp;
  /** It was not (nothing to compact, a failed or refused summary); the line is the reason. */
  readonly failed: RegExp;
}

/** How the CLI's composer takes an image. */
export interface ImageAttachFacts {
  /** How the CLI attaches an image on this platform; "unsupported" explains why not. */
  readonly mechanism: "paste-path" | { readonly unsupported: string };
  /** The composer's first line: the prompt glyph (the last such line on screen). */
  readonly promptLine: RegExp;
  /** One attachment chip in the composer; must be a global regex. */
  readonly chip: RegExp;
  /** Where the composer ends below its first line (a rule or a blank line). */
  readonly composerEnd: RegExp;
  /** Typed between the last chip and the text, if the CLI does not add it itself. */
  readonly textSeparator: string;
  readonly verifiedOn: string;
}

/**
 * A CLI that reads an image named in the prompt itself (`@<absolute path>`): the references
 * go before the text, in order, and the CLI attaches each file when it takes the prompt.
 */
export interface ImageReferenceFacts {
  readonly mechanism: "reference";
  /** How one image file is named in the prompt. */
  reference(path: string): string;
  /**
   * A folder the CLI reads without asking, for this session's environment and folder: every
   * image is then copied into a private folder inside it (Gemini asks before it reads a
   * file outside the workspace). Absent or undefined: files are named where they are.
   */
  readableFolder?(
    env: Readonly<Record<string, string | undefined>>,
    cwd: string,
  ): Promise<string | undefined>;
  readonly verifiedOn: string;
}

/** What a CLI's interactive login looks like on screen, and the hook that says it lapsed. */
export interface LoginFacts {
  /** Typed into the composer to open the login dialog. */
  readonly command: string;
  /** The dialog's title row; stages are read only BELOW the last such row on screen. */
  readonly dialogHeader: RegExp;
  /** The method list's prompt, and each method's option label. */
  readonly methodPrompt: RegExp;
  readonly methods: Readonly<Record<string, RegExp>>;
  readonly selectedOption: RegExp;
  /** A line that starts the sign-in URL (it may wrap onto following full-width lines). */
  readonly url: RegExp;
  /** Hosts an auth URL may point at; anything else is refused, never passed on. */
  readonly allowedHosts: readonly string[];
  /** The paste prompt for the code the browser shows. */
  readonly codePrompt: RegExp;
  readonly success: RegExp;
  /** After success, the key prompt that dismisses the dialog (answered with one Enter). */
  readonly continuePrompt: RegExp;
  readonly failure: RegExp;
  /** The hook that reports a failed turn, and its field values that mean "login lapsed". */
  readonly lapseHook: {
    readonly name: string;
    readonly field: string;
    readonly values: readonly string[];
  };
  readonly verifiedOn: string;
}

/** A CLI that folds its start-up warnings into a pager behind a footer badge (Codex 0.171.0). */
export interface StartupWarningsPagerFacts {
  /** The footer badge; group 1 is the warning count. */
  readonly badge: RegExp;
  readonly openKey: string;
  readonly nextKey: string;
  /** Closes the pager with the composer back unchanged (it may mark warnings as seen). */
  readonly closeKey: string;
  /** A page's header; groups: 1 page number, 2 page count, 3 section ("MCP · broken"). */
  readonly pageHeader: RegExp;
  /** The pager's key-hint line, the last line of a page. */
  readonly pageFooter: RegExp;
  /** A section naming one MCP server; group 1 is its configured name. */
  readonly mcpSection: RegExp;
  /** Body text naming a server that failed to start; group 1 is its name. */
  readonly failedToStart: RegExp;
  /** Body text listing every failed server; group 1 is the comma-separated names. */
  readonly startupIncomplete: RegExp;
  /** Body text saying a server needs a login; group 1 is its name. */
  readonly notLoggedIn: RegExp;
  /** The recovery command for a server that needs a login / for any other failure. */
  readonly loginCommand: (server: string) => string;
  readonly inspectCommand: (server: string) => string;
  /** Whether the session's config could have start-up warnings worth the pager's cost. */
  readonly isWorthReading: (env: Readonly<Record<string, string | undefined>>) => Promise<boolean>;
  readonly verifiedOn: string;
}
