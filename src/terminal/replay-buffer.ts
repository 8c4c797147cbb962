// The live-only replay of raw PTY output (api.md "Size, terminal handle, replay",
// C-PTY-03): the newest N bytes, trimmed on a UTF-8 boundary, never persisted.

import { keepUtf8Tail, utf8Length } from "./utf8.js";

export const DEFAULT_REPLAY_BYTES = 131_072;

interface Chunk {
  text: string;
  bytes: number;
}

export class ReplayBuffer {
  readonly maxBytes: number;
  #chunks: Chunk[] = [];
  #bytes = 0;

  constructor(options: { readonly maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_REPLAY_BYTES;
  }

  get byteLength(): number {
    this.#cutOldest();
    return this.#bytes;
  }

  /** Keeps `text`; `bytes` is its UTF-8 length when the caller knows it already. */
  append(text: string, bytes: number = utf8Length(text)): void {
    if (text === "" || this.maxBytes <= 0) return;
    this.#chunks.push({ text, bytes });
    this.#bytes += bytes;
    this.#dropOldChunks();
  }

  /** Everything still held, oldest first, as one string. */
  contents(): string {
    this.#cutOldest();
    if (this.#chunks.length > 1) {
      // Join once so repeated replays do not re-concatenate.
      this.#chunks = [
        { text: this.#chunks.map((chunk) => chunk.text).join(""), bytes: this.#bytes },
      ];
    }
    return this.#chunks[0]?.text ?? "";
  }

  clear(): void {
    this.#chunks = [];
    this.#bytes = 0;
  }

  // Per append, only whole old chunks go (no re-encoding on the hot path): at most one
  // chunk more than the limit stays until a reader asks.
  #dropOldChunks(): void {
    let dropCount = 0;
    while (this.#bytes - (this.#chunks[dropCount]?.bytes ?? 0) >= this.maxBytes) {
      this.#bytes -= this.#chunks[dropCount]?.bytes ?? 0;
      dropCount += 1;
      if (dropCount === this.#chunks.length) break;
    }
    if (dropCount > 0) this.#chunks.splice(0, dropCount);
  }

  // Cuts the oldest survivor on a character boundary so the total fits the limit.
  #cutOldest(): void {
    const oldest = this.#chunks[0];
    if (oldest === undefined || this.#bytes <= this.maxBytes) return;
    const keep = oldest.bytes - (this.#bytes - this.maxBytes);
    const text = keepUtf8Tail(oldest.text, keep);
    const bytes = utf8Length(text);
    this.#bytes -= oldest.bytes - bytes;
    this.#chunks[0] = { text, bytes };
  }
}
