// The reply that ended a turn, for agentStop: Copilot's hook carries no text, only the
// session record's path, where the turn's last `assistant.message` is written around the
// time the hook runs (seen on 1.0.102; under load the hook can come first, and after a
// resume or between quick turns the record can lag a whole turn behind). Only the file's
// tail is read, so a long session costs the same as a short one. Only a reply of this turn
// counts: one after the newest prompt and after the previous turn's agentStop, and never
// one an earlier agentStop already named (a stale tail would promise the last turn's reply,
// which this turn's transcript never holds). One read never waits: a reply not on disk yet
// is undefined, and the turn owner asks again on its clock (COPILOT_TURN_END_TEXT_RETRY)
// before it waits for the turn's text in the transcript.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** Bytes read from the end of events.jsonl: the last reply and the records after it. */
const TAIL_BYTES = 256 * 1024;

/** Up to half a second for a reply not on disk yet (the hook ran before Copilot wrote it). */
export const COPILOT_TURN_END_TEXT_RETRY = { attempts: 20, intervalMs: 25 } as const;

/** Per record, the reply an agentStop last named (a few hundred sessions at most). */
const namedReplies = new Map<string, string>();
const MAX_REMEMBERED_RECORDS = 1024;

export function lastAssistantText(transcriptPath: string | undefined): string | undefined {
  if (transcriptPath === undefined || transcriptPath === "") return undefined;
  const found = currentReply(transcriptPath);
  if (found === undefined || found.messageId === namedReplies.get(transcriptPath)) {
    return undefined;
  }
  remember(transcriptPath, found.messageId);
  return found.text;
}

function remember(transcriptPath: string, messageId: string): void {
  namedReplies.delete(transcriptPath);
  namedReplies.set(transcriptPath, messageId);
  const oldest = namedReplies.keys().next().value;
  if (namedReplies.size > MAX_REMEMBERED_RECORDS && oldest !== undefined) {
    namedReplies.delete(oldest);
  }
}

interface Reply {
  readonly text: string;
  readonly messageId: string;
}

/** This turn's final reply; undefined while none is on disk (or unreadable). */
function currentReply(transcriptPath: string): Reply | undefined {
  let tail: string;
  try {
    tail = readTail(transcriptPath);
  } catch {
    return undefined;
  }
  const lines = tail.split("\n");
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] ?? "";
    // Past the newest prompt, or the previous turn's end: whatever is older is not this turn's.
    if (line.includes('"type":"user.message"') || line.includes('"hookType":"agentStop"')) {
      return undefined;
    }
    const reply = replyOf(line);
    if (reply !== undefined) return reply;
  }
  return undefined;
}

function readTail(path: string): string {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** A final reply: an `assistant.message` with content and no tool requests. */
function replyOf(line: string): Reply | undefined {
  if (!line.includes('"assistant.message"')) return undefined;
  try {
    const record = JSON.parse(line) as {
      type?: unknown;
      id?: unknown;
      data?: Record<string, unknown>;
    };
    if (record.type !== "assistant.message") return undefined;
    const content = record.data?.content;
    const requests = record.data?.toolRequests;
    if (typeof content !== "string" || content === "") return undefined;
    if (Array.isArray(requests) && requests.length > 0) return undefined;
    const messageId = record.data?.messageId ?? record.id;
    return { text: content, messageId: typeof messageId === "string" ? messageId : content };
  } catch {
    return undefined; // the first line of the tail may be cut
  }
}
