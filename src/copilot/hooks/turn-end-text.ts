// The reply that ended a turn, for agentStop: Copilot's hook carries no text, only the
// session record's path, where the turn's last `assistant.message` is written around the
// time the hook runs (seen on 1.0.102; under load the hook can come first). Only the
// file's tail is read, so a long session costs the same as a short one. Only a reply
// after the newest prompt counts (an older one would be promised and never come); one not
// on disk yet is waited for briefly, else "" (the turn then ends on quiet time).
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** Bytes read from the end of events.jsonl: the last reply and the records after it. */
const TAIL_BYTES = 256 * 1024;
/** How long a reply not yet on disk is waited for, in steps (blocking: kept short). */
const WAIT_STEPS = 20;
const STEP_MS = 25;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

export function lastAssistantText(transcriptPath: string | undefined): string {
  if (transcriptPath === undefined || transcriptPath === "") return "";
  for (let step = 0; step <= WAIT_STEPS; step++) {
    const found = currentReply(transcriptPath);
    if (found !== undefined) return found;
    Atomics.wait(sleeper, 0, 0, STEP_MS);
  }
  return "";
}

/** The newest prompt's final reply; undefined while none is on disk (or unreadable). */
function currentReply(transcriptPath: string): string | undefined {
  let tail: string;
  try {
    tail = readTail(transcriptPath);
  } catch {
    return undefined;
  }
  const lines = tail.split("\n");
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] ?? "";
    if (line.includes('"type":"user.message"')) return undefined;
    const text = replyText(line);
    if (text !== undefined) return text;
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

/** A final reply's text: an `assistant.message` with content and no tool requests. */
function replyText(line: string): string | undefined {
  if (!line.includes('"assistant.message"')) return undefined;
  try {
    const record = JSON.parse(line) as { type?: unknown; data?: Record<string, unknown> };
    if (record.type !== "assistant.message") return undefined;
    const content = record.data?.content;
    const requests = record.data?.toolRequests;
    if (typeof content !== "string" || content === "") return undefined;
    return Array.isArray(requests) && requests.length > 0 ? undefined : content;
  } catch {
    return undefined; // the first line of the tail may be cut
  }
}
