// Public surface of the bounded transcript mechanism (prd/internals.md "transcript/").

export {
  asObject,
  stringField,
  type TranscriptActivityItem,
  type TranscriptActivityKind,
  toolValueToString,
} from "./activity.js";
export {
  DEFAULT_READ_BUDGET_BYTES,
  MAX_READ_BYTES,
  MAX_RECORD_BYTES,
  type OpenTranscriptFile,
  TranscriptCursor,
  type TranscriptCursorOptions,
  type TranscriptFile,
} from "./cursor.js";
export {
  type FollowerTimers,
  TranscriptFollower,
  type TranscriptFollowerOptions,
} from "./follower.js";
export type * from "./types.js";
export { LineSplitter } from "./utf8-lines.js";
