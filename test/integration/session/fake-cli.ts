// A fake claude/codex executable for launch tests (test/fixtures/fake-agent-cli.mjs behind
// a per-test shell wrapper), a temp workspace that is removed afterwards, and readers for
// what the fake was called with and what the state store holds.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StateStore } from "../../../src/state/index.js";
import type { SessionRecord } from "../../../src/state/record.js";
import { commandLineOf, processesWithEnv, waitFor } from "../../support/process-table.js";

const FIXTURE = join(import.meta.dirname, "../../fixtures/fake-agent-cli.mjs");
// Leak checks find a session's processes by this inherited variable, not by parentage.
const FAKE_CLI_ENV = "ELWOOD_TEST_FAKE_CLI";
const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** What a running fake logs: its size, its input, the SIGHUPs it got, its dialog's life. */
export type TerminalLogEntry =
  | { size: [number, number] }
  | { input: string }
  | { signal: "SIGHUP" }
  | { dialog: "chrome" | "closed" };

export interface FakeCli {
  /** The workspace: cwd of the session; the state lives in `stateDir` below it. */
  readonly dir: string;
  readonly stateDir: string;
  readonly executable: string;
  /**
   * The environment to start sessions with: the test's own plus a variable naming this
   * fake, which everything the session starts inherits (see `leftovers`).
   */
  readonly env: NodeJS.ProcessEnv;
  /** Waits (bounded) until nothing started with `env` runs; returns "pid command" of the rest. */
  leftovers(): Promise<string[]>;
  /** Every invocation's argv, oldest first (probes included). */
  calls(): Promise<string[][]>;
  /** What running launches saw, in order: terminal sizes, input and SIGHUPs. */
  terminalLog(): Promise<Array<TerminalLogEntry>>;
  /** The argv of each session launch (probes left out). */
  launches(): Promise<string[][]>;
  /**
   * Waits until `count` launches are logged: start() may resolve before the login shell
   * got to exec the CLI (a slow ~/.bashrc on a loaded machine takes seconds).
   */
  waitForLaunches(count: number): Promise<string[][]>;
  /** Waits until the launched CLI logged its first terminal size. */
  waitForSize(): Promise<void>;
  readRecord(id: string): Promise<SessionRecord>;
  /** What the CLI's first hook would have recorded: its own conversation id. */
  recordAgentSessionId(id: string, agentSessionId: string): Promise<void>;
  listSessions(): Promise<string[]>;
  remove(): Promise<void>;
}

export async function fakeCli(options: {
  readonly versionText: string;
  readonly mode:
    | "stay"
    | "ignore-hup"
    | "chrome-dialog"
    | "chrome-dialog-stubborn"
    | "die"
    | "die-logged-out"
    | "vanish-cwd";
}): Promise<FakeCli> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-fake-cli-"));
  const log = join(dir, "calls.jsonl");
  const executable = join(dir, "fake-cli");
  const args = [log, options.versionText, options.mode].map(quote).join(" ");
  await writeFile(
    executable,
    `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(FIXTURE)} ${args} "$@"\n`,
  );
  await chmod(executable, 0o755);
  const stateDir = join(dir, "state");
  const store = () => StateStore.open({ cwd: dir, stateDir });
  const entries = async () =>
    (await readFile(log, "utf8").catch(() => ""))
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as unknown);
  const calls = async () =>
    (await entries()).filter((entry): entry is string[] => Array.isArray(entry));
  const running = () => processesWithEnv(FAKE_CLI_ENV, dir);
  const launches = async () =>
    (await calls()).filter((argv) => argv[0] !== "--version" && argv[0] !== "--help");
  return {
    dir,
    stateDir,
    executable,
    env: { ...process.env, [FAKE_CLI_ENV]: dir },
    leftovers: async () => {
      await waitFor(() => running().length === 0, { timeoutMs: 10_000 });
      return running().map((pid) => `${pid} ${commandLineOf(pid)}`);
    },
    calls,
    terminalLog: async () =>
      (await entries()).filter(
        (entry): entry is { size: [number, number] } | { input: string } | { signal: "SIGHUP" } =>
          !Array.isArray(entry),
      ),
    launches,
    waitForLaunches: async (count) => {
      await until(async () => (await launches()).length >= count);
      return launches();
    },
    waitForSize: async () => {
      await until(async () => (await entries()).some((entry) => !Array.isArray(entry)));
    },
    readRecord: async (id) => (await store()).readRecord(id),
    recordAgentSessionId: async (id, agentSessionId) => {
      const opened = await store();
      const record = await opened.readRecord(id);
      await opened.writeRecord({ ...record, resume: { ...record.resume, agentSessionId } });
      await writeConversationFile(record.adapter, agentSessionId);
    },
    listSessions: async () => (await store()).listSessions(),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * What the real CLI would have written of the conversation, where it keeps it under the
 * test's HOME (resume checks it is there before it spawns anything, issue 47).
 */
async function writeConversationFile(agent: string, agentSessionId: string): Promise<void> {
  const home = process.env.HOME ?? tmpdir();
  const claudeDir = process.env.CLAUDE_CONFIG_DIR || join(home, ".claude");
  const codexDir = process.env.CODEX_HOME || join(home, ".codex");
  const [folder, name, record] =
    agent === "claude"
      ? [join(claudeDir, "projects", "-fake-cli"), `${agentSessionId}.jsonl`, { type: "user" }]
      : [
          join(codexDir, "sessions", "2026", "01", "01"),
          `rollout-2026-01-01T00-00-00-${agentSessionId}.jsonl`,
          { type: "session_meta", payload: { id: agentSessionId } },
        ];
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, name), `${JSON.stringify(record)}\n`);
}

/** Polls an async check every 50 ms for up to 30 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !(await check())) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The value that follows `flag` in argv (undefined when the flag is absent). */
export function flagValue(argv: readonly string[], flag: string): string | undefined {
  const index = argv.indexOf(flag);
  return index < 0 ? undefined : argv[index + 1];
}

/** Every `-c` override, in order. */
export function configOverrides(argv: readonly string[]): string[] {
  return argv.flatMap((arg, index) => (argv[index - 1] === "-c" ? [arg] : []));
}
