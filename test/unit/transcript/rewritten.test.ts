// The same transcript rewritten under the cursor (prd/copilot.md "Not done yet"): a CLI that
// repairs its record on resume writes every whole record again without the unfinished last
// line, on a new inode (Copilot 1.0.102 does), and then appends the new turn. Whether the
// history was read or skipped (a resume), only the records after the consumed whole lines
// are delivered: never the history again, never a new record lost or read from mid-line.
import { appendFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TranscriptCursor } from "../../../src/transcript/cursor.js";

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "elwood-rewritten-"));
  path = join(dir, "t.jsonl");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const HISTORY = '{"turn":1,"say":"first answer"}\n{"turn":1,"end":true}\n';
/** A last record cut in the middle, as a crash mid-write leaves it. */
const CUT = `${HISTORY}{"type":"session.shutdown","pad":"${"x".repeat(40)}`;

/** Writes `text` to a new file renamed over the transcript (a new inode). */
function renameOver(text: string): void {
  const other = join(dir, "rewrite.jsonl");
  writeFileSync(other, text);
  renameSync(other, path);
}

async function skipped(text: string): Promise<TranscriptCursor> {
  writeFileSync(path, text);
  const cursor = new TranscriptCursor({ path });
  await cursor.skipBacklog();
  return cursor;
}

describe("TranscriptCursor: the same transcript rewritten", () => {
  it("skipped history rewritten without its cut last line: only the new records, after a first empty read", async () => {
    const cursor = await skipped(CUT);
    expect((await cursor.readAvailable()).records).toEqual([]);
    renameOver(`${HISTORY}{"resumed":true}\n`);
    expect((await cursor.readAvailable()).records).toEqual([{ resumed: true }]);
    appendFileSync(path, '{"turn":2,"say":"second answer"}\n');
    expect((await cursor.readAvailable()).records).toEqual([{ turn: 2, say: "second answer" }]);
  });

  it("skipped history rewritten and grown past the skipped size before any read: nothing lost", async () => {
    const cursor = await skipped(CUT);
    const longer = `{"resumed":true,"pad":"${"y".repeat(80)}"}\n{"turn":2}\n`;
    renameOver(`${HISTORY}${longer}`);
    const { records, warnings } = await cursor.readAvailable();
    expect(records).toEqual([{ resumed: true, pad: "y".repeat(80) }, { turn: 2 }]);
    expect(warnings).toEqual([]);
  });

  it("skipped history truncated in place to its whole lines and written on: only the new records", async () => {
    const cursor = await skipped(CUT);
    writeFileSync(path, `${HISTORY}{"resumed":true}\n`);
    expect((await cursor.readAvailable()).records).toEqual([{ resumed: true }]);
  });

  it("read history rewritten without its unfinished last line: only the new records", async () => {
    writeFileSync(path, CUT);
    const cursor = new TranscriptCursor({ path });
    expect((await cursor.readAvailable()).records).toHaveLength(2);
    renameOver(`${HISTORY}{"resumed":true}\n`);
    expect((await cursor.readAvailable()).records).toEqual([{ resumed: true }]);
  });

  it("a record appended to the cut line after a skip is still delivered whole", async () => {
    const cursor = await skipped(CUT);
    appendFileSync(path, '{"resumed":true}\n');
    expect((await cursor.readAvailable()).records).toEqual([{ resumed: true }]);
  });

  it("another transcript renamed over after a skip is read from its start", async () => {
    const cursor = await skipped(CUT);
    renameOver('{"turn":1,"say":"another conversation"}\n{"turn":2}\n{"turn":3}\n');
    expect((await cursor.readAvailable()).records).toEqual([
      { turn: 1, say: "another conversation" },
      { turn: 2 },
      { turn: 3 },
    ]);
  });

  it("a rewrite that changed the last whole line is another transcript: read from its start", async () => {
    const cursor = await skipped(CUT);
    renameOver('{"turn":1,"say":"first answer"}\n{"turn":1,"end":false}\n{"resumed":true}\n');
    expect((await cursor.readAvailable()).records).toHaveLength(3);
  });
});
