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

interface McpStartupReport {
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
  const top = lines.findIndex((line) => facts.pageHeader.test(line));
  const header = top < 0 ? null : facts.pageHeader.exec(lines[top] ?? "");
  const footer = lines.findIndex((line, index) => index > top && facts.pageFooter.test(line));
  if (header === null || footer < 0) return undefined;
  return {
    number: Number(header[1]),
    count: Number(header[2]),
    section: (header[3] ?? "").trim(),
    body: joinWrapped(lines.slice(top + 1, footer)),
  };
}

/** The warning count the footer badge shows, if a badge shows. */
export function badgeCount(lines: readonly string[], facts: StartupWarningsPagerFacts) {
  const match = lines.map((line) => facts.badge.exec(line)).find((found) => found !== null);
  return match ? Number(match[1]) : undefined;
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
