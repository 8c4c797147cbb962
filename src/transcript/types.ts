// Shapes the bounded transcript follower hands upward (prd/internals.md "transcript/",
// spec §5.7 warnings). Warnings are content-free: a reason label, a count and an
// error code at most — never record text or byte magnitudes.

/** Why committed records were lost: unparseable line, over-cap line, unread teardown backlog. */
export type TranscriptDropReason = "unparseable" | "oversized" | "unread_backlog";

export interface TranscriptRecordsDropped {
  readonly code: "transcript_records_dropped";
  readonly reason: TranscriptDropReason;
  /** Records lost in this pass (coalesced: one warning per reason per pass). */
  readonly count: number;
}

export interface TranscriptReadError {
  readonly code: "transcript_read_error";
  /** errno-style code of the failed fs call (e.g. "EACCES"), or "UnknownError". */
  readonly errorCode: string;
}

export interface TranscriptPollStopped {
  readonly code: "transcript_poll_stopped";
  /** Which path gave up: the periodic poll or the final flush before terminal:exit. */
  readonly phase: "poll" | "final_flush";
  /** Bounded reason label: "repeated_read_errors" or "consumer_error". */
  readonly reason: "repeated_read_errors" | "consumer_error";
}

export type TranscriptWarning =
  | TranscriptRecordsDropped
  | TranscriptReadError
  | TranscriptPollStopped;

/** One parsed JSONL record: any JSON object, left for an adapter's mapper to interpret. */
export type TranscriptRecord = Readonly<Record<string, unknown>>;

export interface TranscriptReadResult {
  readonly records: readonly TranscriptRecord[];
  readonly warnings: readonly (TranscriptRecordsDropped | TranscriptReadError)[];
  /** True when the per-call budget ran out before end of file. */
  readonly hasMore: boolean;
}
