// Server-sent events writer for scripted replies: writes `event:`/`data:` frames,
// paces them for slow-stream steps, and stops quietly when the client goes away.
import type { ServerResponse } from "node:http";

/** Splits text into streaming chunks; small chunks so CLIs see real incremental deltas. */
export function chunkText(text: string, size = 24): string[] {
  if (text.length === 0) return [""];
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

export class SseWriter {
  readonly #response: ServerResponse;
  readonly #signal: AbortSignal;
  /** Delay before each content chunk; set by `slow` steps. */
  chunkDelayMs = 0;

  constructor(response: ServerResponse, signal: AbortSignal) {
    this.#response = response;
    this.#signal = signal;
  }

  /** True once the client disconnected or the server is closing. */
  get isClosed(): boolean {
    return this.#signal.aborted || this.#response.destroyed || this.#response.writableEnded;
  }

  start(): void {
    this.#response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    this.#response.flushHeaders();
  }

  send(event: string, data: unknown): void {
    if (this.isClosed) return;
    this.#response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A frame with no event name, as the Gemini API streams (`data: {...}`). */
  sendData(data: unknown): void {
    if (this.isClosed) return;
    this.#response.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
  }

  /** Waits the slow-stream delay (if any) before a content chunk. */
  async pace(): Promise<void> {
    if (this.chunkDelayMs > 0) await this.sleep(this.chunkDelayMs);
  }

  /** Sleeps, but wakes early (without throwing) when the stream is aborted. */
  sleep(ms: number): Promise<void> {
    return sleepUnlessAborted(ms, this.#signal);
  }

  end(): void {
    if (!this.#response.writableEnded && !this.#response.destroyed) this.#response.end();
  }
}

/** Sleeps `ms`, resolving early (never rejecting) once `signal` aborts. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
