// The live replay buffer keeps the newest bytes and never splits a character (C-PTY-03).

import { describe, expect, it } from "vitest";
import { DEFAULT_REPLAY_BYTES, ReplayBuffer } from "../../../src/terminal/replay-buffer.js";

const bytesOf = (text: string) => Buffer.byteLength(text, "utf8");

describe("ReplayBuffer", () => {
  it("defaults to 128 KB (131072 bytes)", () => {
    expect(DEFAULT_REPLAY_BYTES).toBe(131_072);
    expect(new ReplayBuffer().maxBytes).toBe(131_072);
  });

  it("C-PTY-03: keeps everything while under the limit, in order", () => {
    const buffer = new ReplayBuffer({ maxBytes: 100 });
    buffer.append("one ");
    buffer.append("two");
    expect(buffer.contents()).toBe("one two");
    expect(buffer.byteLength).toBe(7);
  });

  it("C-PTY-03: trims the oldest bytes on a UTF-8 boundary", () => {
    const buffer = new ReplayBuffer({ maxBytes: 10 });
    const full = `ab${"€".repeat(4)}`; // 2 + 12 bytes
    buffer.append("ab");
    buffer.append("€".repeat(4));
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
    buffer.append("x😀😀y"); // 1 + 4 + 4 + 1 bytes
    expect(buffer.contents()).toBe("😀y");
  });

  it("drops whole old chunks before cutting the oldest survivor", () => {
    const buffer = new ReplayBuffer({ maxBytes: 6 });
    for (const chunk of ["aaaa", "bbbb", "cccc"]) buffer.append(chunk);
    expect(buffer.contents()).toBe("bbcccc");
    buffer.append("d");
    expect(buffer.contents()).toBe("bccccd");
  });

  it("keeps the newest 128 KB of a long stream of multi-byte output", () => {
    const buffer = new ReplayBuffer();
    const line = "héllo wörld ✓ \x1b[31mred\x1b[0m\r\n";
    for (let index = 0; index < 10_000; index += 1) buffer.append(`${index}:${line}`);
    const kept = buffer.contents();
    expect(bytesOf(kept)).toBeLessThanOrEqual(131_072);
    expect(bytesOf(kept)).toBeGreaterThan(131_072 - 4);
    expect(kept.endsWith(`9999:${line}`)).toBe(true);
    expect(kept).not.toContain("\ufffd");
  });
});
