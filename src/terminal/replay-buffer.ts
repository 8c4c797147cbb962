// The live-only replay of raw PTY output (api.md "Size, terminal handle, replay",
// C-PTY-03): the newest N bytes, kept as the PTY's bytes, starting on a character boundary
// and read as whole characters; never persisted.

import { characterStartAtOrAfter, NO_BYTES, unfinishedCharacterLength, utf8Text } from "./utf8.js";

export const DEFAULT_REPLAY_BYTES = 131_072;

export class ReplayBuffer {
  readonly maxBytes: number;
  #chunks: Uint8Array[] = [];
  #bytes = 0;

  constructor(options: { readonly maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_REPLAY_BYTES;
  }

  get byteLength(): number {
    return this.bytes().length;
  }

  /** Keeps `chunk` (bytes as the PTY gave them; it may end inside a character). */
  append(chunk: Uint8Array): void {
    if (chunk.length === 0 || this.maxBytes <= 0) return;
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    this.#dropOldChunks();
  }

  /** The bytes still held, oldest first, starting where a character starts. */
  bytes(): Uint8Array {
    if (this.#chunks.length === 0) return NO_BYTES;
    // Join once so repeated replays do not re-concatenate.
    const joined = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    // Trimmed to the limit, it starts where a character starts; untrimmed, as the PTY began.
    const start =
      joined.length > this.maxBytes
        ? characterStartAtOrAfter(joined, joined.length - this.maxBytes)
        : 0;
    const kept = joined.subarray(start);
    this.#chunks = kept.length === 0 ? [] : [kept];
    this.#bytes = kept.length;
    return kept;
  }

  /**
   * Everything still held as text, without a last character whose bytes have not all
   * arrived (a `data` listener gets that one with the bytes that complete it).
   */
  contents(): string {
    const bytes = this.bytes();
    return utf8Text(bytes.subarray(0, bytes.length - unfinishedCharacterLength(bytes)));
  }

  clear(): void {
    this.#chunks = [];
    this.#bytes = 0;
  }

  // Per append, only whole old chunks go (no copying on the hot path): at most one chunk
  // more than the limit stays until a reader asks.
  #dropOldChunks(): void {
    let dropCount = 0;
    while (this.#bytes - (this.#chunks[dropCount]?.length ?? 0) >= this.maxBytes) {
      this.#bytes -= this.#chunks[dropCount]?.length ?? 0;
      dropCount += 1;
      if (dropCount === this.#chunks.length) break;
    }
    if (dropCount > 0) this.#chunks.splice(0, dropCount);
  }
}
