// A terminal's output as text for `data` listeners (prd/internals.md "terminal/"): PTY
// bytes cut inside a character never reach a listener broken, the replay and the live
// stream meet on a character boundary, and nothing is decoded while nobody listens.

import { describe, expect, it } from "vitest";
import { OutputText } from "../../../src/terminal/output-text.js";

const utf8 = (text: string) => Buffer.from(text, "utf8");
const SAMPLE = "aé€😀b"; // 1 + 2 + 3 + 4 + 1 bytes

function listen(output: OutputText) {
  const chunks: string[] = [];
  const unsubscribe = output.subscribe((chunk) => chunks.push(chunk));
  return { chunks, unsubscribe };
}

describe("OutputText", () => {
  it("a chunk that ends inside a character: the listener gets the character whole, in the next call", () => {
    const bytes = utf8(SAMPLE);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const output = new OutputText({ replayBytes: 1024 });
      const { chunks } = listen(output);
      output.receive(bytes.subarray(0, cut));
      output.receive(bytes.subarray(cut));
      expect(chunks.join(""), `cut at byte ${cut}`).toBe(SAMPLE);
      for (const chunk of chunks) expect(chunk, `cut at byte ${cut}`).not.toContain("\ufffd");
    }
  });

  it("byte by byte: every call holds whole characters only", () => {
    const output = new OutputText({ replayBytes: 1024 });
    const { chunks } = listen(output);
    for (const byte of utf8(SAMPLE)) output.receive(Uint8Array.of(byte));
    expect(chunks).toEqual(["a", "é", "€", "😀", "b"]);
  });

  it("a listener that joins between a character's bytes gets the replay without it, then it whole", () => {
    const output = new OutputText({ replayBytes: 1024 });
    const smile = utf8("😀");
    output.receive(utf8("before "));
    output.receive(smile.subarray(0, 2));
    const { chunks } = listen(output);
    expect(chunks).toEqual(["before "]);
    output.receive(smile.subarray(2));
    output.receive(utf8(" after"));
    expect(chunks).toEqual(["before ", "😀", " after"]);
  });

  it("a second listener joining mid-character meets the first one's stream on the same boundary", () => {
    const output = new OutputText({ replayBytes: 1024 });
    const euro = utf8("€");
    const first = listen(output);
    output.receive(utf8("x"));
    output.receive(euro.subarray(0, 1));
    const second = listen(output);
    output.receive(euro.subarray(1));
    expect(first.chunks).toEqual(["x", "€"]);
    expect(second.chunks).toEqual(["x", "€"]);
  });

  it("with no replay at all, a listener joining mid-character still gets that character whole", () => {
    const output = new OutputText({ replayBytes: 0 });
    const smile = utf8("😀");
    output.receive(smile.subarray(0, 1));
    output.receive(smile.subarray(1, 2));
    const { chunks } = listen(output);
    output.receive(smile.subarray(2));
    expect(chunks).toEqual(["😀"]);
  });

  it("decodes only while someone listens, and picks up cleanly after a pause", () => {
    const output = new OutputText({ replayBytes: 1024 });
    const euro = utf8("€");
    output.receive(utf8("quiet "));
    expect(output.isDecoding).toBe(false);
    const first = listen(output);
    expect(output.isDecoding).toBe(true);
    output.receive(euro.subarray(0, 2));
    first.unsubscribe();
    expect(output.isDecoding).toBe(false);
    output.receive(euro.subarray(2));
    output.receive(euro.subarray(0, 1));
    const second = listen(output);
    output.receive(euro.subarray(1));
    expect(first.chunks).toEqual(["quiet "]);
    expect(second.chunks).toEqual(["quiet €", "€"]);
  });

  it("dispose drops listeners and the replay", () => {
    const output = new OutputText({ replayBytes: 1024 });
    const { chunks } = listen(output);
    output.receive(utf8("one"));
    output.dispose();
    output.receive(utf8("two"));
    expect(chunks).toEqual(["one"]);
    expect(output.isDecoding).toBe(false);
  });
});
