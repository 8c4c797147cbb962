// Whether a CLI has written its conversation to disk yet (issue 16, prd/decisions.md
// "When a conversation id is recorded"). Claude announces its session id at start-up but
// writes the transcript only with the first prompt; `claude --resume <id>` before that
// finds nothing and exits. A transcript file that holds at least one complete line is
// the evidence that a resume will find a conversation.

import { open } from "node:fs/promises";

/** Bytes read from the start of the file: enough to see the first line end. */
const PROBE_BYTES = 64 * 1024;

/** True when `path` is a regular file whose first record is complete. Never throws. */
export async function hasConversationOnDisk(path: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, "r");
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size === 0) return false;
    const probe = Buffer.alloc(Math.min(PROBE_BYTES, stats.size));
    const { bytesRead } = await handle.read(probe, 0, probe.length, 0);
    // A first record longer than the probe is still a record being or already written.
    return probe.subarray(0, bytesRead).includes(0x0a) || bytesRead === PROBE_BYTES;
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
