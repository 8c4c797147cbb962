// The platform gate: Linux and macOS only.

import { describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { assertSupportedPlatform, isSupportedPlatform } from "../../../src/shell/platform.js";

describe("assertSupportedPlatform", () => {
  it("C-ERR-02: accepts Linux and macOS and rejects others with unsupported_platform", () => {
    expect(isSupportedPlatform("linux")).toBe(true);
    expect(isSupportedPlatform("darwin")).toBe(true);
    expect(() => assertSupportedPlatform("linux")).not.toThrow();
    try {
      assertSupportedPlatform("win32");
      expect.unreachable();
    } catch (error) {
      expect(ElwoodError.is(error, "unsupported_platform")).toBe(true);
    }
  });
});
