// TranscriptCursor: bounded reads of a growing JSONL file (spec §5.7, C-CLAUDE-15).
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TranscriptCursor, type TranscriptFile } from "../../../src/transcript/cursor.js";

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "elwood-cursor-"));
  path = join(dir, "t.jsonl");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Wraps the real fs so a test can see every read length and whether handles stay open.
function meteredOpen(reads: number[], openHandles: { count: number }) {
  return async (p: string): Promise<TranscriptFile> => {
    const handle = await open(p, "r");
    openHandles.count += 1;
    return {
      stat: () => handle.stat(),
      read: async (buffer, offset, length, position) => {
        reads.push(length);
        return handle.read(buffer, offset, length, position);
      },
      close: async () => {
        openHandles.count -= 1;
        await handle.close();
      },
    };
  };
}

describe("TranscriptCursor (C-CLAUDE-15)", () => {
  it("returns nothing while the file does not exist, then reads it once it appears", async () => {
    const cursor = new TranscriptCursor({ path });
    expect(await cursor.readAvailable()).toEqual({ records: [], warnings: [], hasMore: false });
    writeFileSync(path, '{"a":1}\n');
    expect((await cursor.readAvailable()).records).toEqual([{ a: 1 }]);
  });

  it("reads at most 256 KiB per read call and closes the file after every pass", async () => {
    const line = `${JSON.stringify({ pad: "x".repeat(1000) })}\n`;
    writeFileSync(path, line.repeat(1200)); // ~1.2 MB
    const reads: number[] = [];
    const handles = { count: 0 };
    const cursor = new TranscriptCursor({ path, openFile: meteredOpen(reads, handles) });
    const result = await cursor.readAvailable();
    expect(result.records).toHaveLength(1200);
    expect(reads.length).toBeGreaterThan(4);
    expect(Math.max(...reads)).toBeLessThanOrEqual(256 * 1024);
    expect(handles.count).toBe(0);
  });

  it("stops at the per-call budget and continues on the next call", async () => {
    writeFileSync(path, `${'{"n":1}\n'.repeat(100)}`);
    const cursor = new TranscriptCursor({ path, readBudgetBytes: 80 });
    const first = await cursor.readAvailable();
    expect(first.records).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const rest = await cursor.readAvailable({ budgetBytes: 10_000 });
    expect(rest.records).toHaveLength(90);
    expect(rest.hasMore).toBe(false);
  });

  it("holds back a partial last line and yields it once terminated", async () => {
    writeFileSync(path, '{"a":1}\n{"b":');
    const cursor = new TranscriptCursor({ path });
    expect((await cursor.readAvailable()).records).toEqual([{ a: 1 }]);
    appendFileSync(path, "2}\n");
    expect((await cursor.readAvailable()).records).toEqual([{ b: 2 }]);
  });

  it("decodes UTF-8 split across read boundaries", async () => {
    const record = `{"t":"${"é".repeat(200)}🌲"}\n`;
    writeFileSync(path, record);
    const cursor = new TranscriptCursor({ path, maxReadBytes: 7 });
    expect((await cursor.readAvailable()).records).toEqual([{ t: `${"é".repeat(200)}🌲` }]);
  });

  it("skips malformed lines and non-object JSON, counted in one coalesced warning", async () => {
    writeFileSync(path, '{"a":1}\nnot json\n[1,2]\n\n{"b":2}\n{"broken"\n');
    const result = await new TranscriptCursor({ path }).readAvailable();
    expect(result.records).toEqual([{ a: 1 }, { b: 2 }]);
    expect(result.warnings).toEqual([
      { code: "transcript_records_dropped", reason: "unparseable", count: 3 },
    ]);
  });

  it("drops a record over 1 MiB, content-free, and keeps reading after it", async () => {
    const huge = `{"x":"${"y".repeat(1024 * 1024 + 10)}"}\n`;
    writeFileSync(path, `{"a":1}\n${huge}{"b":2}\n`);
    const result = await new TranscriptCursor({ path }).readAvailable();
    expect(result.records).toEqual([{ a: 1 }, { b: 2 }]);
    expect(result.warnings).toEqual([
      { code: "transcript_records_dropped", reason: "oversized", count: 1 },
    ]);
    expect(JSON.stringify(result.warnings)).not.toContain("yyy");
  });

  it("reports a read error content-free and never throws", async () => {
    const failing = async (): Promise<TranscriptFile> => {
      throw Object.assign(new Error("secret path detail"), { code: "EACCES" });
    };
    const result = await new TranscriptCursor({ path, openFile: failing }).readAvailable();
    expect(result.warnings).toEqual([{ code: "transcript_read_error", errorCode: "EACCES" }]);
  });

  it("reports a failing read as transcript_read_error and still closes the handle", async () => {
    writeFileSync(path, '{"a":1}\n');
    let isClosed = false;
    const failingRead = async (): Promise<TranscriptFile> => ({
      stat: async () => ({ size: 8 }),
      read: async () => {
        throw Object.assign(new Error("boom"), { code: "EIO" });
      },
      close: async () => {
        isClosed = true;
      },
    });
    const result = await new TranscriptCursor({ path, openFile: failingRead }).readAvailable();
    expect(result.warnings).toEqual([{ code: "transcript_read_error", errorCode: "EIO" }]);
    expect(isClosed).toBe(true);
  });

  it("starts over when the file shrinks (replaced or truncated)", async () => {
    writeFileSync(path, '{"a":1}\n{"a":2}\n');
    const cursor = new TranscriptCursor({ path });
    await cursor.readAvailable();
    writeFileSync(path, '{"c":3}\n');
    expect((await cursor.readAvailable()).records).toEqual([{ c: 3 }]);
  });

  it("returns nothing after stop()", async () => {
    writeFileSync(path, '{"a":1}\n');
    const cursor = new TranscriptCursor({ path });
    cursor.stop();
    expect((await cursor.readAvailable()).records).toEqual([]);
    expect(cursor.offset).toBe(0);
  });
});
