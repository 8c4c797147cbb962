// mcp_startup_incomplete / mcp_server_not_logged_in (C-CODEX-09, prd/operations.md
// "Warnings from operations"): from the first ready until the first turn, watch for the
// pager's footer badge, read its pages in one readiness slot, and emit the warnings once.
// The page readers are pure and keep only server names (configuration, never content).
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { SessionContext } from "../context/session-context.js";
import type { StartupWarningsPagerFacts } from "../contract/operation-facts.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { dismiss, type OperationHost, pollScreen, renderedLines, sleep } from "./context.js";

/** How long after the first ready a late badge is still looked for (MCP servers start late). */
export const STARTUP_WARNINGS_WINDOW_MS = 20_000;
const POLL_MS = 250;
const BADGE_SETTLE_MS = 2000;
const PAGE_TIMEOUT_MS = 3000;

export class StartupWarningsWatch {
  readonly #parts: OperationHost<StartupWarningsPagerFacts>;
  #unsubscribe: ElwoodUnsubscribe | undefined;
  #isDone = false;
  #isReading = false;
  #hasBeenReady = false;
  /** What the reads so far found; emitted once, when complete or when watching ends. */
  readonly #failed = new Set<string>();
  readonly #notLoggedIn = new Set<string>();
  #isEmitted = false;
  /** Settles with the adapter's verdict on the config (read once, at construction). */
  readonly #isWorthReading: Promise<boolean>;

  constructor(parts: OperationHost<StartupWarningsPagerFacts>) {
    this.#parts = parts;
    this.#isWorthReading = parts.facts.isWorthReading(parts.env).catch(() => false);
    this.#unsubscribe = parts.context.events.on("status", (event) => {
      if (event.status === "ready" && !this.#hasBeenReady) {
        this.#hasBeenReady = true;
        void this.#watch();
      } else if (event.status !== "ready" && this.#hasBeenReady) {
        this.#finish(); // the first turn (or a close) started: too late to open a pager
      }
    });
  }

  async #watch(): Promise<void> {
    const { context, facts } = this.#parts;
    const { clock } = context;
    const deadline = clock.now() + STARTUP_WARNINGS_WINDOW_MS;
    // Never read the screen inside a status delivery (FINDINGS 05:05): a later tick, and
    // only when the config could have produced an MCP warning at all.
    if (!(await this.#isWorthReading)) return this.#finish();
    await sleep(context, 0);
    let lastCount = 0;
    let countSince = 0;
    while (!this.#isDone && !context.lifetime.isClosed) {
      const count = badgeCount(context.terminal.snapshot().lines, facts) ?? 0;
      const now = clock.now();
      if (count !== lastCount) {
        lastCount = count;
        countSince = now;
      }
      // MCP servers fail one by one (a refused HTTP server after a dead stdio one), and the
      // summary line comes with the last: read once the count has held still.
      if (count > 0 && (now - countSince >= BADGE_SETTLE_MS || now >= deadline)) {
        await this.#read();
        lastCount = 0;
        if (this.#isDone || clock.now() >= deadline) break;
      } else if (now >= deadline) {
        break;
      }
      await sleep(context, POLL_MS);
    }
    this.#finish();
  }

  // A read before the last server failed shows no summary line: what it found is kept,
  // and the watch goes on for the badge the later failures bring (the pager counts what
  // it showed as seen, so a new badge means new warnings).
  async #read(): Promise<void> {
    const { facts } = this.#parts;
    this.#isReading = true;
    await this.#parts
      .run("startup_warnings", async (slot) => {
        await waitForSafeScreen(slot);
        if ((badgeCount(await renderedLines(slot), facts) ?? 0) === 0) return;
        const report = readMcpStartupReport(await readPages(slot, facts), facts);
        for (const server of report.failedServers) this.#failed.add(server);
        for (const server of report.notLoggedIn) this.#notLoggedIn.add(server);
        if (report.isComplete) this.#finish();
      })
      // A failed read (session closed, pager not found) is silent: it only loses a warning.
      .catch(() => undefined);
    this.#isReading = false;
  }

  #finish(): void {
    this.#isDone = true;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    // A read still in flight finishes first; the watch's own finish then emits.
    if (!this.#isReading) this.#emitOnce();
  }

  #emitOnce(): void {
    const { context, facts } = this.#parts;
    if (this.#isEmitted || this.#failed.size === 0 || context.lifetime.isClosed) return;
    this.#isEmitted = true;
    const failedServers = [...this.#failed];
    context.events.emitWarning({
      source: "terminal",
      code: "mcp_startup_incomplete",
      message: "Some MCP servers failed to start; their tools are unavailable in this session.",
      failedServers,
      recoveryCommands: failedServers.map((server) =>
        this.#notLoggedIn.has(server) ? facts.loginCommand(server) : facts.inspectCommand(server),
      ),
    });
    for (const server of this.#notLoggedIn) {
      context.events.emitWarning({
        source: "terminal",
        code: "mcp_server_not_logged_in",
        message: "An MCP server needs a login before its tools are available.",
        mcpServerName: server,
        recoveryCommand: facts.loginCommand(server),
      });
    }
  }
}

/** Opens the pager, collects every page, closes it; the composer is left as it was. */
export async function readPages(
  context: SessionContext,
  facts: StartupWarningsPagerFacts,
): Promise<PagerPage[]> {
  const waitForPage = (isWanted: (page: PagerPage) => boolean) =>
    pollScreen(
      context,
      (lines) => {
        const page = readPagerPage(lines, facts);
        return page !== undefined && isWanted(page) ? page : undefined;
      },
      PAGE_TIMEOUT_MS,
    );
  context.terminal.sendInput(facts.openKey);
  const pages: PagerPage[] = [];
  try {
    let page = await waitForPage(() => true);
    while (page !== undefined) {
      pages.push(page);
      if (page.number >= page.count) break;
      const previous = page.number;
      context.terminal.sendInput(facts.nextKey);
      page = await waitForPage((next) => next.number !== previous);
    }
  } finally {
    const close = {
      isOpen: (lines: readonly string[]) => readPagerPage(lines, facts) !== undefined,
      stageOf: (lines: readonly string[]) => readPagerPage(lines, facts)?.number.toString(),
      key: facts.closeKey,
      attempts: 1,
      waitMs: PAGE_TIMEOUT_MS,
    };
    if (!context.lifetime.isClosed) await dismiss(context, close);
  }
  return pages;
}

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
  /** The CLI's summary line was among the pages: every server has finished starting. */
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
