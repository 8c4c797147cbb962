// listSessions / readSessionInfo: what a state dir holds, read without starting anything.
// Times come from the file system (the record carries none): the session dir's birth
// time (its change time where the file system has no birth time) and the record's mtime.
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { AgentAdapter, ConversationOnDisk } from "../core/contract/adapter.js";
import { missingConversationMessage } from "../core/launch/conversation-check.js";
import { ElwoodError } from "../errors.js";
import { parseOptions, text } from "../options/fields.js";
import { StateStore } from "../state/index.js";

/** One stored session; `Agent` is the registry's ids (the root's `ElwoodAgentKind`). */
export interface ElwoodSessionInfo<Agent extends string = string> {
  readonly elwoodSessionId: string;
  readonly agent: Agent;
  /** The workspace the session runs in. */
  readonly cwd: string;
  /** ISO-8601 UTC: when the session directory was created. */
  readonly createdAt: string;
  /** ISO-8601 UTC: the last write of the session record. */
  readonly lastUsedAt: string;
  /**
   * True when resume can continue the session: its conversation is recorded and still in
   * the CLI's files, or it never took a prompt (relaunched empty). False says why in
   * `notResumable`.
   */
  readonly resumable: boolean;
  /** Why `resumable` is false (absent when it is true). */
  readonly notResumable?: ElwoodNotResumable;
  /** The agent's conversation id (what `claude --resume` / `codex resume` take). */
  readonly agentSessionId: string | undefined;
}

/** Why a kept session cannot be resumed (issue 47). */
export interface ElwoodNotResumable {
  /**
   * `no_conversation`: the record names no conversation at all; `conversation_missing`:
   * the CLI's file of it is gone; `conversation_empty`: the file holds nothing to resume.
   */
  readonly reason: "no_conversation" | "conversation_missing" | "conversation_empty";
  /** A sentence saying why and what to do instead. */
  readonly message: string;
  /** The conversation's file, or where the CLI keeps it (a pattern) when there is none. */
  readonly conversationPath?: string;
}

export interface ListSessionsOptions {
  /** The state dir to read; relative paths resolve against `cwd`. */
  readonly stateDir: string;
  /** Defaults to the process cwd. */
  readonly cwd?: string;
  /**
   * The environment the agents' CLIs would run with, which says where they keep their
   * conversations (CLAUDE_CONFIG_DIR, CODEX_HOME, HOME); defaults to process.env.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface ElwoodSkippedSession {
  readonly elwoodSessionId: string;
  readonly error: ElwoodError;
}

export interface ElwoodSessionListing<Agent extends string = string> {
  /** Most recently used first, then by id. */
  readonly sessions: readonly ElwoodSessionInfo<Agent>[];
  /** Records that could not be read (corrupt, wrong owner, unsafe), never thrown. */
  readonly skipped: readonly ElwoodSkippedSession[];
}

/** What the lister reads of the registry: which ids it knows, and where each keeps a conversation. */
export interface ListedAgents<Agent extends string> {
  has(id: string): id is Agent;
  get(id: string): {
    readonly displayName: string;
    readonly findConversation: AgentAdapter<unknown, unknown>["findConversation"];
  };
}

/**
 * listSessions / readSessionInfo over the agents a registry knows (the record envelope
 * takes any agent id; only a registered agent's session can be listed or resumed).
 */
export function sessionLister<Agent extends string>(
  agents: ListedAgents<Agent>,
): {
  listSessions(options: ListSessionsOptions): Promise<ElwoodSessionListing<Agent>>;
  readSessionInfo(
    options: ListSessionsOptions & { readonly elwoodSessionId: string },
  ): Promise<ElwoodSessionInfo<Agent>>;
} {
  return {
    listSessions: (options) => listSessions(agents, options),
    readSessionInfo: async (options) =>
      infoOf(agents, await openStore(options), options.elwoodSessionId),
  };
}

/** Every readable session record in `stateDir`; a missing dir is an empty listing. */
async function listSessions<Agent extends string>(
  agents: ListedAgents<Agent>,
  options: ListSessionsOptions,
): Promise<ElwoodSessionListing<Agent>> {
  const opened = await openStore(options);
  const sessions: ElwoodSessionInfo<Agent>[] = [];
  const skipped: ElwoodSkippedSession[] = [];
  for (const id of await opened.store.listSessions()) {
    try {
      sessions.push(await infoOf(agents, opened, id));
    } catch (error) {
      const stateError =
        error instanceof ElwoodError
          ? error
          : new ElwoodError("state_corrupt", `Session ${id} could not be read.`, { cause: error });
      skipped.push({ elwoodSessionId: id, error: stateError });
    }
  }
  sessions.sort(
    (a, b) =>
      b.lastUsedAt.localeCompare(a.lastUsedAt) ||
      a.elwoodSessionId.localeCompare(b.elwoodSessionId),
  );
  return { sessions, skipped };
}

const NEEDS_STATE_DIR = "listSessions needs a `stateDir` path string.";
// The one check of these options; the store takes the strings as they are.
const LOCATION = z.object({
  stateDir: z
    .custom((value) => value !== undefined, { error: NEEDS_STATE_DIR })
    .pipe(text("stateDir").unwrap()),
  cwd: text("cwd"),
  // process.env is no plain object, so only its kind is checked; values are read as given.
  env: z
    .custom<Readonly<Record<string, string | undefined>>>(
      (value) => typeof value === "object" && value !== null,
      { error: "listSessions `env` must be an object of environment variables." },
    )
    .optional(),
});

interface OpenedStore {
  readonly store: StateStore;
  readonly env: Readonly<Record<string, string | undefined>>;
}

async function openStore(options: ListSessionsOptions): Promise<OpenedStore> {
  const { stateDir, cwd, env } = parseOptions(
    LOCATION,
    options ?? {},
    "listSessions",
  ) as ListSessionsOptions;
  const store = await StateStore.open({ cwd: cwd ?? process.cwd(), stateDir });
  return { store, env: env ?? process.env };
}

// One session's record; `state_not_found` or `state_corrupt` when it cannot be read.
async function infoOf<Agent extends string>(
  agents: ListedAgents<Agent>,
  { store, env }: OpenedStore,
  id: string,
): Promise<ElwoodSessionInfo<Agent>> {
  const record = await store.readRecord(id);
  const agent = record.adapter;
  // The record envelope takes any agent id; only the shipped agents can be listed or resumed.
  if (!agents.has(agent)) {
    throw new ElwoodError(
      "state_corrupt",
      `Session ${id} belongs to agent "${record.adapter}", which this Elwood does not ship.`,
      { details: { elwoodSessionId: id } },
    );
  }
  const dir = store.sessionDir(id);
  const [dirStats, recordStats] = await Promise.all([
    fs.lstat(dir),
    fs.lstat(path.join(dir, "record.json")),
  ]);
  const born = dirStats.birthtimeMs > 0 ? dirStats.birthtime : dirStats.ctime;
  const agentSessionId = record.resume.agentSessionId;
  const notResumable = await whyNotResumable(agents.get(agent), record.resume, env);
  return {
    elwoodSessionId: record.elwoodSessionId,
    agent,
    cwd: record.cwd,
    createdAt: born.toISOString(),
    lastUsedAt: recordStats.mtime.toISOString(),
    resumable: notResumable === undefined,
    ...(notResumable && { notResumable }),
    agentSessionId,
  };
}

// The same facts resume* checks before it spawns (core/launch/conversation-check.ts).
async function whyNotResumable(
  agent: ReturnType<ListedAgents<string>["get"]>,
  resume: { readonly agentSessionId?: string; readonly launched?: object },
  env: Readonly<Record<string, string | undefined>>,
): Promise<ElwoodNotResumable | undefined> {
  const { agentSessionId } = resume;
  if (agentSessionId === undefined) {
    // An empty conversation resumes too: relaunched empty under its id.
    if (resume.launched !== undefined) return undefined;
    return {
      reason: "no_conversation",
      message:
        "The session never recorded a conversation of the agent, so it cannot be resumed; start a new session.",
    };
  }
  const found: ConversationOnDisk | undefined = await agent.findConversation?.(agentSessionId, env);
  if (found === undefined || found.state === "written") return undefined;
  return {
    reason: found.state === "empty" ? "conversation_empty" : "conversation_missing",
    message: missingConversationMessage(agent.displayName, agentSessionId, found),
    conversationPath: found.path ?? found.expectedAt,
  };
}
