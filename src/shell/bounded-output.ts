// Collects one probe stream up to a byte limit (lifecycle §1.2 "Probe bounds") and
// decodes it with UTF-8-safe truncation: a cut never leaves half a character.

export class BoundedOutput {
  readonly #maxBytes: number;
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  #isTruncated = false;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get isTruncated(): boolean {
    return this.#isTruncated;
  }

  /** Keeps what fits; returns false once the limit was exceeded. */
  append(chunk: Buffer): boolean {
    if (this.#isTruncated) return false;
    const room = this.#maxBytes - this.#bytes;
    if (chunk.length > room) {
      this.#chunks.push(chunk.subarray(0, room));
      this.#bytes += room;
      this.#isTruncated = true;
      return false;
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    return true;
  }

  text(): string {
    const bytes = Buffer.concat(this.#chunks, this.#bytes);
    const end = this.#isTruncated ? completeCharacterEnd(bytes) : bytes.length;
    return bytes.toString("utf8", 0, end);
  }
}

// Walks back over a trailing partial UTF-8 sequence so the text ends on a whole character.
export function completeCharacterEnd(bytes: Buffer): number {
  let start = bytes.length - 1;
  let continuationCount = 0;
  while (start >= 0 && continuationCount < 3 && ((bytes[start] ?? 0) & 0xc0) === 0x80) {
    start -= 1;
    continuationCount += 1;
  }
  if (start < 0) return bytes.length;
  const lead = bytes[start] ?? 0;
  const expected = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return continuationCount + 1 < expected ? start : bytes.length;
}
