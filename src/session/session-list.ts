// listSessions / readSessionInfo: what a state dir holds, read without starting anything.
// Times come from the file system (the record carries none): the session dir's birth
// time (its change time where the file system has no birth time) and the record's mtime.
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
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
  /** True when the agent's own conversation id is stored, so resume can continue it. */
  readonly resumable: boolean;
  /** The agent's conversation id (what `claude --resume` / `codex resume` take). */
  readonly agentSessionId: string | undefined;
}

export interface ListSessionsOptions {
  /** The state dir to read; relative paths resolve against `cwd`. */
  readonly stateDir: string;
  /** Defaults to the process cwd. */
  readonly cwd?: string;
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

/**
 * listSessions / readSessionInfo over the agents a registry knows (the record envelope
 * takes any agent id; only a registered agent's session can be listed or resumed).
 */
export function sessionLister<Agent extends string>(agents: {
  has(id: string): id is Agent;
}): {
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
  agents: { has(id: string): id is Agent },
  options: ListSessionsOptions,
): Promise<ElwoodSessionListing<Agent>> {
  const store = await openStore(options);
  const sessions: ElwoodSessionInfo<Agent>[] = [];
  const skipped: ElwoodSkippedSession[] = [];
  for (const id of await store.listSessions()) {
    try {
      sessions.push(await infoOf(agents, store, id));
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
});

function openStore(options: ListSessionsOptions): Promise<StateStore> {
  const { stateDir, cwd } = parseOptions(
    LOCATION,
    options ?? {},
    "listSessions",
  ) as ListSessionsOptions;
  return StateStore.open({ cwd: cwd ?? process.cwd(), stateDir });
}

// One session's record; `state_not_found` or `state_corrupt` when it cannot be read.
async function infoOf<Agent extends string>(
  agents: { has(id: string): id is Agent },
  store: StateStore,
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
  return {
    elwoodSessionId: record.elwoodSessionId,
    agent,
    cwd: record.cwd,
    createdAt: born.toISOString(),
    lastUsedAt: recordStats.mtime.toISOString(),
    // An empty conversation resumes too: relaunched empty under its id.
    resumable: agentSessionId !== undefined || record.resume.launched !== undefined,
    agentSessionId,
  };
}
