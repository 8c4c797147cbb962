// The request log of the scripted model server: entries in arrival order, plus
// waiters that resolve when a matching request arrives (or time out with a summary).
import type { LoggedImage, LoggedRequest, ModelApi, ToolResultRecord } from "./types.js";

/** The server's own, still-filling view of a log entry. */
export interface OpenLogEntry {
  readonly at: number;
  readonly api: ModelApi | "other";
  readonly method: string;
  readonly path: string;
  body: unknown;
  userText: string;
  matchedTurn?: number;
  toolResults: readonly ToolResultRecord[];
  images: readonly LoggedImage[];
  isAuxiliary: boolean;
  status: number;
}

interface Waiter {
  readonly predicate: (request: LoggedRequest) => boolean;
  readonly resolve: (request: LoggedRequest) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

function summarize(entry: LoggedRequest): string {
  const turn = entry.matchedTurn === undefined ? "" : ` turn=${entry.matchedTurn}`;
  const aux = entry.isAuxiliary ? " aux" : "";
  return `${entry.method} ${entry.path} ${entry.status}${aux}${turn} ${JSON.stringify(entry.userText.slice(0, 60))}`;
}

export class RequestLog {
  readonly #entries: OpenLogEntry[] = [];
  readonly #waiters = new Set<Waiter>();

  get entries(): readonly LoggedRequest[] {
    return this.#entries;
  }

  open(fields: Pick<OpenLogEntry, "method" | "path" | "api">): OpenLogEntry {
    const entry: OpenLogEntry = {
      at: Date.now(),
      ...fields,
      body: undefined,
      userText: "",
      toolResults: [],
      images: [],
      isAuxiliary: false,
      status: 0,
    };
    this.#entries.push(entry);
    return entry;
  }

  /** Re-checks waiters after an entry gained information. */
  notify(entry: OpenLogEntry): void {
    for (const waiter of this.#waiters) {
      if (!safeTest(waiter.predicate, entry)) continue;
      this.#settle(waiter);
      waiter.resolve(entry);
    }
  }

  waitFor(
    predicate: (request: LoggedRequest) => boolean,
    timeoutMs: number,
  ): Promise<LoggedRequest> {
    const seen = this.#entries.find((entry) => safeTest(predicate, entry));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#settle(waiter);
        const lines = this.#entries.map(summarize).join("\n  ") || "(none)";
        reject(new Error(`no matching request within ${timeoutMs} ms; received:\n  ${lines}`));
      }, timeoutMs);
      const waiter: Waiter = { predicate, resolve, reject, timer };
      this.#waiters.add(waiter);
    });
  }

  /** Rejects every pending waiter; used when the server closes. */
  close(): void {
    for (const waiter of this.#waiters) {
      this.#settle(waiter);
      waiter.reject(new Error("scripted model server closed while waiting for a request"));
    }
  }

  #settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.#waiters.delete(waiter);
  }
}

function safeTest(predicate: (request: LoggedRequest) => boolean, entry: LoggedRequest): boolean {
  try {
    return predicate(entry);
  } catch {
    return false;
  }
}
