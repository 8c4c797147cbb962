// Paste sanitization (C-API-40) and raw keys.

import { describe, expect, it } from "vitest";
import {
  bracketedPaste,
  KEYS,
  PASTE_END,
  PASTE_START,
  sanitizePastedText,
} from "../../../src/terminal/input.js";

describe("sanitizePastedText", () => {
  it("C-API-40: removes paste-bracket sentinels", () => {
    expect(sanitizePastedText("a\x1b[200~b\x1b[201~c")).toBe("abc");
  });

  it("C-API-40: keeps TAB, LF and CR but strips every other C0 control", () => {
    const c0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join("");
    expect(sanitizePastedText(`x${c0}y`)).toBe("x\t\n\ry");
  });

  it("C-API-40: strips C1 controls U+0080–U+009F", () => {
    const c1 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(0x80 + code)).join("");
    expect(sanitizePastedText(`x${c1}y`)).toBe("xy");
  });

  it("C-API-40: leaves ordinary text, DEL-free Unicode and U+00A0 onward intact", () => {
    const text = "héllo wörld — ✓ 😀 \u00a0 [200~ plain";
    expect(sanitizePastedText(text)).toBe(text);
  });

  it("C-API-40: nested or split markers cannot reassemble an escape", () => {
    const hostile = "x\x1b[20\x1b[201~1~\x1b\x1b[201~[201~ y \x9b201~";
    const clean = sanitizePastedText(hostile);
    expect(clean).not.toMatch(/[\x1b\x9b]/);
    expect(clean).not.toContain("\x1b[201~");
  });
});

describe("bracketedPaste", () => {
  it("C-API-40: wraps sanitized text in exactly one paste", () => {
    const paste = bracketedPaste("hi\x1b[201~\x1b[2J\x07there\n");
    expect(paste).toBe(`${PASTE_START}hi[2Jthere\n${PASTE_END}`);
    expect(paste.split(PASTE_START)).toHaveLength(2);
    expect(paste.split(PASTE_END)).toHaveLength(2);
  });
});

describe("KEYS", () => {
  it("has the raw sequences sendKeys needs", () => {
    expect(KEYS.enter).toBe("\r");
    expect(KEYS.escape).toBe("\x1b");
    expect(KEYS.up).toBe("\x1b[A");
    expect(KEYS.ctrlU).toBe("\x15");
    expect(KEYS.ctrlC).toBe("\x03");
  });
});
