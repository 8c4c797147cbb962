// The server's live sessions by Elwood session id. Opening, finding and closing go
// through here so shutdown can close every session, including ones still starting, and
// so the per-server session cap (prd/serve.md "Limits") is checked before any start.
import { join } from "node:path";
import {
  type ElwoodAgentKind,
  ElwoodError,
  type ElwoodNotResumable,
  listSessions,
} from "../index.js";
import {
  ServedSession,
  type SessionDefaults,
  type SessionInfo,
  type SessionRequest,
} from "./served-session.js";

/** A session kept in the state directory, as `GET /api/sessions/stored` lists it. */
export interface StoredSessionInfo {
  readonly id: string;
  readonly agent: ElwoodAgentKind;
  readonly cwd: string;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  /** ISO-8601 UTC: the last write of the session's record. */
  readonly lastUsedAt: string;
  /** `resume` can continue it: its conversation is recorded and still in the CLI's files. */
  readonly resumable: boolean;
  /** Why not, when `resumable` is false (listSessions' `notResumable`). */
  readonly notResumable?: ElwoodNotResumable;
  /** This server holds it now. */
  readonly live: boolean;
}

export interface SessionRegistryOptions {
  readonly defaults: SessionDefaults;
  /** Sessions held at once, starting ones included; one more is `session_limit_reached`. */
  readonly maxSessions: number;
  /** Starts one session; ServedSession.open unless a test counts the starts. */
  readonly open?: (request: SessionRequest, defaults: SessionDefaults) => Promise<ServedSession>;
}

export class SessionRegistry {
  readonly #defaults: SessionDefaults;
  readonly #maxSessions: number;
  readonly #open: NonNullable<SessionRegistryOptions["open"]>;
  readonly #sessions = new Map<string, ServedSession>();
  readonly #starting = new Set<Promise<ServedSession>>();
  #isClosed = false;

  constructor(options: SessionRegistryOptions) {
    this.#defaults = options.defaults;
    this.#maxSessions = options.maxSessions;
    this.#open = options.open ?? ((request, defaults) => ServedSession.open(request, defaults));
  }

  async open(request: SessionRequest): Promise<ServedSession> {
    this.#assertOpen();
    if (request.resume !== undefined && this.#sessions.has(request.resume)) {
      throw new ElwoodError(
        "session_already_open",
        `Session ${request.resume} is already live on this server; use it instead of resuming it.`,
        { details: { elwoodSessionId: request.resume } },
      );
    }
    const held = this.#sessions.size + this.#starting.size;
    if (held >= this.#maxSessions) {
      throw new ElwoodError(
        "session_limit_reached",
        `This server already holds ${held} sessions, its limit of ${this.#maxSessions}; stop one (DELETE /api/sessions/:id) before starting another.`,
        { details: { limit: this.#maxSessions } },
      );
    }
    const starting = this.#open(request, this.#defaults);
    this.#starting.add(starting);
    try {
      const session = await starting;
      if (this.#isClosed) {
        // The server began shutting down while this one started: it must not outlive it.
        await session.close().catch(() => undefined);
        this.#assertOpen();
      }
      this.#sessions.set(session.id, session);
      return session;
    } finally {
      this.#starting.delete(starting);
    }
  }

  get(id: string): ServedSession {
    const session = this.#sessions.get(id);
    if (session !== undefined) return session;
    throw new ElwoodError(
      "session_not_found",
      `No live session with id ${JSON.stringify(id)} on this server; GET /api/sessions lists them.`,
      { details: { elwoodSessionId: id } },
    );
  }

  list(): SessionInfo[] {
    return [...this.#sessions.values()].map((session) => session.info());
  }

  /**
   * Sessions kept in the state directory (earlier runs of the server included), most
   * recently used first, each marked live when this server holds it. Without a
   * `stateDir`, the server's own folder's `.elwood/` (the page's default session folder).
   */
  async stored(): Promise<StoredSessionInfo[]> {
    const stateDir = this.#defaults.stateDir ?? join(process.cwd(), ".elwood");
    // The CLIs' files are where the sessions' environment says (HOME, CODEX_HOME, …).
    const env = this.#defaults.env;
    const { sessions } = await listSessions({ stateDir, ...(env && { env }) });
    return sessions.map((session) => ({
      id: session.elwoodSessionId,
      agent: session.agent,
      cwd: session.cwd,
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      resumable: session.resumable,
      ...(session.notResumable && { notResumable: session.notResumable }),
      live: this.#sessions.has(session.elwoodSessionId),
    }));
  }

  /** Closes one session and forgets it. */
  async close(id: string, options: { readonly teardown?: boolean } = {}): Promise<void> {
    const session = this.get(id);
    try {
      await session.close(options);
    } finally {
      this.#sessions.delete(id);
    }
  }

  /**
   * Closes every session (graceful stop, or `kill` for `force`), waiting for those still
   * starting; never rejects.
   */
  async closeAll(options: { readonly force?: boolean } = {}): Promise<void> {
    this.#isClosed = true;
    await Promise.allSettled([...this.#starting]);
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(
      sessions.map((session) => (options.force ? session.kill() : session.close())),
    );
  }

  #assertOpen(): void {
    if (!this.#isClosed) return;
    throw new ElwoodError(
      "session_not_running",
      "The server is shutting down and opens no new sessions.",
    );
  }
}
