// The Codex start-up warnings pager (C-CODEX-09) on frames captured from 0.171.0
// (scripts/dev/capture-operation-screens.ts codex-mcp): the footer badge, each page's
// header and body, the MCP report, and the whole read (F2, → per page, F2 to close)
// through a fake terminal that replays those frames.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { codexHasMcpServers } from "../../../../src/codex/config/mcp-servers.js";
import { CODEX_STARTUP_WARNINGS } from "../../../../src/codex/screen/startup-warnings.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import {
  badgeCount,
  readMcpStartupReport,
  readPagerPage,
  readPages,
} from "../../../../src/core/operations/startup-warnings.js";
import { loadScreen } from "../screen/load-screen.js";
import { fakeOperationContext } from "./fake-operation-context.js";

const facts = CODEX_STARTUP_WARNINGS;
const frame = (name: string) => loadScreen(`codex-0.171.0-${name}`).lines;
const STARTUP = frame("mcp-startup");
const PAGES = [frame("mcp-warnings"), frame("mcp-warnings-page2")];
const CLOSED = frame("mcp-warnings-f2-closed");
const COMPOSER = frame("composer");

describe("the Codex 0.171.0 warnings pager frames", () => {
  test("C-CODEX-09: the footer badge counts warnings; closing the pager clears it", () => {
    expect(badgeCount(STARTUP, facts)).toBe(2);
    expect(badgeCount(CLOSED, facts)).toBeUndefined();
    // A start without MCP servers has a badge too (the bubblewrap notice): hence the
    // config gate (codexHasMcpServers) before the pager is ever opened.
    expect(badgeCount(COMPOSER, facts)).toBe(1);
    expect(readPagerPage(STARTUP, facts)).toBeUndefined();
  });

  test("C-CODEX-09: each page's number, count and section; MCP pages name their server", () => {
    const pages = PAGES.map((lines) => readPagerPage(lines, facts));
    expect(pages.map((page) => page?.number)).toEqual([1, 2]);
    expect(pages.every((page) => page?.count === 2)).toBe(true);
    expect(pages.map((page) => page?.section)).toEqual(["MCP · broken", "MCP · remote"]);
    expect(pages[0]?.body).toContain("MCP startup incomplete (failed: broken, remote)");
  });

  test("C-CODEX-09: the MCP report names both failed servers and no login", () => {
    const pages = PAGES.map((lines) => readPagerPage(lines, facts)).filter((p) => p !== undefined);
    expect(readMcpStartupReport(pages, facts)).toEqual({
      failedServers: expect.arrayContaining(["broken", "remote"]),
      notLoggedIn: [],
      isComplete: true,
    });
    // The remote page alone (its body wraps over several rows) still names its server,
    // but without the summary line it does not say that start-up is over.
    expect(readMcpStartupReport(pages.slice(1), facts)).toMatchObject({
      failedServers: ["remote"],
      isComplete: false,
    });
    const startupOnly = { number: 1, count: 1, section: "Startup", body: "Install bubblewrap." };
    expect(readMcpStartupReport([startupOnly], facts).failedServers).toEqual([]);
  });

  test("C-CODEX-09: a not-logged-in page (text from the binary's strings) names its server", () => {
    const page = {
      number: 1,
      count: 1,
      section: "MCP · notes",
      body: "The notes MCP server is not logged in. Run `codex mcp login notes`.",
    };
    expect(readMcpStartupReport([page], facts)).toEqual({
      failedServers: ["notes"],
      notLoggedIn: ["notes"],
      isComplete: false,
    });
  });
});

// A fake Codex: F2 opens page 1, → shows the next page, F2 closes to the captured
// closed frame, Escape would dismiss (the test fails if it is sent).
function fakeCodex() {
  const writes: string[] = [];
  let lines: readonly string[] = STARTUP;
  let page = -1;
  const terminal = {
    size: { cols: 189, rows: 48 },
    settled: async () => undefined,
    snapshot: () => ({ lines, text: lines.join("\n"), cursor: { x: 0, y: 0, isVisible: false } }),
    sendInput(data: string | Uint8Array) {
      const text = String(data);
      writes.push(text);
      if (text === facts.openKey && page < 0) page = 0;
      else if (text === facts.closeKey && page >= 0) page = -1;
      else if (text === facts.nextKey && page >= 0) page = Math.min(PAGES.length - 1, page + 1);
      lines = page < 0 ? (writes.length > 1 ? CLOSED : STARTUP) : (PAGES[page] ?? STARTUP);
    },
  } as unknown as TerminalPort;
  const context = fakeOperationContext({ displayName: "Codex", terminal });
  return { context, writes, current: () => lines };
}

describe("readPages through a fake terminal replaying the captured frames", () => {
  test("C-CODEX-09: F2, one → per page, F2 to close; no Escape, nothing typed", async () => {
    const fake = fakeCodex();
    const pages = await readPages(fake.context, facts);
    expect(pages.map((page) => page.number)).toEqual([1, 2]);
    expect(fake.writes).toEqual([facts.openKey, facts.nextKey, facts.closeKey]);
    expect(readPagerPage(fake.current(), facts)).toBeUndefined();
    expect(fake.current().some((line) => /^› Ask Codex to do anything\s*$/.test(line))).toBe(true);
  });
});

describe("codexHasMcpServers: the pager is only opened when MCP servers are configured", () => {
  test("C-CODEX-09: a config.toml naming servers arms it; none, no file or bad TOML do not", async () => {
    const home = mkdtempSync(join(tmpdir(), "elwood-mcp-config-"));
    try {
      const env = { CODEX_HOME: home };
      expect(await codexHasMcpServers(env)).toBe(false);
      writeFileSync(join(home, "config.toml"), 'model = "scripted-model"\n');
      expect(await codexHasMcpServers(env)).toBe(false);
      writeFileSync(join(home, "config.toml"), '[mcp_servers.broken]\ncommand = "false"\n');
      expect(await codexHasMcpServers(env)).toBe(true);
      writeFileSync(join(home, "config.toml"), "[mcp_servers.broken\n");
      expect(await codexHasMcpServers(env)).toBe(false);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
