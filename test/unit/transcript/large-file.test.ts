// Pathological input: a 1 GiB record with no newline (a sparse file, so it costs no
// disk) must be skipped with bounded memory and the following record still read.
import { appendFileSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TranscriptCursor } from "../../../src/transcript/cursor.js";

const GIB = 1024 * 1024 * 1024;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "elwood-large-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("TranscriptCursor with a 1 GiB line (C-CLAUDE-15)", () => {
  it("skips it without buffering: held bytes and memory stay bounded", async () => {
    const path = join(dir, "huge.jsonl");
    writeFileSync(path, '{"before":1}\n');
    truncateSync(path, GIB); // sparse: a gigabyte of NUL bytes, no newline
    appendFileSync(path, '\n{"after":2}\n');
    const cursor = new TranscriptCursor({ path, readBudgetBytes: 64 * 1024 * 1024 });
    const before = process.memoryUsage();
    let peakExternal = 0;
    const records: unknown[] = [];
    let oversized = 0;
    for (let pass = 0; pass < 64; pass++) {
      const result = await cursor.readAvailable();
      records.push(...result.records);
      for (const w of result.warnings)
        if (w.code === "transcript_records_dropped") oversized += w.count;
      const now = process.memoryUsage();
      peakExternal = Math.max(
        peakExternal,
        now.arrayBuffers - before.arrayBuffers,
        now.heapUsed - before.heapUsed,
      );
      if (!result.hasMore) break;
    }
    expect(records).toEqual([{ before: 1 }, { after: 2 }]);
    expect(oversized).toBe(1);
    expect(cursor.offset).toBe(GIB + 13);
    expect(peakExternal).toBeLessThan(48 * 1024 * 1024);
  }, 60_000);
});
