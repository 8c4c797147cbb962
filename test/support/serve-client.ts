// A test client for `elwood serve`: JSON calls, an SSE follower that records every
// entry with its id, and a terminal WebSocket that records output — what a program in
// another language would do, with fetch and the ws package only.
import WebSocket from "ws";
import { waitFor } from "./process-table.js";

export interface JsonReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export interface SseEntry {
  readonly id: number;
  readonly at: number;
  readonly type: string;
  readonly data: Record<string, unknown>;
}

export class ServeClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  async call(method: string, path: string, body?: unknown, token = this.token): Promise<JsonReply> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(token === "" ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { unparsed: text };
    }
    return { status: response.status, body: parsed };
  }

  /** Follows the session's events from after `lastEventId` until `close()`. */
  follow(id: string, lastEventId = 0): SseFollower {
    return new SseFollower(`${this.baseUrl}/api/sessions/${id}/events`, this.token, lastEventId);
  }

  /** Opens the terminal socket with the Authorization header, as a non-browser client. */
  async terminal(id: string): Promise<TerminalClient> {
    const url = `${this.baseUrl.replace(/^http/, "ws")}/api/sessions/${id}/terminal`;
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${this.token}` } });
    // Listen before "open": the replay can arrive in the same read as the handshake.
    const client = new TerminalClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return client;
  }
}

export class SseFollower {
  readonly entries: SseEntry[] = [];
  readonly gaps: unknown[] = [];
  readonly #abort = new AbortController();
  readonly done: Promise<void>;

  constructor(url: string, token: string, lastEventId: number) {
    this.done = this.#run(url, token, lastEventId).catch(() => undefined);
  }

  async waitFor(match: (entry: SseEntry) => boolean, timeoutMs = 30_000): Promise<SseEntry> {
    await waitFor(() => this.entries.some(match), { timeoutMs, intervalMs: 20 });
    const found = this.entries.find(match);
    if (found === undefined) {
      const seen = this.entries.map((entry) => `${entry.id}:${entry.type}`).join(" ");
      throw new Error(`no matching SSE entry within ${timeoutMs} ms; saw ${seen}`);
    }
    return found;
  }

  get lastId(): number {
    return this.entries.at(-1)?.id ?? 0;
  }

  async close(): Promise<void> {
    this.#abort.abort();
    await this.done;
  }

  async #run(url: string, token: string, lastEventId: number): Promise<void> {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, "last-event-id": String(lastEventId) },
      signal: this.#abort.signal,
    });
    if (response.body === null) return;
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end !== -1) {
        this.#take(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
      }
    }
  }

  #take(block: string): void {
    const fields = new Map<string, string>();
    for (const line of block.split("\n")) {
      const colon = line.indexOf(": ");
      if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 2));
    }
    const data = fields.get("data");
    if (data === undefined) return;
    if (fields.get("event") === "gap") {
      this.gaps.push(JSON.parse(data));
      return;
    }
    const entry = JSON.parse(data) as SseEntry;
    if (String(entry.id) !== fields.get("id")) throw new Error(`SSE id mismatch in ${block}`);
    this.entries.push(entry);
  }
}

export class TerminalClient {
  readonly #socket: WebSocket;
  readonly #chunks: Buffer[] = [];
  readonly notices: Record<string, unknown>[] = [];

  constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on("message", (data, isBinary) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) this.#chunks.push(bytes);
      else this.notices.push(JSON.parse(bytes.toString("utf8")) as Record<string, unknown>);
    });
  }

  get output(): string {
    return Buffer.concat(this.#chunks).toString("utf8");
  }

  get bytesReceived(): number {
    return this.#chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  sendKeys(keys: string): void {
    this.#socket.send(Buffer.from(keys, "utf8"), { binary: true });
  }

  sendControl(message: unknown): void {
    this.#socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  close(): Promise<void> {
    if (this.#socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.#socket.once("close", () => resolve());
      this.#socket.close();
    });
  }
}
