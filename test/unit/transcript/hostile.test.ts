// Hostile transcripts (issue 16, Done-when 3; TARGETS "pathological transcripts"): a
// burst of 100,000 small records, invalid UTF-8, a truncated last line, and the file
// deleted or replaced mid-session. Reads stay bounded, drops are content-free warnings,
// and the cursor keeps delivering whatever whole records come next.
import {
  appendFileSync,
  mkdtempSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TranscriptCursor } from "../../../src/transcript/cursor.js";

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "elwood-hostile-"));
  path = join(dir, "t.jsonl");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function drain(cursor: TranscriptCursor) {
  const records: unknown[] = [];
  const warnings: unknown[] = [];
  let passes = 0;
  for (;;) {
    const result = await cursor.readAvailable();
    passes += 1;
    records.push(...result.records);
    warnings.push(...result.warnings);
    if (!result.hasMore) return { records, warnings, passes };
  }
}

describe("hostile transcripts", () => {
  it("a burst of 100,000 small records arrives whole, in order, over many bounded passes", async () => {
    const lines: string[] = [];
    for (let index = 0; index < 100_000; index += 1) lines.push(`{"n":${index}}\n`);
    writeFileSync(path, lines.join(""));
    const heapBefore = process.memoryUsage().heapUsed;
    const { records, warnings, passes } = await drain(new TranscriptCursor({ path }));
    expect(records).toHaveLength(100_000);
    expect((records[99_999] as { n: number }).n).toBe(99_999);
    expect(warnings).toEqual([]);
    expect(passes).toBeGreaterThanOrEqual(1);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 2 ** 20);
  });

  it("invalid UTF-8 inside a line drops that record with a content-free warning, not its neighbours", async () => {
    writeFileSync(path, '{"a":1}\n');
    appendFileSync(
      path,
      Buffer.from([0x7b, 0x22, 0x62, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a]),
    );
    appendFileSync(path, '{"c":3}\n');
    const { records, warnings } = await drain(new TranscriptCursor({ path }));
    const texts = JSON.stringify(records);
    expect(records.filter((record) => JSON.stringify(record).includes('"a"'))).toHaveLength(1);
    expect(texts).toContain('"c":3');
    expect(JSON.stringify(warnings)).not.toContain("\\ufffd");
  });

  it("a truncated last line is held back, never delivered half, and completes later", async () => {
    writeFileSync(path, '{"a":1}\n{"b":');
    const cursor = new TranscriptCursor({ path });
    expect((await drain(cursor)).records).toEqual([{ a: 1 }]);
    appendFileSync(path, "2}\n");
    expect((await drain(cursor)).records).toEqual([{ b: 2 }]);
  });

  it("a file replaced by a longer one (rename over it) is read from its start, not from the old offset", async () => {
    writeFileSync(path, '{"a":1}\n');
    const cursor = new TranscriptCursor({ path });
    await drain(cursor);
    const other = join(dir, "other.jsonl");
    writeFileSync(other, '{"x":1}\n{"y":2}\n');
    renameSync(other, path);
    expect((await drain(cursor)).records).toEqual([{ x: 1 }, { y: 2 }]);
  });

  it("a copy of the same transcript renamed over it continues at the old offset, without repeats", async () => {
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    const cursor = new TranscriptCursor({ path });
    expect((await drain(cursor)).records).toEqual([{ a: 1 }, { b: 2 }]);
    const copy = join(dir, "copy.jsonl");
    writeFileSync(copy, '{"a":1}\n{"b":2}\n{"c":3}\n');
    renameSync(copy, path);
    expect((await drain(cursor)).records).toEqual([{ c: 3 }]);
    appendFileSync(path, '{"d":4}\n');
    expect((await drain(cursor)).records).toEqual([{ d: 4 }]);
  });

  it("the file deleted mid-session: no throw, and a new file at the path is read from its start", async () => {
    writeFileSync(path, '{"a":1}\n');
    const cursor = new TranscriptCursor({ path });
    await drain(cursor);
    unlinkSync(path);
    const gone = await drain(cursor);
    expect(gone.records).toEqual([]);
    writeFileSync(path, '{"z":26}\n');
    expect((await drain(cursor)).records).toEqual([{ z: 26 }]);
  });
});
