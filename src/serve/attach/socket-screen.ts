// The server's terminal socket seen as a takeover screen (prd/serve.md "Terminal socket"):
// binary frames in are output (the replay first; frames that arrive before the takeover
// subscribes are kept for it), keys go out as binary frames and resizes as JSON, and the
// `exit` notice or the close code becomes how the attachment ended.
import WebSocket, { type RawData } from "ws";
import type { ElwoodAttachEnd, TakeoverScreen } from "../../terminal/takeover/terminal-takeover.js";

type Ending = Exclude<ElwoodAttachEnd, { reason: "detached" }>;

export class SocketScreen implements TakeoverScreen {
  readonly #socket: WebSocket;
  readonly #early: Buffer[] = [];
  #output: ((chunk: Uint8Array) => void) | undefined;
  #onEnding: ((ending: Ending) => void) | undefined;
  #ending: Ending | undefined;
  #lastError: string | undefined;
  readonly #earlyNotices: string[] = [];
  #onNotice: ((message: string) => void) | undefined;

  /** Listens at once, before the handshake completes. */
  constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on("message", (data: RawData, isBinary: boolean) => {
      const bytes = toBuffer(data);
      if (isBinary) {
        if (this.#output === undefined) this.#early.push(bytes);
        else this.#output(bytes);
        return;
      }
      this.#notice(bytes.toString("utf8"));
    });
    socket.on("close", (code: number) => this.#closed(code));
    // A socket error is followed by its close, which says what ended.
    socket.on("error", () => undefined);
  }

  onOutput(listener: (chunk: Uint8Array) => void): () => void {
    for (const chunk of this.#early.splice(0)) listener(chunk);
    this.#output = listener;
    return () => {
      this.#output = undefined;
    };
  }

  sendKeys(keys: Uint8Array): void {
    if (this.#socket.readyState === WebSocket.OPEN) this.#socket.send(keys, { binary: true });
  }

  resize(size: { readonly cols: number; readonly rows: number }): void {
    if (this.#socket.readyState !== WebSocket.OPEN) return;
    this.#socket.send(JSON.stringify({ type: "resize", cols: size.cols, rows: size.rows }));
  }

  /**
   * The server's word to the person: the session is still starting and keys are held, it
   * is ready, held keys were dropped or refused (src/serve/startup-key-hold.ts). Notices
   * that came before the listener are delivered to it first.
   */
  onNotice(listener: (message: string) => void): () => void {
    for (const message of this.#earlyNotices.splice(0)) listener(message);
    this.#onNotice = listener;
    return () => {
      this.#onNotice = undefined;
    };
  }

  /** Called once when the session ends or the connection breaks (at once if it has). */
  onEnding(listener: (ending: Ending) => void): () => void {
    if (this.#ending !== undefined) listener(this.#ending);
    else this.#onEnding = listener;
    return () => {
      this.#onEnding = undefined;
    };
  }

  close(): void {
    this.#output = undefined;
    if (this.#socket.readyState === WebSocket.OPEN) this.#socket.close(1000, "detached");
    else if (this.#socket.readyState === WebSocket.CONNECTING) this.#socket.terminate();
  }

  #notice(text: string): void {
    let notice: {
      type?: unknown;
      message?: unknown;
      exitCode?: unknown;
      signal?: unknown;
      error?: { message?: unknown };
    };
    try {
      notice = JSON.parse(text) as typeof notice;
    } catch {
      return;
    }
    if (notice.type === "exit") {
      const how =
        typeof notice.signal === "number"
          ? `signal ${notice.signal}`
          : `code ${String(notice.exitCode)}`;
      this.#end({ reason: "ended", message: `The session ended: its agent exited (${how}).` });
      return;
    }
    if (notice.type === "error" && typeof notice.error?.message === "string") {
      this.#lastError = notice.error.message;
    }
    if (KEY_HOLD_NOTICES.has(String(notice.type)) && typeof notice.message === "string") {
      if (this.#onNotice === undefined) this.#earlyNotices.push(notice.message);
      else this.#onNotice(notice.message);
    }
  }

  #closed(code: number): void {
    if (code === 1000) {
      this.#end({
        reason: "ended",
        message: "The session was closed on the server (stopped or deleted).",
      });
    } else if (code === 1001) {
      this.#end({
        reason: "ended",
        message: "The server is shutting down; the session was stopped with it.",
      });
    } else {
      const why =
        code === 1013
          ? "this terminal fell more than 8 MB behind the agent's output"
          : `close code ${code}`;
      const last = this.#lastError === undefined ? "" : ` (last server error: ${this.#lastError})`;
      this.#end({
        reason: "failed",
        error: new Error(`Lost the connection to the server: ${why}${last}.`),
      });
    }
  }

  #end(ending: Ending): void {
    if (this.#ending !== undefined) return;
    this.#ending = ending;
    this.#onEnding?.(ending);
  }
}

/** The notices that speak to the person (the server's startup key hold). */
const KEY_HOLD_NOTICES: ReadonlySet<string> = new Set([
  "starting",
  "ready",
  "held_keys_dropped",
  "keys_refused",
]);

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
