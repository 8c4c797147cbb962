// The server's live sessions by Elwood session id. Opening, finding and closing go
// through here so shutdown can close every session, including ones still starting.
import { ElwoodError } from "../index.js";
import {
  ServedSession,
  type SessionDefaults,
  type SessionInfo,
  type SessionRequest,
} from "./served-session.js";

export class SessionRegistry {
  readonly #defaults: SessionDefaults;
  readonly #sessions = new Map<string, ServedSession>();
  readonly #starting = new Set<Promise<ServedSession>>();
  #isClosed = false;

  constructor(defaults: SessionDefaults) {
    this.#defaults = defaults;
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
    const starting = ServedSession.open(request, this.#defaults);
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
