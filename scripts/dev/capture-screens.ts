// Dev tool: launches the REAL claude and codex CLIs in node-pty (temp HOME, loopback-only
// fake model endpoint), renders them in @xterm/headless at 189×48 and dumps screen text
// to test/fixtures/screens/<cli>-<version>-<name>.txt, plus each CLI's transcript JSONL to
// /tmp for sanitizing into test/fixtures/transcripts.
// Usage: npx tsx scripts/dev/capture-screens.ts [claude|codex|claude-settings|drafts|row-drafts|esc-esc|dialogs]
// The binaries are the pinned devDependencies, or other versions through the e2e override
// (ELWOOD_TEST_CLAUDE_BIN / ELWOOD_TEST_CODEX_BIN, e.g. a `npm run test:compat` install
// under ~/.cache/elwood/cli-versions/); the file prefix carries the version it reports.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync as makeTemp,
  mkdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import xterm from "@xterm/headless";
import pty from "node-pty";
import { bracketedPaste } from "../../src/terminal/input.js";
import { cliBinary } from "../../test/support/cli-binaries.js";
import { processesInHome } from "../../test/support/process-table.js";
import {
  answerWith,
  anthropicReply,
  fake,
  openaiReply,
  startServer,
  unauthorized,
} from "./capture/fake-endpoints.js";

// Every temp folder this run made (homes, workspaces, settings): removed at the end, and
// whatever still runs with one of them as HOME (Codex's app-server daemon detaches into a
// session of its own) is killed first, so a capture leaves nothing behind.
const madeDirs: string[] = [];
function mkdtempSync(prefix: string): string {
  const dir = makeTemp(prefix);
  madeDirs.push(dir);
  return dir;
}
function removeLeftovers(): void {
  for (const dir of madeDirs) {
    for (const pid of processesInHome(dir)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
}

const ROOT = resolve(import.meta.dirname, "../..");
const OUT = join(ROOT, "test/fixtures/screens");
const [COLS, ROWS] = [189, 48];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A running CLI in a PTY with a headless screen; `text()` is the rendered frame.
class Screen {
  readonly term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  readonly proc: pty.IPty;
  exited = false;
  constructor(file: string, args: string[], cwd: string, env: Record<string, string>) {
    this.proc = pty.spawn(file, args, { cols: COLS, rows: ROWS, cwd, env, name: "xterm-256color" });
    this.proc.onData((d) => this.term.write(d));
    this.proc.onExit(() => {
      this.exited = true;
    });
  }
  text(): string {
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < ROWS; y++)
      lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
    return `${lines.join("\n").replace(/\n+$/, "")}\n`;
  }
  async waitFor(pattern: RegExp, timeoutMs = 20000): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end && !this.exited) {
      if (pattern.test(this.text())) return true;
      await sleep(200);
    }
    return pattern.test(this.text());
  }
  // Saves the frame (fixture file name: <cli>-<version>-<name>.txt).
  dump(prefix: string, name: string): void {
    const file = join(OUT, `${prefix}-${name}.txt`);
    writeFileSync(file, this.text());
    console.log(`--- ${file}`);
  }
  kill(): void {
    if (!this.exited) this.proc.kill("SIGKILL");
  }
}

function freshWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), "elwood-ws-"));
  execFileSync("git", ["init", "-q", dir]);
  return dir;
}

function baseEnv(home: string): Record<string, string> {
  const PATH = process.env.PATH ?? "/usr/bin:/bin";
  const noProxy = { NO_PROXY: "127.0.0.1", no_proxy: "127.0.0.1" };
  return { HOME: home, PATH, TERM: "xterm-256color", LANG: "C.UTF-8", ...noProxy };
}

const CLAUDE = cliBinary("claude");
const CODEX = cliBinary("codex");

// "2.1.332 (Claude Code)" / "codex-cli 0.171.0" → "2.1.332".
function versionOf(binary: string): string {
  const output = execFileSync(binary, ["--version"], { encoding: "utf8" });
  const version = /\d+\.\d+\.\d+/.exec(output)?.[0];
  if (version === undefined) throw new Error(`no version in ${binary} --version: ${output}`);
  return version;
}

function claudeEnv(port: number, apiKey = false): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), "elwood-home-"));
  const settings = { hasCompletedOnboarding: true, theme: "dark" };
  writeFileSync(join(home, ".claude.json"), JSON.stringify(settings));
  const key = apiKey
    ? { ANTHROPIC_API_KEY: "sk-ant-fake-key-0123456789" }
    : { ANTHROPIC_AUTH_TOKEN: "x" };
  const quiet = { DISABLE_AUTOUPDATER: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" };
  return { ...baseEnv(home), ...key, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ...quiet };
}

// A scripted scenario: keys, pauses, waits for text, screen dumps, server tweaks.
type Step =
  | { keys: string }
  | { wait: number }
  | { waitFor: RegExp }
  | { dump: string }
  | { prompt: string }
  | { set: Partial<typeof fake> }
  | { select: RegExp }
  | { run: () => void };
const [DOWN, UP, ESC] = ["\x1b[B", "\x1b[A", "\x1b"];

const shotIn = (ms: number, name: string): Step[] => [{ wait: ms }, { dump: name }];
const shotAfter = (keys: string, name: string, ms: number): Step[] => [
  { keys },
  ...shotIn(ms, name),
];
const shotAfterPrompt = (prompt: string, name: string, ms: number) => [
  { prompt },
  ...shotIn(ms, name),
];

async function play(s: Screen, prefix: string, steps: Step[]): Promise<void> {
  for (const step of steps) {
    if ("keys" in step) s.proc.write(step.keys);
    else if ("wait" in step) await sleep(step.wait);
    else if ("waitFor" in step) await s.waitFor(step.waitFor).then(() => sleep(800));
    else if ("dump" in step) s.dump(prefix, step.dump);
    else if ("set" in step) Object.assign(fake, step.set);
    else if ("run" in step) step.run();
    else if ("select" in step) await selectOption(s, step.select);
    else {
      // Like Elwood: bracketed paste, then Enter as its own write.
      s.proc.write(bracketedPaste(step.prompt));
      await sleep(400);
      s.proc.write("\r");
    }
  }
}

// Moves the highlight (❯ / ›) onto the option whose row matches, then presses Enter:
// 2.1.332 lists "No, exit" first and selected, 2.1.197 lists "1. Yes" first.
async function selectOption(s: Screen, option: RegExp): Promise<void> {
  const rowOf = (pattern: RegExp) =>
    s
      .text()
      .split("\n")
      .findIndex((line) => pattern.test(line));
  for (let moves = 0; moves < 6; moves++) {
    const target = rowOf(option);
    if (target === -1) return;
    const selected = rowOf(/^\s*[❯›]\s/);
    if (target === selected) break;
    s.proc.write(selected !== -1 && selected > target ? UP : DOWN);
    await sleep(400);
  }
  s.proc.write("\r");
}

const ACCEPT_TRUST: Step[] = [
  { waitFor: /Yes, I trust this folder/ },
  { select: /Yes, I trust this folder/ },
  { wait: 2500 },
];

async function scenario(
  file: string,
  args: string[],
  env: Record<string, string>,
  prefix: string,
  steps: Step[],
  setup?: (workspace: string) => void,
) {
  const workspace = freshWorkspace();
  setup?.(workspace);
  const s = new Screen(file, args, workspace, env);
  try {
    await play(s, prefix, steps);
  } finally {
    s.kill();
  }
}

async function captureClaude(port: number): Promise<void> {
  const p = `claude-${versionOf(CLAUDE)}`;
  answerWith(anthropicReply);
  fake.anthropicDelayMs = 4000;
  const env = claudeEnv(port);
  await scenario(CLAUDE, ["--permission-mode", "default"], env, p, [
    { waitFor: /trust/i },
    { dump: "workspace-trust" },
    ...shotAfter(DOWN, "workspace-trust-moved", 600),
    { select: /Yes, I trust this folder/ },
    { waitFor: /❯/ },
    ...shotIn(2500, "composer"),
    ...shotAfterPrompt("create the probe file", "working", 2000),
    { waitFor: /Do you want/ },
    { dump: "tool-permission" },
    ...shotAfter(DOWN, "tool-permission-moved", 500),
    ...shotAfter(ESC, "tool-permission-rejected", 2500),
    { set: { holdMidStream: true } },
    ...shotAfterPrompt("say hi", "working-streaming", 3000),
    ...shotAfter(ESC, "interrupted", 2000),
    { set: { holdMidStream: false, anthropicDelayMs: 0 } },
    ...shotAfterPrompt("say hello", "answered", 5000),
    { run: () => copyTranscripts(join(env.HOME ?? "", ".claude/projects"), "claude") },
  ]);
  // Bypass-permissions acceptance; as root the CLI refuses bypass unless IS_SANDBOX=1.
  const bypassEnv = { ...claudeEnv(port), IS_SANDBOX: "1" };
  await scenario(CLAUDE, ["--permission-mode", "bypassPermissions"], bypassEnv, p, [
    ...shotIn(4000, "bypass-first"),
    ...ACCEPT_TRUST,
    { dump: "bypass-permissions" },
    ...shotAfter(DOWN, "bypass-permissions-moved", 500),
  ]);
  // Custom API key dialog (ANTHROPIC_API_KEY not yet approved in ~/.claude.json).
  await scenario(CLAUDE, [], claudeEnv(port, true), p, [
    { wait: 4000 },
    ...ACCEPT_TRUST,
    { dump: "api-key" },
  ]);
  // Auth failure: the endpoint answers 401 to everything; no retries.
  answerWith(unauthorized);
  const noRetries = { ...claudeEnv(port), CLAUDE_CODE_MAX_RETRIES: "0" };
  await scenario(CLAUDE, [], noRetries, p, [
    ...ACCEPT_TRUST,
    ...shotAfterPrompt("hi", "auth-failure", 8000),
  ]);
}

// Settings Warning: a --settings file naming a hook event the CLI does not know (what
// 2.1.144 shows for Elwood's MessageDisplay hook); an unknown dialog on every version.
async function captureClaudeSettingsWarning(port: number): Promise<void> {
  const p = `claude-${versionOf(CLAUDE)}`;
  answerWith(anthropicReply);
  const settingsPath = join(mkdtempSync(join(tmpdir(), "elwood-settings-")), "settings.json");
  const hook = { matcher: "*", hooks: [{ type: "command", command: "true" }] };
  writeFileSync(settingsPath, JSON.stringify({ hooks: { ElwoodUnknownEvent: [hook] } }));
  await scenario(CLAUDE, ["--settings", settingsPath], claudeEnv(port), p, [
    { waitFor: /Yes, I trust this folder|Settings Warning/ },
    { select: /Yes, I trust this folder/ },
    { waitFor: /Settings Warning/ },
    { dump: "settings-warning" },
  ]);
}

// Two Escapes on an idle composer after a turn: Claude opens its Rewind dialog, Codex its
// backtrack (edit a previous message). A stray second Escape from a dismissal under load
// opened Claude's, and the next prompt was typed into it (prd/operations.md "Dismissal").
async function captureEscEsc(port: number): Promise<void> {
  // After an answered turn (no tool call first), Escape, and a second one 150 ms later.
  const escEsc = (answered: string, opened: string): Step[] => [
    ...shotAfterPrompt("say hello", answered, 5000),
    { keys: ESC },
    { wait: 150 },
    ...shotAfter(ESC, opened, 1500),
  ];
  answerWith(anthropicReply);
  await scenario(CLAUDE, [], claudeEnv(port), `claude-${versionOf(CLAUDE)}`, [
    ...ACCEPT_TRUST,
    { set: { anthropicToolSent: true } },
    ...escEsc("answered-before-rewind", "rewind"),
  ]);
  answerWith(openaiReply);
  await scenario(CODEX, [], codexEnv(codexHome(port)), `codex-${versionOf(CODEX)}`, [
    ...CODEX_TRUSTED_AND_QUIET,
    { set: { openaiToolSent: true } },
    ...escEsc("answered-before-backtrack", "backtrack"),
  ]);
}

function codexHome(port: number, extra = ""): string {
  const home = mkdtempSync(join(tmpdir(), "elwood-cxhome-"));
  const codexDir = join(home, ".codex");
  mkdirSync(codexDir);
  writeFileSync(
    join(codexDir, "config.toml"),
    `model = "gpt-5"\nmodel_provider = "fake"\n[model_providers.fake]\nname = "fake"\nbase_url = "http://127.0.0.1:${port}/v1"\nenv_key = "FAKE_KEY"\nwire_api = "responses"\n${extra}`,
  );
  return home;
}

function codexEnv(home: string): Record<string, string> {
  return { ...baseEnv(home), CODEX_HOME: join(home, ".codex"), FAKE_KEY: "x" };
}

// 0.171.0 "Trust this folder?"; 0.150.0 and older "Do you trust the contents of this directory?".
const TRUST_PROMPT = /Trust this folder|Do you trust the contents/;

async function captureCodex(port: number): Promise<void> {
  const p = `codex-${versionOf(CODEX)}`;
  answerWith(openaiReply);
  fake.openaiDelayMs = 4000;
  const home = codexHome(port);
  await scenario(CODEX, ["-a", "on-request", "-s", "read-only"], codexEnv(home), p, [
    { waitFor: TRUST_PROMPT },
    { dump: "directory-trust" },
    ...shotAfter(DOWN, "directory-trust-moved", 500),
    ...shotAfter(`${UP}`, "directory-trust", 300),
    { keys: "\r" },
    { waitFor: /›/ },
    ...shotIn(3000, "composer"),
    ...shotAfterPrompt("create the probe file", "working", 2000),
    { waitFor: /Would you like/ },
    { dump: "approval" },
    ...shotAfter(DOWN, "approval-moved", 500),
    ...shotAfter(ESC, "approval-escaped", 2500),
    { set: { openaiDelayMs: 8000 } },
    ...shotAfterPrompt("say hi", "working-2", 2500),
    ...shotAfter(ESC, "interrupted", 2000),
    { set: { openaiDelayMs: 0 } },
    ...shotAfterPrompt("say hello", "answered", 4000),
    { run: () => copyTranscripts(join(home, ".codex/sessions"), "codex") },
  ]);
  // Hooks needing review: a configured, not yet trusted hook.
  const hooks = `[features]\nhooks = true\n[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = "command"\ncommand = "true"\n`;
  await scenario(CODEX, [], codexEnv(codexHome(port, hooks)), p, [
    { waitFor: TRUST_PROMPT },
    ...shotAfter("\r", "hooks-review", 3000),
  ]);
  // Update prompt: a cached version.json announcing a newer release.
  const updateHome = codexHome(port);
  const versionJson = {
    latest_version: "99.0.0",
    last_checked_at: new Date().toISOString(),
    dismissed_version: null,
  };
  writeFileSync(join(updateHome, ".codex/version.json"), JSON.stringify(versionJson));
  await scenario(CODEX, [], { ...codexEnv(updateHome), CODEX_MANAGED_BY_NPM: "1" }, p, [
    { waitFor: /Update available/ },
    { dump: "update" },
  ]);
}

// A person's unsent draft in the composer, then the composer after Ctrl-U cleared it
// (issue 25: a program prompt never types over a person's draft).
const DRAFT: Step[] = [
  ...shotAfter("half a line", "composer-draft", 1500),
  ...shotAfter("\x15", "composer-cleared", 1500),
];

// A fresh Codex: trust the folder, then let its composer settle before any key.
const CODEX_TRUSTED_AND_QUIET: Step[] = [
  { waitFor: TRUST_PROMPT },
  { keys: "\r" },
  { waitFor: /›/ },
  { wait: 2000 },
];

async function captureDrafts(port: number): Promise<void> {
  answerWith(anthropicReply);
  await scenario(CLAUDE, [], claudeEnv(port), `claude-${versionOf(CLAUDE)}`, [
    ...ACCEPT_TRUST,
    { waitFor: /❯/ },
    ...DRAFT,
  ]);
  answerWith(openaiReply);
  await scenario(CODEX, [], codexEnv(codexHome(port)), `codex-${versionOf(CODEX)}`, [
    ...CODEX_TRUSTED_AND_QUIET,
    ...DRAFT,
  ]);
}

// Drafts of several rows (a paste with line breaks, a line wrapped at the width): Codex
// grows its composer upward over its status line, and drops that line once the draft no
// longer fits (29 rows on 48); Claude grows its box downward between its rules. Pasted
// like Elwood pastes, then killed a row at a time as Elwood's failed-draft cleanup does.
const draftRows = (n: number) =>
  Array.from({ length: n }, (_, i) => `draft row ${i + 1} of ${n}`).join("\n");
const WRAPPED = `first row\n${Array.from({ length: 60 }, (_, i) => `wrapped${i}`).join(" ")}\nlast row`;
const killRows = (n: number) => Array.from({ length: n }, () => "\x15\x0b").join("\x7f");
const rowDraft = (text: string, rows: number, name: string): Step[] => [
  ...shotAfter(bracketedPaste(text), name, 1500),
  { keys: killRows(rows) },
  { wait: 1500 },
];

async function captureRowDrafts(port: number): Promise<void> {
  answerWith(anthropicReply);
  await scenario(CLAUDE, [], claudeEnv(port), `claude-${versionOf(CLAUDE)}`, [
    ...ACCEPT_TRUST,
    { waitFor: /❯/ },
    ...rowDraft(WRAPPED, 6, "composer-draft-wrapped"),
    ...rowDraft(draftRows(2), 2, "composer-draft-2rows"),
  ]);
  answerWith(openaiReply);
  await scenario(CODEX, [], codexEnv(codexHome(port)), `codex-${versionOf(CODEX)}`, [
    ...CODEX_TRUSTED_AND_QUIET,
    ...[2, 5, 12, 28, 29].flatMap((n) => rowDraft(draftRows(n), n, `composer-draft-${n}rows`)),
    ...rowDraft(WRAPPED, 6, "composer-draft-wrapped"),
    // Under the history's echo of an answered prompt, which is a "›" row too.
    { set: { openaiToolSent: true } },
    { prompt: "say hello" },
    { wait: 4000 },
    ...rowDraft(draftRows(5), 5, "composer-draft-5rows-under-history"),
  ]);
}

// Dialogs a turn stops on (issue 47): Claude's plan approval (ExitPlanMode with a plan file
// written, and without one), an MCP tool call's permission and an AskUserQuestion; Codex's
// MCP tool approval and its plan-mode question (request_user_input, Plan mode on through
// `[features] collaboration_modes` and Shift+Tab). The MCP server is the test fixture
// test/fixtures/mcp-stamp-server.mjs.
const STAMP_SERVER = join(ROOT, "test/fixtures/mcp-stamp-server.mjs");
const SHIFT_TAB = "\x1b[Z";
const QUESTION = {
  question: "Which database should the probe use?",
  header: "Database",
  options: [
    { label: "Postgres", description: "A server database." },
    { label: "SQLite", description: "A file database." },
  ],
};

// Claude's plan-mode reminder names the plan file ("create your plan at <path>"): the
// fake model's answer is held while the file is written, as the model's Write would.
function writePlanFile(): void {
  const path = /create your plan at (\S+?\.md)/.exec(fake.lastAnthropicMainBody)?.[1];
  if (path === undefined) throw new Error("no plan file path in the plan-mode request");
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "# Probe plan\n\n1. Create plan-probe.txt\n2. Say done\n");
}

async function captureDialogs(port: number): Promise<void> {
  const claude = `claude-${versionOf(CLAUDE)}`;
  answerWith(anthropicReply);
  const exitPlan = { name: "ExitPlanMode", input: {} };
  const planMode = ["--permission-mode", "plan"];
  await scenario(CLAUDE, planMode, claudeEnv(port), claude, [
    ...ACCEPT_TRUST,
    { set: { anthropicToolSent: false, anthropicTool: exitPlan, anthropicDelayMs: 3000 } },
    { prompt: "make a plan" },
    { wait: 1500 },
    { run: writePlanFile },
    { waitFor: /Would you like to proceed\?/ },
    { dump: "plan-approval" },
  ]);
  await scenario(CLAUDE, planMode, claudeEnv(port), claude, [
    ...ACCEPT_TRUST,
    { set: { anthropicToolSent: false, anthropicTool: exitPlan, anthropicDelayMs: 0 } },
    { prompt: "make a plan" },
    { waitFor: /Exit plan mode\?/ },
    { dump: "exit-plan-mode" },
  ]);
  const mcpJson = (workspace: string) => {
    const stamp = { command: process.execPath, args: [STAMP_SERVER] };
    writeFileSync(join(workspace, ".mcp.json"), JSON.stringify({ mcpServers: { stamp } }));
  };
  const stamp = { name: "mcp__stamp__stamp", input: { text: "probe-text" } };
  await scenario(
    CLAUDE,
    ["--permission-mode", "default"],
    claudeEnv(port),
    claude,
    [
      ...ACCEPT_TRUST,
      { waitFor: /Use this MCP server/ },
      { select: /Use this MCP server$/ },
      { wait: 2500 },
      { set: { anthropicToolSent: false, anthropicTool: stamp } },
      { prompt: "stamp it" },
      { waitFor: /Do you want to proceed\?/ },
      { dump: "mcp-tool-permission" },
    ],
    mcpJson,
  );
  const ask = {
    name: "AskUserQuestion",
    input: { questions: [{ ...QUESTION, multiSelect: false }] },
  };
  await scenario(CLAUDE, ["--permission-mode", "default"], claudeEnv(port), claude, [
    ...ACCEPT_TRUST,
    { set: { anthropicToolSent: false, anthropicTool: ask } },
    { prompt: "ask me" },
    { waitFor: /Which database should the probe use\?/ },
    { dump: "question" },
  ]);

  const codex = `codex-${versionOf(CODEX)}`;
  answerWith(openaiReply);
  const mcpServer = `[mcp_servers.stamp]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(STAMP_SERVER)}]\n`;
  const stampCall = { namespace: "mcp__stamp", name: "stamp", input: { text: "probe-text" } };
  await scenario(CODEX, [], codexEnv(codexHome(port, mcpServer)), codex, [
    ...CODEX_TRUSTED_AND_QUIET,
    { set: { openaiToolSent: false, openaiTool: stampCall, openaiDelayMs: 0 } },
    { prompt: "stamp it" },
    { waitFor: /MCP server to run tool/ },
    { dump: "mcp-approval" },
  ]);
  const planModes = "[features]\ncollaboration_modes = true\n";
  const questionOptions = QUESTION.options.map((option, index) =>
    index === 0 ? { ...option, label: `${option.label} (Recommended)` } : option,
  );
  const askUser = {
    name: "request_user_input",
    input: { questions: [{ ...QUESTION, id: "db_choice", options: questionOptions }] },
  };
  await scenario(CODEX, [], codexEnv(codexHome(port, planModes)), codex, [
    ...CODEX_TRUSTED_AND_QUIET,
    { keys: SHIFT_TAB },
    { waitFor: /Plan mode/ },
    { set: { openaiToolSent: false, openaiTool: askUser } },
    { prompt: "ask me" },
    { waitFor: /Question 1\/1/ },
    { dump: "plan-question" },
  ]);
}

function copyTranscripts(dir: string, cli: string): void {
  if (!existsSync(dir)) return;
  const target = join(tmpdir(), `elwood-transcripts-${cli}`);
  cpSync(dir, target, { recursive: true });
  console.log(`transcripts copied to ${target}`);
}

const which = process.argv[2] ?? "all";
mkdirSync(OUT, { recursive: true });
const port = await startServer();
if (which === "all" || which === "claude") await captureClaude(port);
if (which === "all" || which === "claude" || which === "claude-settings")
  await captureClaudeSettingsWarning(port);
if (which === "all" || which === "codex") await captureCodex(port);
if (which === "all" || which === "drafts") await captureDrafts(port);
if (which === "all" || which === "row-drafts") await captureRowDrafts(port);
if (which === "all" || which === "esc-esc") await captureEscEsc(port);
if (which === "all" || which === "dialogs") await captureDialogs(port);
removeLeftovers();
process.exit(0);
