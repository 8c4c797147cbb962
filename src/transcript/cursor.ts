// TranscriptCursor: follows one growing JSONL transcript by path (prd/internals.md
// "transcript/", spec §5.7). Each readAvailable() opens the file, reads at most
// `maxReadBytes` per read call up to a per-call byte budget, closes it again, and
// returns only complete, parseable JSON-object lines. Losses are counted, content-free.
import { open } from "node:fs/promises";
import { ConsumedPrefix } from "./consumed-prefix.js";
import type { OpenTranscriptFile, TranscriptFile } from "./transcript-file.js";
import type {
  TranscriptReadError,
  TranscriptReadResult,
  TranscriptRecord,
  TranscriptRecordsDropped,
} from "./types.js";
import { LineSplitter } from "./utf8-lines.js";

export type { OpenTranscriptFile, TranscriptFile } from "./transcript-file.js";

export const MAX_READ_BYTES = 256 * 1024;
export const MAX_RECORD_BYTES = 1024 * 1024;
export const DEFAULT_READ_BUDGET_BYTES = 4 * 1024 * 1024;

export interface TranscriptCursorOptions {
  readonly path: string;
  readonly maxReadBytes?: number;
  readonly maxRecordBytes?: number;
  /** Bytes one readAvailable() may consume before returning with hasMore. */
  readonly readBudgetBytes?: number;
  readonly openFile?: OpenTranscriptFile;
}

const EMPTY: TranscriptReadResult = Object.freeze({ records: [], warnings: [], hasMore: false });

export class TranscriptCursor {
  readonly path: string;
  readonly #maxReadBytes: number;
  readonly #readBudgetBytes: number;
  readonly #openFile: OpenTranscriptFile;
  readonly #splitter: LineSplitter;
  readonly #maxRecordBytes: number;
  #offset = 0;
  // Which file the offset belongs to; a different file at the path starts over.
  #identity: string | undefined;
  // What was consumed, to recognise the same transcript again when it is rewritten.
  readonly #consumed = new ConsumedPrefix();
  #wasMissing = false;
  #isStopped = false;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: TranscriptCursorOptions) {
    this.path = options.path;
    this.#maxReadBytes = Math.min(options.maxReadBytes ?? MAX_READ_BYTES, MAX_READ_BYTES);
    this.#readBudgetBytes = options.readBudgetBytes ?? DEFAULT_READ_BUDGET_BYTES;
    this.#openFile = options.openFile ?? ((path) => open(path, "r"));
    this.#maxRecordBytes = options.maxRecordBytes ?? MAX_RECORD_BYTES;
    this.#splitter = new LineSplitter({ maxRecordBytes: this.#maxRecordBytes });
  }

  /** Byte offset of the next unread byte. */
  get offset(): number {
    return this.#offset;
  }

  get isStopped(): boolean {
    return this.#isStopped;
  }

  /** Reads what is on disk now (bounded by the budget); calls are serialized. */
  readAvailable(options: { budgetBytes?: number } = {}): Promise<TranscriptReadResult> {
    const next = this.#queue.then(() => this.#read(options.budgetBytes ?? this.#readBudgetBytes));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Jumps past everything still unread; true when bytes were skipped (an unread backlog). */
  skipBacklog(): Promise<boolean> {
    const next = this.#queue.then(() => this.#skip());
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Stops reading for good; later calls return nothing. No handle is held between reads. */
  stop(): void {
    this.#isStopped = true;
    this.#splitter.clear();
  }

  async #read(budgetBytes: number): Promise<TranscriptReadResult> {
    if (this.#isStopped) return EMPTY;
    const opened = await this.#tryOpen();
    if (opened === undefined) return EMPTY;
    if ("code" in opened) return { records: [], warnings: [opened], hasMore: false };
    const records: TranscriptRecord[] = [];
    let oversized = 0;
    let unparseable = 0;
    let hasMore = false;
    let failure: TranscriptReadError | undefined;
    try {
      const stats = await opened.stat();
      const { size } = stats;
      const identity = stats.ino === undefined ? undefined : `${stats.dev}:${stats.ino}`;
      // A shorter file was truncated, and a deleted-then-recreated or renamed-over file is
      // another file (even when longer): either way, start over from its beginning —
      // unless it holds the whole lines already consumed (a copy or rewrite of the same
      // transcript, by a sync tool, an editor, or a CLI repairing an unfinished last line
      // on resume), which would otherwise deliver every record twice: read on after them.
      const isOtherFile =
        this.#wasMissing ||
        (identity !== undefined && this.#identity !== undefined && identity !== this.#identity);
      if (size < this.#offset || isOtherFile) {
        if (await this.#consumed.isPrefixOf(opened, size)) this.#rewindToLineEnd();
        else this.#restart();
      }
      this.#identity = identity;
      this.#wasMissing = false;
      const buffer = Buffer.allocUnsafe(
        Math.min(this.#maxReadBytes, Math.max(1, size - this.#offset)),
      );
      let budget = budgetBytes;
      while (this.#offset < size && budget > 0 && !this.#isStopped) {
        const length = Math.min(buffer.length, size - this.#offset, budget);
        const { bytesRead } = await opened.read(buffer, 0, length, this.#offset);
        if (bytesRead === 0) break;
        this.#consumed.noteRead(buffer.subarray(0, bytesRead), this.#offset);
        this.#offset += bytesRead;
        budget -= bytesRead;
        const out = this.#splitter.push(buffer.subarray(0, bytesRead));
        oversized += out.oversized;
        for (const line of out.lines) {
          const record = parseRecord(line);
          if (record === "blank") continue;
          if (record === undefined) unparseable += 1;
          else records.push(record);
        }
      }
      hasMore = this.#offset < size && !this.#isStopped;
    } catch (error) {
      failure = readError(error);
    } finally {
      await opened.close().catch(() => undefined);
    }
    const warnings: Array<TranscriptRecordsDropped | TranscriptReadError> = [];
    if (unparseable > 0) warnings.push(dropped("unparseable", unparseable));
    if (oversized > 0) warnings.push(dropped("oversized", oversized));
    if (failure !== undefined) warnings.push(failure);
    return { records, warnings, hasMore };
  }

  async #skip(): Promise<boolean> {
    if (this.#isStopped) return false;
    const opened = await this.#tryOpen();
    if (opened === undefined || "code" in opened) return false;
    try {
      const stats = await opened.stat();
      const { size } = stats;
      const hadBacklog = size > this.#offset || this.#splitter.pendingBytes > 0;
      if (size > this.#offset) {
        // Unread history still counts as consumed: a rewrite of it must not replay it.
        await this.#consumed.noteSkipped(opened, size, this.#maxRecordBytes);
        this.#identity = stats.ino === undefined ? undefined : `${stats.dev}:${stats.ino}`;
        this.#wasMissing = false;
      }
      this.#offset = Math.max(size, this.#offset);
      this.#splitter.clear();
      return hadBacklog;
    } catch {
      return false;
    } finally {
      await opened.close().catch(() => undefined);
    }
  }

  // A missing file is normal (the CLI has not written it yet), not an error.
  async #tryOpen(): Promise<TranscriptFile | TranscriptReadError | undefined> {
    try {
      return await this.#openFile(this.path);
    } catch (error) {
      if (errorCodeOf(error) === "ENOENT") {
        // Deleted mid-session: whatever appears at the path next is a new file.
        if (this.#offset > 0) this.#wasMissing = true;
        return undefined;
      }
      return readError(error);
    }
  }

  #restart(): void {
    this.#offset = 0;
    this.#consumed.reset();
    this.#splitter.clear();
  }

  // An unfinished last line may be gone from the rewrite: it is read again from its start.
  #rewindToLineEnd(): void {
    this.#offset = this.#consumed.lineEnd;
    this.#consumed.rewindToLineEnd();
    this.#splitter.clear();
  }
}

function parseRecord(line: string): TranscriptRecord | undefined | "blank" {
  if (line.trim() === "") return "blank";
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as TranscriptRecord;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function dropped(
  reason: TranscriptRecordsDropped["reason"],
  count: number,
): TranscriptRecordsDropped {
  return { code: "transcript_records_dropped", reason, count };
}

function readError(error: unknown): TranscriptReadError {
  return { code: "transcript_read_error", errorCode: errorCodeOf(error) ?? "UnknownError" };
}

function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}
