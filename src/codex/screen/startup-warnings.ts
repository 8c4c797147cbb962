// Codex's start-up warnings pager (C-CODEX-09), captured from 0.171.0 offline with one
// stdio MCP server that exits at once and one HTTP server on a closed loopback port
// (test/fixtures/screens/codex-0.171.0-mcp-*.txt). Codex prints no MCP text on its main
// screen: the footer shows "⚠ 7 warnings · f2 to view"; F2 opens a pager
//   "Warnings · 6 of 7 · MCP · broken" / "MCP client for `broken` failed to start: …" /
//   "MCP startup incomplete (failed: broken, remote)" / "k keep & next · esc dismiss & close …"
// → shows the next page; Escape DISMISSES the shown warning and closes; F2 again closes
// with nothing typed (Codex then counts the warnings as seen: the badge goes, reopening
// shows "No warnings"). F2 is used: it leaves the composer exactly as it was.
// The not-logged-in text ("The <name> MCP server is not logged in. Run `codex mcp login
// <name>`.") comes from the binary's strings: it needs an OAuth-advertising HTTP server.
import type { StartupWarningsPagerFacts } from "../../core/contract/operation-facts.js";
import { codexHasMcpServers } from "../config/mcp-servers.js";

const F2 = "\x1bOQ";

export const CODEX_STARTUP_WARNINGS: StartupWarningsPagerFacts = {
  badge: /⚠ (\d+) warnings? · f2 to view/,
  openKey: F2,
  nextKey: "\x1b[C",
  closeKey: F2,
  pageHeader: /^\s*Warnings · (\d+) of (\d+) · (.+?)\s*$/,
  pageFooter: /\besc dismiss\b/,
  mcpSection: /^MCP · (\S+)$/,
  failedToStart: /MCP client for `([^`]+)` failed to start/,
  startupIncomplete: /MCP startup incomplete \(failed: ([^)]*)\)/,
  notLoggedIn: /is not logged in\. Run `codex mcp login ([^`\s]+)`/,
  loginCommand: (server) => `codex mcp login ${server}`,
  inspectCommand: (server) => `codex mcp get ${server}`,
  isWorthReading: codexHasMcpServers,
  verifiedOn: "0.171.0 (offline: badge, pages, F2/→/Escape live; not-logged-in from strings)",
};
