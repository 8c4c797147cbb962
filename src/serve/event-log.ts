// One session's server-side event history: every entry gets the next id (1, 2, 3, …) and
// the newest `capacity` entries are kept, so an SSE client that reconnects with
// Last-Event-ID resumes without gaps unless it fell more than `capacity` entries behind.

import { TypedEmitter } from "../events/emitter.js";
import type { ElwoodUnsubscribe } from "../index.js";

export type ServeEventType =
  | "status"
  | "activity"
  | "hook"
  | "hookError"
  | "warning"
  | "loop"
  | "exit"
  | "error";

export interface ServeEvent {
  readonly id: number;
  /** Milliseconds since the epoch when the server recorded it. */
  readonly at: number;
  readonly type: ServeEventType;
  readonly data: unknown;
}

export const DEFAULT_EVENT_LOG_CAPACITY = 5000;

export interface ReplayResult {
  readonly events: readonly ServeEvent[];
  /** Entries after `afterId` that were already dropped from the ring (0 when none). */
  readonly missed: number;
}

export class SessionEventLog {
  readonly #capacity: number;
  readonly #ring: ServeEvent[] = [];
  readonly #emitter = new TypedEmitter<{ event: ServeEvent; closed: undefined }>();
  #lastId = 0;
  #isClosed = false;

  constructor(capacity = DEFAULT_EVENT_LOG_CAPACITY) {
    this.#capacity = capacity;
  }

  get lastId(): number {
    return this.#lastId;
  }

  append(type: ServeEventType, data: unknown, at = Date.now()): ServeEvent {
    this.#lastId += 1;
    const event: ServeEvent = { id: this.#lastId, at, type, data };
    this.#ring.push(event);
    if (this.#ring.length > this.#capacity) this.#ring.shift();
    this.#emitter.emit("event", event);
    return event;
  }

  /** Entries with an id above `afterId`, oldest first (everything kept for 0). */
  since(afterId: number): ReplayResult {
    const oldest = this.#ring[0]?.id ?? this.#lastId + 1;
    const missed = Math.max(0, oldest - afterId - 1);
    return { events: this.#ring.filter((event) => event.id > afterId), missed };
  }

  subscribe(listener: (event: ServeEvent) => void): ElwoodUnsubscribe {
    return this.#emitter.on("event", listener);
  }

  get isClosed(): boolean {
    return this.#isClosed;
  }

  /** The session is gone from the server: live followers end (entries stay readable). */
  close(): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    this.#emitter.emit("closed", undefined);
  }

  /** Runs `listener` when the log closes, or at once if it already has. */
  onClose(listener: () => void): ElwoodUnsubscribe {
    if (this.#isClosed) {
      listener();
      return () => {};
    }
    return this.#emitter.on("closed", listener);
  }
}
