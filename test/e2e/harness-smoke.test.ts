// Smoke test of the offline test kit with the REAL CLIs: each CLI starts through a
// login shell in a seeded agent home, answers a scripted prompt (screen + transcript),
// and completes one shell-tool round trip through the scripted model server.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import xterm from "@xterm/headless";
import { type IPty, spawn } from "node-pty";
import { afterEach, describe, expect, test } from "vitest";
import {
  type AgentHome,
  createAgentHome,
  type ScenarioStep,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../src/testing/index.js";
import { type CliName, cliBinary, cliBinaryDir } from "../support/cli-binaries.js";

const COLS = 120;
const ROWS = 40;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunningCli {
  readonly pty: IPty;
  screen(): string;
  waitForScreen(pattern: RegExp, timeoutMs?: number): Promise<void>;
  waitForStableScreen(quietMs: number, timeoutMs?: number): Promise<void>;
  /**
   * Bracketed paste, then Enter as a separate write, as a person's terminal would. Each key
   * is checked for effect, since a starved CLI can drop one: the paste until the composer
   * shows it, Enter until the model server got a request carrying `text`.
   */
  submit(text: string): Promise<void>;
  /** Kills the CLI's process group and waits for it to exit. Idempotent. */
  stop(): Promise<void>;
}

/** Processes whose command line mentions `path` (a leak check: e.g. daemons run from the home). */
async function processesMentioning(path: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("ps", ["-eo", "pid,args"]);
  return stdout.split("\n").filter((line) => line.includes(path));
}

async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** The CLIs' composer glyphs; history rows of past prompts carry the same glyph. */
const COMPOSER_GLYPH: Readonly<Record<CliName, string>> = {
  claude: "❯",
  codex: "›",
  gemini: ">",
  copilot: "❯",
};
/** How long one paste or Enter may take to show its effect before it counts as dropped. */
const KEY_EFFECT_MS = 8_000;
/** Bounded retries: a CLI that ignores this many keys in a row is broken, not slow. */
const KEY_ATTEMPTS = 3;

/**
 * The composer row: the lowest row that starts with the glyph, since the composer sits
 * below every history row. (No dialog is open while the smoke test types.)
 */
function composerRow(screen: string, glyph: string): string {
  return (
    screen
      .split("\n")
      .filter((row) => row.startsWith(glyph))
      .at(-1) ?? ""
  );
}

async function startCli(
  name: CliName,
  args: readonly string[],
  cwd: string,
  home: AgentHome,
  server: ScriptedModelServer,
): Promise<RunningCli> {
  const binary = cliBinary(name);
  // Through the login shell, as a user would start it: PATH comes from the home's .profile.
  const command = basename(binary) === name ? name : binary;
  const shellLine = ["exec", command, ...args].map((word) => `'${word}'`).join(" ");
  const terminal = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  const pty = spawn("bash", ["-l", "-i", "-c", shellLine], {
    cwd,
    env: home.env,
    cols: COLS,
    rows: ROWS,
    name: "xterm-256color",
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => pty.onExit(() => resolve()));
  pty.onExit(() => {
    exited = true;
  });
  pty.onData((data) => terminal.write(data));
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= killGroup();
    return stopped;
  };
  const killGroup = async (): Promise<void> => {
    // node-pty makes the shell a session leader, so its pid is the process group.
    if (!exited) {
      try {
        process.kill(-pty.pid, "SIGKILL");
      } catch {
        // already gone
      }
      await Promise.race([exit, sleep(5_000)]);
    }
    terminal.dispose();
  };
  cleanups.push(stop);
  const screen = (): string => {
    const buffer = terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < terminal.rows; row += 1) {
      lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? "");
    }
    return lines.join("\n");
  };
  const failWithScreen = (error: unknown): never => {
    throw new Error(`${String(error)}\n--- ${name} screen ---\n${screen()}`);
  };
  return {
    pty,
    screen,
    stop,
    waitForScreen: (pattern, timeoutMs = 30_000) =>
      until(() => (pattern.test(screen()) ? true : undefined), timeoutMs, String(pattern))
        .then(() => undefined)
        .catch(failWithScreen),
    async waitForStableScreen(quietMs, timeoutMs = 10_000) {
      let last = screen();
      let since = Date.now();
      await until(
        () => {
          const now = screen();
          if (now !== last) {
            last = now;
            since = Date.now();
          }
          return Date.now() - since >= quietMs ? true : undefined;
        },
        timeoutMs,
        "a stable screen",
      ).catch(failWithScreen);
    },
    async submit(text) {
      const staged = (): boolean => composerRow(screen(), COMPOSER_GLYPH[name]).includes(text);
      const sent = (): boolean => server.requests.some((r) => r.userText.includes(text));
      const within = (ms: number, done: () => boolean): Promise<boolean> =>
        until(() => (done() ? true : undefined), ms, "").catch(() => false);
      // Codex paints its composer before its input loop is live and drops what comes
      // earlier, so a paste that never shows is sent again.
      for (let attempt = 0; attempt < KEY_ATTEMPTS && !staged(); attempt += 1) {
        pty.write(`\x1b[200~${text}\x1b[201~`);
        if (await within(KEY_EFFECT_MS, staged)) break;
      }
      if (!staged()) failWithScreen(`the pasted "${text}" never showed in the composer`);
      // Enter again only while the request is missing AND the text still sits in the
      // composer: a slow request after an accepted Enter leaves the composer empty.
      for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt += 1) {
        pty.write("\r");
        if (await within(KEY_EFFECT_MS, () => sent() || !staged())) return;
      }
      failWithScreen(`Enter did not submit "${text}" after ${KEY_ATTEMPTS} presses`);
    },
  };
}

async function seededSession(
  name: CliName,
): Promise<{ server: ScriptedModelServer; home: AgentHome; workspace: string }> {
  const server = await startScriptedModelServer();
  cleanups.push(() => server.close());
  // realpath: the CLIs key transcripts and trust by the resolved cwd (macOS /var → /private/var).
  const workspace = await realpath(await mkdtemp(join(tmpdir(), `elwood-smoke-${name}-`)));
  cleanups.push(() => rm(workspace, { recursive: true, force: true }));
  const home = await createAgentHome({
    server,
    trustedDirs: [workspace],
    cliPaths: [cliBinaryDir(name)],
  });
  cleanups.push(() => home.cleanup());
  return { server, home, workspace };
}

async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  return entries.filter((entry) => pattern.test(entry)).map((entry) => join(dir, entry));
}

async function anyFileContains(files: readonly string[], needle: string): Promise<boolean> {
  for (const file of files) {
    if ((await readFile(file, "utf8")).includes(needle)) return true;
  }
  return false;
}

function smokeToken(): string {
  return `elwood-smoke-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

const HELLO = "Hello from the scripted model";

/** Turn 0 answers "say hello"; turn 1 answers "run the probe" with `probe`, then a reply. */
function scriptHelloAndProbe(server: ScriptedModelServer, probe: ScenarioStep): void {
  server.turn({ match: "say hello", steps: [{ think: "greeting" }, { say: HELLO }] });
  server.turn({ match: "run the probe", steps: [probe, { say: "The probe finished" }] });
}

/** Waits until a file under `dir` whose path matches `pattern` holds the hello answer. */
async function untilHelloIsWritten(dir: string, pattern: RegExp, what: string): Promise<void> {
  await until(
    async () => ((await anyFileContains(await filesUnder(dir, pattern), HELLO)) ? true : undefined),
    15_000,
    what,
  );
}

/**
 * Asks for the probe, checks its output came back to the model on the scripted turn, then
 * stops the CLI and checks nothing run from the home outlives it.
 */
async function runProbeAndStop(
  cli: RunningCli,
  server: ScriptedModelServer,
  home: AgentHome,
  token: string,
  api: "anthropic" | "openai",
): Promise<void> {
  await cli.submit("run the probe");
  const continuation = await server.waitForRequest(
    (r) => r.toolResults.some((t) => t.text.includes(token)),
    30_000,
  );
  expect(continuation.api).toBe(api);
  expect(continuation.matchedTurn).toBe(1);
  await cli.waitForScreen(/The probe finished/);
  expect(server.requests.filter((r) => !r.isAuxiliary && r.matchedTurn === undefined)).toEqual([]);
  await cli.stop();
  expect(await processesMentioning(home.home)).toEqual([]);
}

describe("harness smoke: real CLIs against the scripted model server", () => {
  test("claude answers a scripted prompt and completes a Bash round trip", async () => {
    const { server, home, workspace } = await seededSession("claude");
    const token = smokeToken();
    scriptHelloAndProbe(server, { tool: { name: "Bash", input: { command: `echo ${token}` } } });
    const cli = await startCli("claude", ["--allowedTools", "Bash"], workspace, home, server);
    await cli.waitForScreen(/❯/, 60_000);
    await cli.waitForStableScreen(800);

    await cli.submit("say hello");
    await cli.waitForScreen(/Hello from the scripted model/);
    const projectDir = join(
      home.home,
      ".claude",
      "projects",
      workspace.replace(/[^a-zA-Z0-9]/g, "-"),
    );
    await untilHelloIsWritten(projectDir, /\.jsonl$/, "the answer in claude's transcript");

    await runProbeAndStop(cli, server, home, token, "anthropic");
  });

  test("codex answers a scripted prompt and completes an exec_command round trip", async () => {
    const { server, home, workspace } = await seededSession("codex");
    const token = smokeToken();
    scriptHelloAndProbe(server, {
      tool: { name: "exec_command", input: { cmd: `echo ${token}` } },
    });
    const cli = await startCli(
      "codex",
      ["--dangerously-bypass-approvals-and-sandbox"],
      workspace,
      home,
      server,
    );
    await cli.waitForScreen(/›/, 60_000);
    await cli.waitForStableScreen(800);

    await cli.submit("say hello");
    await cli.waitForScreen(/Hello from the scripted model/);
    await untilHelloIsWritten(
      join(home.codexHome, "sessions"),
      /rollout-[^/]*\.jsonl$/,
      "the answer in codex's rollout",
    );

    await runProbeAndStop(cli, server, home, token, "openai");
  });
});
