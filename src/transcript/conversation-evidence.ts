// Whether a CLI has written its conversation to disk yet (issue 16, prd/decisions.md
// "When a conversation id is recorded"). Claude announces its session id at start-up but
// writes the transcript only with the first prompt; `claude --resume <id>` before that
// finds nothing and exits. A transcript file that holds a complete conversation record
// (the adapter says which records are; any complete line when it does not) is the
// evidence that a resume will find a conversation. Claude may write bookkeeping records
// before its first message: a file of those alone resumes nothing ("No conversation
// found", seen in CI after a parent killed inside the first PreToolUse).

import { open } from "node:fs/promises";

/** Bytes read from the start of the file: enough to see the first records. */
const PROBE_BYTES = 64 * 1024;

/** Which parsed record makes a conversation resumable. */
export type ConversationRecordTest = (record: unknown) => boolean;

/**
 * True when `path` is a regular file holding a complete record that passes
 * `isConversationRecord` within its first 64 KiB (a file with more than that and no
 * line end yet is a record being written: it counts). Never throws.
 */
export async function hasConversationOnDisk(
  path: string,
  isConversationRecord: ConversationRecordTest = () => true,
): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, "r");
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size === 0) return false;
    const probe = Buffer.alloc(Math.min(PROBE_BYTES, stats.size));
    const { bytesRead } = await handle.read(probe, 0, probe.length, 0);
    const text = probe.toString("utf8", 0, bytesRead);
    const lastNewline = text.lastIndexOf("\n");
    if (lastNewline === -1) return bytesRead === PROBE_BYTES;
    return text
      .slice(0, lastNewline)
      .split("\n")
      .some((line) => isConversationRecord(parsedOrUndefined(line)));
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function parsedOrUndefined(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
