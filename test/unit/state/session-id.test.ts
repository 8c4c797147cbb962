// Session ids and runtime file names are opaque path components (§8.2).

import { describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { assertSessionId, isValidSessionId, newSessionId } from "../../../src/state/index.js";
import { assertRuntimeFileName } from "../../../src/state/session-id.js";

const INVALID = ["", ".", "..", "a/b", "/abs", "../up", "a\\b", "nul\0byte", "x".repeat(129)];

describe("session ids", () => {
  it("accepts opaque names up to 128 characters", () => {
    for (const id of ["a", "s-1", ".hidden", "..x", "日本語", "x".repeat(128)])
      expect(isValidSessionId(id)).toBe(true);
  });

  it("rejects empty, traversal, separators, NUL, absolute and over-long ids as invalid_options", () => {
    for (const id of INVALID) {
      expect(isValidSessionId(id)).toBe(false);
      expect(() => assertSessionId(id)).toThrowError(
        expect.objectContaining({ name: "invalid_options" }),
      );
    }
    expect(isValidSessionId(42)).toBe(false);
  });

  it("newSessionId returns distinct valid UUIDs", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newSessionId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isValidSessionId(id)).toBe(true);
    }
  });
});

describe("runtime file names", () => {
  it("follow the id rules and also refuse dot-files and the state's own names", () => {
    expect(() => assertRuntimeFileName("claude-settings.json")).not.toThrow();
    for (const name of [
      ...INVALID,
      ".x",
      ".record.json.1-aaaaaaaaaaaa.tmp",
      "record.json",
      "loops.json",
    ]) {
      let caught: unknown;
      try {
        assertRuntimeFileName(name);
      } catch (error) {
        caught = error;
      }
      expect(ElwoodError.is(caught, "invalid_options")).toBe(true);
    }
  });
});
