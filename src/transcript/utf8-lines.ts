// Byte-level JSONL line splitter with a hard per-record cap. Lines are cut at 0x0A,
// which never occurs inside a UTF-8 multi-byte sequence, so decoding whole lines is
// always safe across read boundaries. An over-cap record is discarded through its next
// newline without being buffered, so memory stays at most `maxRecordBytes` per file.

const NEWLINE = 0x0a;

export interface LineSplitterOptions {
  readonly maxRecordBytes: number;
}

export interface SplitOutput {
  /** Complete lines, decoded, without the trailing newline (or "\r\n"). */
  readonly lines: string[];
  /** Records discarded because they crossed the cap (each counted once). */
  readonly oversized: number;
}

export class LineSplitter {
  readonly #maxRecordBytes: number;
  readonly #decoder = new TextDecoder("utf-8", { fatal: false });
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #isDiscarding = false;

  constructor(options: LineSplitterOptions) {
    this.#maxRecordBytes = options.maxRecordBytes;
  }

  /** Bytes of the unfinished last line currently held (never above the cap). */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  /** Feeds one chunk; `chunk` may be a reused buffer, so held bytes are copied. */
  push(chunk: Uint8Array): SplitOutput {
    const lines: string[] = [];
    let oversized = 0;
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.#isDiscarding) {
        if (newline !== -1) this.#isDiscarding = false;
      } else if (this.#pendingBytes + (end - start) > this.#maxRecordBytes) {
        // Crossing the cap: count once, drop what is held, skip to the next newline.
        oversized += 1;
        this.#reset();
        this.#isDiscarding = newline === -1;
      } else if (newline === -1) {
        this.#pending.push(Buffer.from(chunk.subarray(start, end)));
        this.#pendingBytes += end - start;
      } else {
        lines.push(this.#takeLine(chunk.subarray(start, end)));
      }
      if (newline === -1) break;
      start = newline + 1;
    }
    return { lines, oversized };
  }

  /** Forgets any held partial line (file replaced or backlog skipped). */
  clear(): void {
    this.#reset();
    this.#isDiscarding = false;
  }

  #takeLine(tail: Uint8Array): string {
    const bytes = this.#pending.length === 0 ? tail : Buffer.concat([...this.#pending, tail]);
    this.#reset();
    const text = this.#decoder.decode(bytes);
    return text.endsWith("\r") ? text.slice(0, -1) : text;
  }

  #reset(): void {
    this.#pending = [];
    this.#pendingBytes = 0;
  }
}
