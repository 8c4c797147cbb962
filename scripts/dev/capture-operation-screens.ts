// Dev tool: captures the screens of session operations that need a live Elwood session
// (the pinned CLIs in a seeded agent home, the scripted model server, all offline) and
// writes them to test/fixtures/screens/<cli>-<version>-<name>.txt for the unit tests.
//   claude-login: /login's method list, URL + paste prompt, and the offline OAuth error.
//   codex-mcp: the startup banners for an MCP server that fails or needs a login.
// Usage: npx tsx scripts/dev/capture-operation-screens.ts [claude-login|codex-mcp]
// Run it under the shared lock (flock /tmp/elwood-heavy.lock …): it starts real CLIs.
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startClaude, startCodex } from "../../src/agents.js";
import { bracketedPaste } from "../../src/terminal/input.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import { cliBinary, cliBinaryDir } from "../../test/support/cli-binaries.js";

const OUT = resolve(import.meta.dirname, "../../test/fixtures/screens");
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function versionOf(cli: "claude" | "codex"): string {
  const output = execFileSync(cliBinary(cli), ["--version"], { encoding: "utf8" });
  return /\d+\.\d+\.\d+/.exec(output)?.[0] ?? "unknown";
}

async function fixture(cli: "claude" | "codex") {
  const server = await startScriptedModelServer();
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "elwood-capture-ws-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const home = await createAgentHome({
    server,
    trustedDirs: [workspace],
    cliPaths: [cliBinaryDir(cli)],
  });
  const cleanup = async () => {
    await server.close();
    await home.cleanup();
    rmSync(workspace, { recursive: true, force: true });
  };
  return { server, workspace, home, cleanup, prefix: `${cli}-${versionOf(cli)}` };
}

function dump(lines: readonly string[], name: string): void {
  const file = join(OUT, name);
  writeFileSync(file, `${lines.join("\n").replace(/\n+$/, "")}\n`);
  console.log(`--- ${file}`);
}

async function captureClaudeLogin(): Promise<void> {
  const fx = await fixture("claude");
  const session = await startClaude({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: join(fx.workspace, ".elwood-capture"),
  });
  try {
    await session.waitForStatus((status) => status === "ready", 60_000);
    const shot = async (keys: string, name: string, ms: number) => {
      await session.sendKeys(keys);
      await sleep(ms);
      dump(session.terminal.snapshot().lines, `${fx.prefix}-${name}.txt`);
    };
    await session.sendKeys("/login");
    await sleep(800);
    await shot("\r", "login-methods", 3000);
    await shot("\r", "login-url", 4000);
    await session.sendKeys(bracketedPaste("capture-code#capture-state"));
    await sleep(400);
    await shot("\r", "login-oauth-error", 6000);
  } finally {
    await session.kill();
    await fx.cleanup();
  }
}

// One stdio server that exits at once, one HTTP server on a closed loopback port.
async function captureCodexMcp(): Promise<void> {
  const fx = await fixture("codex");
  appendFileSync(
    join(fx.home.codexHome, "config.toml"),
    '\n[mcp_servers.broken]\ncommand = "false"\n\n[mcp_servers.remote]\nurl = "http://127.0.0.1:9/mcp"\n',
  );
  const session = await startCodex({
    cwd: fx.workspace,
    env: fx.home.env,
    autotrust: true,
    stateDir: join(fx.workspace, ".elwood-capture"),
  });
  try {
    await sleep(12_000);
    dump(session.terminal.snapshot().lines, `${fx.prefix}-mcp-startup.txt`);
    // 0.171.0 folds startup warnings into "⚠ N warnings · f2 to view".
    await session.sendKeys("\x1bOQ");
    await sleep(2500);
    dump(session.terminal.snapshot().lines, `${fx.prefix}-mcp-warnings.txt`);
    // → pages through; F2 again closes the pager (reopening it then shows "No warnings").
    const header = /Warnings · \d+ of (\d+)/.exec(session.terminal.snapshot().text);
    for (let page = 2; page <= Number(header?.[1] ?? 1); page += 1) {
      await session.sendKeys("\x1b[C");
      await sleep(1200);
      dump(session.terminal.snapshot().lines, `${fx.prefix}-mcp-warnings-page${page}.txt`);
    }
    await session.sendKeys("\x1bOQ");
    await sleep(1500);
    dump(session.terminal.snapshot().lines, `${fx.prefix}-mcp-warnings-f2-closed.txt`);
    await session.sendKeys("\x1bOQ");
    await sleep(1500);
    dump(session.terminal.snapshot().lines, `${fx.prefix}-mcp-warnings-reopened.txt`);
    await session.sendKeys("\x1b");
    await sleep(1500);
    dump(session.terminal.snapshot().lines, `${fx.prefix}-mcp-warnings-closed.txt`);
  } finally {
    await session.kill();
    await fx.cleanup();
  }
}

const which = process.argv[2] ?? "all";
if (which === "all" || which === "claude-login") await captureClaudeLogin();
if (which === "all" || which === "codex-mcp") await captureCodexMcp();
process.exit(0);
