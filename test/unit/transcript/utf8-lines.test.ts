// LineSplitter: byte-level line cutting, UTF-8 across chunk boundaries, the 1 MiB cap.
import { describe, expect, it } from "vitest";
import { LineSplitter } from "../../../src/transcript/utf8-lines.js";

describe("LineSplitter", () => {
  it("decodes a multi-byte character split across two chunks", () => {
    const splitter = new LineSplitter({ maxRecordBytes: 1024 });
    const bytes = Buffer.from('{"t":"héllo 🌲"}\n', "utf8");
    const cut = bytes.indexOf(0xf0) + 2; // inside the 4-byte tree emoji
    expect(splitter.push(bytes.subarray(0, cut)).lines).toEqual([]);
    expect(splitter.push(bytes.subarray(cut)).lines).toEqual(['{"t":"héllo 🌲"}']);
  });

  it("holds back a partial last line until its newline arrives", () => {
    const splitter = new LineSplitter({ maxRecordBytes: 1024 });
    expect(splitter.push(Buffer.from("a\nb")).lines).toEqual(["a"]);
    expect(splitter.pendingBytes).toBe(1);
    expect(splitter.push(Buffer.from("c\r\n")).lines).toEqual(["bc"]);
  });

  it("drops an over-cap record through its newline without holding more than the cap", () => {
    const splitter = new LineSplitter({ maxRecordBytes: 10 });
    const first = splitter.push(Buffer.from("0123456789ABC"));
    expect(first.oversized).toBe(1);
    expect(splitter.pendingBytes).toBe(0);
    const second = splitter.push(Buffer.from("more-of-the-same\nok\n"));
    expect(second).toEqual({ lines: ["ok"], oversized: 0 });
  });

  it("counts a record that crosses the cap at its own newline", () => {
    const splitter = new LineSplitter({ maxRecordBytes: 4 });
    splitter.push(Buffer.from("abc"));
    expect(splitter.push(Buffer.from("defg\nxy\n"))).toEqual({ lines: ["xy"], oversized: 1 });
  });
});
