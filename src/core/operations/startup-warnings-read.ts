// Reads the start-up warnings pager's pages (contract/operation-facts.ts) into what the MCP
// warnings carry: server names (configuration names, never conversation content) and
// which of them need a login. Pure: the unit tests feed it captured frames.
import type { StartupWarningsPagerFacts } from "../contract/operation-facts.js";

export interface PagerPage {
  readonly number: number;
  readonly count: number;
  readonly section: string;
  /** The page's body lines joined into one text (the pager wraps long warnings). */
  readonly body: string;
}

export interface McpStartupReport {
  readonly failedServers: readonly string[];
  readonly notLoggedIn: readonly string[];
  /**
   * The CLI's summary line was among the pages: every server has finished starting, so
   * no later failure will come (Codex prints it once the last server failed or started).
   */
  readonly isComplete: boolean;
}

/** The pager page on screen, or undefined when the pager is not open. */
export function readPagerPage(
  lines: readonly string[],
  facts: StartupWarningsPagerFacts,
): PagerPage | undefined {
  const headerIndex = lines.findIndex((line) => facts.pageHeader.test(line));
  if (headerIndex < 0) return undefined;
  const header = facts.pageHeader.exec(lines[headerIndex] ?? "");
  if (header === null) return undefined;
  const footerOffset = lines.slice(headerIndex + 1).findIndex((l) => facts.pageFooter.test(l));
  if (footerOffset < 0) return undefined;
  const bodyLines = lines.slice(headerIndex + 1, headerIndex + 1 + footerOffset);
  return {
    number: Number(header[1]),
    count: Number(header[2]),
    section: (header[3] ?? "").trim(),
    body: joinWrapped(bodyLines),
  };
}

/** Whether the footer badge shows at least one warning. */
export function badgeCount(
  lines: readonly string[],
  facts: StartupWarningsPagerFacts,
): number | undefined {
  for (const line of lines) {
    const match = facts.badge.exec(line);
    if (match !== null) return Number(match[1]);
  }
  return undefined;
}

/** The MCP servers the pages report as failed, and those that need a login. */
export function readMcpStartupReport(
  pages: readonly PagerPage[],
  facts: StartupWarningsPagerFacts,
): McpStartupReport {
  const failed = new Set<string>();
  const needsLogin = new Set<string>();
  let isComplete = false;
  for (const page of pages) {
    const section = facts.mcpSection.exec(page.section);
    const failedHere = facts.failedToStart.exec(page.body)?.[1];
    const loginHere = facts.notLoggedIn.exec(page.body)?.[1];
    const listed = facts.startupIncomplete.exec(page.body)?.[1];
    if (section === null && failedHere === undefined && listed === undefined) continue;
    if (failedHere !== undefined) failed.add(failedHere);
    if (loginHere !== undefined) {
      failed.add(loginHere);
      needsLogin.add(loginHere);
    }
    if (listed !== undefined) isComplete = true;
    for (const name of listed?.split(",") ?? []) {
      if (name.trim() !== "") failed.add(name.trim());
    }
  }
  return { failedServers: [...failed], notLoggedIn: [...needsLogin], isComplete };
}

// A wrapped warning continues on the next line; blank lines separate paragraphs.
function joinWrapped(lines: readonly string[]): string {
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
}
