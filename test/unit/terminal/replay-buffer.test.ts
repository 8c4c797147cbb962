// The live replay buffer keeps the newest bytes and never splits a character (C-PTY-03):
// it holds the PTY's bytes, which may end inside a character, and reads whole characters.

import { describe, expect, it } from "vitest";
import { DEFAULT_REPLAY_BYTES, ReplayBuffer } from "../../../src/terminal/replay-buffer.js";

const bytesOf = (text: string) => Buffer.byteLength(text, "utf8");
const utf8 = (text: string) => Buffer.from(text, "utf8");

describe("ReplayBuffer", () => {
  it("defaults to 128 KB (131072 bytes)", () => {
    expect(DEFAULT_REPLAY_BYTES).toBe(131_072);
    expect(new ReplayBuffer().maxBytes).toBe(131_072);
  });

  it("C-PTY-03: keeps everything while under the limit, in order", () => {
    const buffer = new ReplayBuffer({ maxBytes: 100 });
    buffer.append(utf8("one "));
    buffer.append(utf8("two"));
    expect(buffer.contents()).toBe("one two");
    expect(buffer.byteLength).toBe(7);
  });

  it("untrimmed, it replays from the stream's first byte, stray continuation bytes included", () => {
    // A listener there from the start got "\ufffdé"; the replay must give the same.
    const buffer = new ReplayBuffer({ maxBytes: 100 });
    buffer.append(Uint8Array.of(0x80, 0xc3, 0xa9));
    expect(buffer.contents()).toBe("\ufffdé");
  });

  it("C-PTY-03: trims the oldest bytes on a UTF-8 boundary", () => {
    const buffer = new ReplayBuffer({ maxBytes: 10 });
    const full = `ab${"€".repeat(4)}`; // 2 + 12 bytes
    buffer.append(utf8("ab"));
    buffer.append(utf8("€".repeat(4)));
    const kept = buffer.contents();
    expect(kept).not.toContain("\ufffd");
    expect(full.endsWith(kept)).toBe(true);
    expect(bytesOf(kept)).toBeLessThanOrEqual(10);
    // 10 bytes cannot hold four 3-byte euros, so exactly three survive.
    expect(kept).toBe("€€€");
    expect(buffer.byteLength).toBe(9);
  });

  it("trims a single oversized chunk containing 4-byte characters", () => {
    const buffer = new ReplayBuffer({ maxBytes: 7 });
    buffer.append(utf8("x😀😀y")); // 1 + 4 + 4 + 1 bytes
    expect(buffer.contents()).toBe("😀y");
  });

  it("drops whole old chunks before cutting the oldest survivor", () => {
    const buffer = new ReplayBuffer({ maxBytes: 6 });
    for (const chunk of ["aaaa", "bbbb", "cccc"]) buffer.append(utf8(chunk));
    expect(buffer.contents()).toBe("bbcccc");
    buffer.append(utf8("d"));
    expect(buffer.contents()).toBe("bccccd");
  });

  it("keeps the newest 128 KB of a long stream of multi-byte output", () => {
    const buffer = new ReplayBuffer();
    const line = "héllo wörld ✓ \x1b[31mred\x1b[0m\r\n";
    for (let index = 0; index < 10_000; index += 1) buffer.append(utf8(`${index}:${line}`));
    const kept = buffer.contents();
    expect(bytesOf(kept)).toBeLessThanOrEqual(131_072);
    expect(bytesOf(kept)).toBeGreaterThan(131_072 - 4);
    expect(kept.endsWith(`9999:${line}`)).toBe(true);
    expect(kept).not.toContain("\ufffd");
  });

  it("a character split across chunks reads whole once its last byte is in, and not before", () => {
    const buffer = new ReplayBuffer({ maxBytes: 100 });
    const smile = utf8("😀"); // F0 9F 98 80
    buffer.append(utf8("a"));
    buffer.append(smile.subarray(0, 1));
    expect(buffer.contents()).toBe("a");
    buffer.append(smile.subarray(1, 3));
    expect(buffer.contents()).toBe("a");
    buffer.append(smile.subarray(3));
    expect(buffer.contents()).toBe("a😀");
    expect(buffer.byteLength).toBe(5);
  });

  it("a cut through a character split across chunks starts at the next whole one", () => {
    const buffer = new ReplayBuffer({ maxBytes: 5 });
    const text = utf8("x€€"); // 78 | E2 82 AC | E2 82 AC
    buffer.append(text.subarray(0, 3));
    buffer.append(text.subarray(3, 5));
    buffer.append(text.subarray(5));
    expect(buffer.contents()).toBe("€");
    expect(buffer.byteLength).toBe(3);
  });
});
