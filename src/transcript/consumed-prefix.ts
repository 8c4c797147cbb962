// What a TranscriptCursor has consumed of its file, remembered well enough to recognise the
// same transcript rewritten (renamed over, or truncated and written again): the file's first
// bytes, the end of its last whole line, and the bytes just before that end. A CLI that
// repairs its record on resume writes every whole record again and leaves out an unfinished
// last line (Copilot 1.0.102 does, on a new inode; prd/copilot.md "Not done yet"): reading on
// from the last whole line delivers only the new records, where starting over would replay
// the whole conversation as new activity.
import type { TranscriptFile } from "./transcript-file.js";

/** The one file operation needed here. */
type ReadableFile = Pick<TranscriptFile, "read">;

/** How much of a file's beginning tells the same transcript (rewritten, copied) from another. */
const HEAD_BYTES = 4096;
/** How many bytes before the last whole line's end must match too. */
const TAIL_BYTES = 256;
/** The step of the backwards search for the last whole line of a skipped file. */
const SEARCH_STEP_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

export class ConsumedPrefix {
  /** The first bytes of the file as read (an unfinished line included). */
  #head: Buffer = Buffer.alloc(0);
  /** Offset just past the last newline consumed: every byte before it is a whole line. */
  #lineEnd = 0;
  /** Up to TAIL_BYTES bytes ending at #lineEnd. */
  #tail: Buffer = Buffer.alloc(0);
  /** Up to TAIL_BYTES bytes ending at the next unread offset. */
  #recent: Buffer = Buffer.alloc(0);

  get lineEnd(): number {
    return this.#lineEnd;
  }

  /** Forgets everything: the file is another one, read from its start. */
  reset(): void {
    this.#head = Buffer.alloc(0);
    this.#lineEnd = 0;
    this.#tail = Buffer.alloc(0);
    this.#recent = Buffer.alloc(0);
  }

  /** Reading goes on from the last whole line (the bytes before it are the same). */
  rewindToLineEnd(): void {
    this.#recent = this.#tail;
  }

  /** `chunk` was read at `position`, right after everything noted before. */
  noteRead(chunk: Buffer, position: number): void {
    const have = this.#head.length;
    if (have < HEAD_BYTES && have === position) {
      this.#head = Buffer.concat([this.#head, chunk.subarray(0, HEAD_BYTES - have)]);
    }
    const newline = chunk.lastIndexOf(NEWLINE);
    if (newline !== -1) {
      this.#lineEnd = position + newline + 1;
      this.#tail = lastBytesOf(this.#recent, chunk.subarray(0, newline + 1));
    }
    this.#recent = lastBytesOf(this.#recent, chunk);
  }

  /**
   * Everything up to `size` was skipped unread (a resume's history): its head and last whole
   * line are looked up instead, searching at most `maxSearchBytes` back from the end.
   */
  async noteSkipped(file: ReadableFile, size: number, maxSearchBytes: number): Promise<void> {
    this.reset();
    this.#head = await readAt(file, 0, Math.min(size, HEAD_BYTES));
    const lineEnd = await lastLineEnd(file, size, maxSearchBytes);
    // None found: no whole line at all, or an unfinished one too long to ever deliver.
    this.#lineEnd = lineEnd ?? (size <= maxSearchBytes ? 0 : size);
    this.#tail = await bytesBefore(file, this.#lineEnd);
    this.#recent = await bytesBefore(file, size);
  }

  /** Whether `file` holds the same whole lines as were consumed (maybe more after them). */
  async isPrefixOf(file: ReadableFile, size: number): Promise<boolean> {
    if (this.#lineEnd === 0 || size < this.#lineEnd) return false;
    const head = this.#head.subarray(0, Math.min(this.#head.length, this.#lineEnd));
    if (!(await readAt(file, 0, head.length)).equals(head)) return false;
    const tail = await readAt(file, this.#lineEnd - this.#tail.length, this.#tail.length);
    return tail.equals(this.#tail);
  }
}

/** The last TAIL_BYTES of `before` then `chunk`, copied (the cursor reuses its buffer). */
function lastBytesOf(before: Buffer, chunk: Buffer): Buffer {
  const joined = Buffer.concat([before, chunk.subarray(Math.max(0, chunk.length - TAIL_BYTES))]);
  return joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
}

/** Offset just past the last newline before `size`, looked for in steps from the end. */
async function lastLineEnd(
  file: ReadableFile,
  size: number,
  maxSearchBytes: number,
): Promise<number | undefined> {
  const floor = Math.max(0, size - maxSearchBytes);
  for (let end = size; end > floor; end -= SEARCH_STEP_BYTES) {
    const start = Math.max(floor, end - SEARCH_STEP_BYTES);
    const newline = (await readAt(file, start, end - start)).lastIndexOf(NEWLINE);
    if (newline !== -1) return start + newline + 1;
  }
  return undefined;
}

function bytesBefore(file: ReadableFile, end: number): Promise<Buffer> {
  const length = Math.min(end, TAIL_BYTES);
  return readAt(file, end - length, length);
}

async function readAt(file: ReadableFile, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
