// Fixtures for the real-CLI session e2e files (Claude and Codex): one scripted model
// server, one seeded agent home, one git workspace and one state dir per test, all
// removed afterwards.
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodSessionStatus } from "../../src/core/contract/status.js";
import type { ElwoodActivityEvent } from "../../src/core/contract/types.js";
import { ElwoodError } from "../../src/errors.js";
import {
  type AgentHome,
  createAgentHome,
  type LoggedRequest,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../src/testing/index.js";
import { type CliName, cliBinaryDir } from "./cli-binaries.js";
import { waitFor } from "./process-table.js";

export interface ClaudeFixture {
  readonly server: ScriptedModelServer;
  readonly home: AgentHome;
  /** A fresh `git init` folder, resolved through symlinks. */
  readonly workspace: string;
  /** A state dir inside its own temp folder. */
  readonly stateDir: string;
  /** Runs at cleanup, before the folders go (stop sessions here). */
  defer(cleanup: () => Promise<void> | void): void;
}

export interface FixtureOptions {
  /** Which CLI the home's PATH leads to; default "claude". */
  readonly cli?: CliName;
  readonly trusted?: boolean;
  readonly extraProfile?: readonly string[];
}

/** Registers everything on `cleanups`; the caller drains it in afterEach. */
export async function claudeFixture(
  cleanups: (() => Promise<void> | void)[],
  options: FixtureOptions = {},
): Promise<ClaudeFixture> {
  const server = await startScriptedModelServer();
  cleanups.push(() => server.close());
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-e2e-ws-")));
  cleanups.push(() => rm(workspace, { recursive: true, force: true }));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-e2e-state-")));
  cleanups.push(() => rm(stateParent, { recursive: true, force: true }));
  const home = await createAgentHome({
    server,
    trustedDirs: options.trusted ? [workspace] : [],
    cliPaths: [cliBinaryDir(options.cli ?? "claude")],
    extraProfile: options.extraProfile ?? [],
  });
  cleanups.push(() => home.cleanup());
  return {
    server,
    home,
    workspace,
    stateDir: join(stateParent, "state"),
    defer: (cleanup) => cleanups.push(cleanup),
  };
}

/** Stops a session that a test left running; a finished one rejects, which is fine. */
export async function ensureGone(session: ElwoodAgentSession): Promise<void> {
  await session.kill().catch(() => undefined);
}

/** Records every status and activity from the moment of the call. */
export function record(session: ElwoodAgentSession): {
  readonly statuses: ElwoodSessionStatus[];
  readonly activity: ElwoodActivityEvent[];
} {
  const statuses: ElwoodSessionStatus[] = [];
  const activity: ElwoodActivityEvent[] = [];
  session.on("status", (event) => statuses.push(event.status));
  session.on("activity", (event) => activity.push(event));
  return { statuses, activity };
}

/** Requests that consumed a scripted turn (not title/quota side requests). */
export function mainRequests(server: ScriptedModelServer): LoggedRequest[] {
  return server.requests.filter((request) => !request.isAuxiliary && request.api === "anthropic");
}

/** Requests that started a user turn (not tool-result continuations). */
export function userTurnRequests(server: ScriptedModelServer): LoggedRequest[] {
  return mainRequests(server).filter((request) => request.toolResults.length === 0);
}

/** The ElwoodError that `promise` rejects with; anything else (or resolving) throws. */
export async function rejection(promise: Promise<unknown>): Promise<ElwoodError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ElwoodError)) throw new Error(`expected an ElwoodError, got ${error}`);
  return error;
}

export function token(prefix: string): string {
  return `${prefix}-${Math.floor(Math.random() * 1e12).toString(36)}`;
}

/** Every regular file under `dir` (recursive), with its text. */
export async function filesWithText(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const out: { path: string; text: string }[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, text: await readFile(path, "utf8").catch(() => "") });
  }
  return out;
}

/** Message texts (user and assistant, all content blocks) from an Anthropic request body. */
export function conversationText(request: LoggedRequest): string {
  const body = request.body as { messages?: unknown } | undefined;
  return JSON.stringify(body?.messages ?? []);
}

/**
 * The first recorded activity that matches, waiting for it if needed. Unlike
 * `waitForActivity`, it also finds events that fired before the call (a turn's tool
 * result and its answer often arrive in one transcript batch).
 */
export async function recordedActivity<E extends ElwoodActivityEvent>(
  seen: { readonly activity: readonly ElwoodActivityEvent[] },
  match: (event: ElwoodActivityEvent) => event is E,
  timeoutMs: number,
): Promise<E>;
export async function recordedActivity(
  seen: { readonly activity: readonly ElwoodActivityEvent[] },
  match: (event: ElwoodActivityEvent) => boolean,
  timeoutMs: number,
): Promise<ElwoodActivityEvent>;
export async function recordedActivity(
  seen: { readonly activity: readonly ElwoodActivityEvent[] },
  match: (event: ElwoodActivityEvent) => boolean,
  timeoutMs: number,
): Promise<ElwoodActivityEvent> {
  const found = () => seen.activity.find(match);
  await waitFor(() => found() !== undefined, { timeoutMs, intervalMs: 50 });
  const event = found();
  if (event === undefined) {
    const kinds = seen.activity.map((item) => `${item.source}:${item.kind}`).join(", ");
    throw new Error(`no matching activity within ${timeoutMs} ms; saw ${kinds}`);
  }
  return event;
}
