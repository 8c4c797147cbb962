// The loop sidecar schema (§5.9, §8.2, C-LOOP-04, C-LOOP-11): exactly id, mode,
// message, fixed interval, jitter and times, with the documented bounds.

import { describe, expect, it } from "vitest";
import { LoopSidecarSchema } from "../../../src/state/index.js";

const fixed = {
  id: "loop-1",
  mode: "fixed",
  message: "check the build",
  intervalMs: 60_000,
  jitterMs: 1_200,
  createdAt: 1_700_000_000_000,
  expiresAt: 1_700_604_800_000,
};
const idle = {
  id: "loop-2",
  mode: "idle",
  message: "keep going",
  jitterMs: 0,
  createdAt: 1_700_000_000_000,
  expiresAt: 1_700_604_800_000,
};

function accepts(...loops: unknown[]): boolean {
  return LoopSidecarSchema.safeParse({ schemaVersion: 1, loops }).success;
}

describe("LoopSidecarSchema", () => {
  it("C-LOOP-11: accepts fixed and idle definitions and an empty list", () => {
    expect(accepts(fixed, idle)).toBe(true);
    expect(accepts()).toBe(true);
  });

  it("C-LOOP-21: the sidecar is versioned and strict at the top level", () => {
    expect(LoopSidecarSchema.safeParse({ schemaVersion: 2, loops: [] }).success).toBe(false);
    expect(LoopSidecarSchema.safeParse({ loops: [] }).success).toBe(false);
    expect(LoopSidecarSchema.safeParse({ schemaVersion: 1 }).success).toBe(false);
    expect(LoopSidecarSchema.safeParse({ schemaVersion: 1, loops: [], x: 1 }).success).toBe(false);
  });

  it("C-LOOP-04: fixed intervals are integers in [60 000, 604 800 000)", () => {
    expect(accepts({ ...fixed, intervalMs: 59_999 })).toBe(false);
    expect(accepts({ ...fixed, intervalMs: 604_799_999 })).toBe(true);
    expect(accepts({ ...fixed, intervalMs: 604_800_000 })).toBe(false);
    expect(accepts({ ...fixed, intervalMs: 60_000.5 })).toBe(false);
    const { intervalMs: _dropped, ...withoutInterval } = fixed;
    expect(accepts(withoutInterval)).toBe(false);
  });

  it("C-LOOP-11: an idle loop carries no interval", () => {
    expect(accepts({ ...idle, intervalMs: 60_000 })).toBe(false);
  });

  it("C-LOOP-04: messages are 1..65 536 UTF-8 bytes", () => {
    expect(accepts({ ...idle, message: "" })).toBe(false);
    expect(accepts({ ...idle, message: "é".repeat(32_768) })).toBe(true);
    expect(accepts({ ...idle, message: `${"é".repeat(32_768)}a` })).toBe(false);
    expect(accepts({ ...idle, message: "a".repeat(65_537) })).toBe(false);
  });

  it("C-LOOP-07: jitter is a non-negative integer", () => {
    expect(accepts({ ...idle, jitterMs: -1 })).toBe(false);
    expect(accepts({ ...idle, jitterMs: 1.5 })).toBe(false);
    expect(accepts({ ...idle, jitterMs: 30_000 })).toBe(true);
  });

  it("times are safe integers", () => {
    expect(accepts({ ...idle, createdAt: 2 ** 53 })).toBe(false);
    expect(accepts({ ...idle, expiresAt: 1.5 })).toBe(false);
    expect(accepts({ ...idle, createdAt: "1700000000000" })).toBe(false);
  });

  it("C-LOOP-11: no timer, due or submission state; no unknown mode; unique ids", () => {
    expect(accepts({ ...fixed, nextDueAt: 1 })).toBe(false);
    expect(accepts({ ...fixed, state: "scheduled" })).toBe(false);
    expect(accepts({ ...fixed, mode: "cron" })).toBe(false);
    expect(accepts({ ...idle, id: "" })).toBe(false);
    expect(accepts(fixed, { ...idle, id: fixed.id })).toBe(false);
    for (const key of ["id", "mode", "message", "jitterMs", "createdAt", "expiresAt"]) {
      const copy: Record<string, unknown> = { ...idle };
      delete copy[key];
      expect(accepts(copy)).toBe(false);
    }
  });
});
