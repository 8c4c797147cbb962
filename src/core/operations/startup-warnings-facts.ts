// What an adapter tells core about a CLI that folds its start-up warnings into a pager
// behind a footer badge (Codex 0.171.0: "⚠ 7 warnings · f2 to view"). Data, versioned in
// the adapter's screen/ folder; core drives the keys and reads the pages.
export interface StartupWarningsPagerFacts {
  /** The footer badge; group 1 is the warning count. */
  readonly badge: RegExp;
  /** Opens the pager. */
  readonly openKey: string;
  /** Shows the next page. */
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
