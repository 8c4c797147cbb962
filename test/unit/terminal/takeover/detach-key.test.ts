// The detach key's spelling (issue 25): `ctrl-<key>`, Ctrl-] by default, refused where the
// control byte is an everyday key, matched as the plain byte and as the keyboard-protocol
// sequences a terminal sends once the agent's TUI switched those modes on.
import { describe, expect, it } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import { findDetachKey, parseDetachKey } from "../../../../src/terminal/takeover/detach-key.js";

describe("detach key", () => {
  it("C-ATTACH-04: defaults to Ctrl-], byte 0x1d", () => {
    const key = parseDetachKey();
    expect(key.label).toBe("Ctrl-]");
    expect([...(key.sequences[0] ?? [])]).toEqual([0x1d]);
  });

  it.each([
    ["ctrl-]", "Ctrl-]", 0x1d],
    ["ctrl-q", "Ctrl-Q", 0x11],
    ["CTRL-Q", "Ctrl-Q", 0x11],
    ["c-a", "Ctrl-A", 0x01],
    ["ctrl-\\", "Ctrl-\\", 0x1c],
    ["ctrl-^", "Ctrl-^", 0x1e],
    ["ctrl-_", "Ctrl-_", 0x1f],
    ["ctrl-@", "Ctrl-@", 0x00],
    [" ctrl-z ", "Ctrl-Z", 0x1a],
  ])("C-ATTACH-04: %j is %s (byte %i)", (spelling, label, byte) => {
    const key = parseDetachKey(spelling);
    expect(key.label).toBe(label);
    expect([...(key.sequences[0] ?? [])]).toEqual([byte]);
  });

  it.each([
    "ctrl-[",
    "ctrl-i",
    "ctrl-m",
    "ctrl-j",
    "ctrl-h",
    "alt-x",
    "q",
    "",
    "ctrl-qq",
    "ctrl-1",
    "ctrl-",
    "shift-]",
  ])("C-ATTACH-04: %j is refused as invalid_options naming the form", (spelling) => {
    let error: unknown;
    try {
      parseDetachKey(spelling);
    } catch (caught) {
      error = caught;
    }
    expect(ElwoodError.is(error, "invalid_options")).toBe(true);
    expect((error as Error).message).toContain("ctrl-<key>");
    expect((error as Error).message).toContain(JSON.stringify(spelling));
  });

  it("C-ATTACH-04: finds the key as the plain byte, kitty CSI u and xterm modifyOtherKeys", () => {
    const key = parseDetachKey("ctrl-]");
    expect(findDetachKey(key, Buffer.from("abc\x1ddef"))).toBe(3);
    expect(findDetachKey(key, Buffer.from("ab\x1b[93;5u"))).toBe(2);
    expect(findDetachKey(key, Buffer.from("a\x1b[27;5;93~"))).toBe(1);
    expect(findDetachKey(key, Buffer.from("no key here ]"))).toBe(-1);
    // The earliest of several spellings wins.
    expect(findDetachKey(key, Buffer.from("x\x1b[93;5uy\x1d"))).toBe(1);
    const q = parseDetachKey("ctrl-q");
    expect(findDetachKey(q, Buffer.from("\x1b[113;5u"))).toBe(0);
    expect(findDetachKey(q, Buffer.from("\x1d"))).toBe(-1);
  });
});
