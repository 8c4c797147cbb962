// The /loop grammar, request validation and jitter (C-LOOP-02, 03, 04, 07, 19).
import { describe, expect, test } from "vitest";
import { cadenceOf, jitterFor, maxJitterMs } from "../../../../src/core/loops/scheduler.js";
import { parseLoopCommand, validateLoopRequest } from "../../../../src/core/loops/validate.js";
import { ElwoodError, parseLoopCommand as rootParse } from "../../../../src/index.js";

function nameOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return ElwoodError.is(error) ? error.name : "not an ElwoodError";
  }
  return undefined;
}

describe("parseLoopCommand", () => {
  test("C-LOOP-02: exported from the package root; non-/loop input is undefined", () => {
    expect(rootParse).toBe(parseLoopCommand);
    expect(parseLoopCommand("hello /loop 5m x")).toBeUndefined();
    expect(parseLoopCommand("/loops 5m x")).toBeUndefined();
    expect(parseLoopCommand(" /loop 5m x")).toBeUndefined();
    expect(parseLoopCommand("/LOOP 5m x")).toBeUndefined();
  });

  test("C-LOOP-03: a positive integer with s/m/h/d is the interval, the rest the message", () => {
    expect(parseLoopCommand("/loop 5m check the build")).toEqual({
      mode: "fixed",
      intervalMs: 300_000,
      message: "check the build",
    });
    expect(parseLoopCommand("/loop 90s x")).toEqual({
      mode: "fixed",
      intervalMs: 90_000,
      message: "x",
    });
    expect(parseLoopCommand("/loop 2h x")?.mode).toBe("fixed");
    expect(parseLoopCommand("/loop 6d x")).toEqual({
      mode: "fixed",
      intervalMs: 518_400_000,
      message: "x",
    });
    expect(parseLoopCommand("/loop\t1h\nline one\nline two")).toEqual({
      mode: "fixed",
      intervalMs: 3_600_000,
      message: "line one\nline two",
    });
  });

  test("C-LOOP-03: anything else makes the whole remainder an idle-loop message", () => {
    for (const rest of [
      "5 min check",
      "5M check",
      "5ms check",
      "0m check",
      "-5m check",
      "1.5h x",
      "m5 x",
      "five m",
    ]) {
      expect(parseLoopCommand(`/loop ${rest}`)).toEqual({ mode: "idle", message: rest });
    }
    expect(parseLoopCommand("/loop check the build")).toEqual({
      mode: "idle",
      message: "check the build",
    });
  });

  test("C-LOOP-04 C-LOOP-19: recognized but invalid commands fail with invalid_loop", () => {
    expect(nameOf(() => parseLoopCommand("/loop"))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand("/loop   "))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand("/loop 5m"))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand("/loop 5m   "))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand("/loop 59s too fast"))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand("/loop 7d too slow"))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand("/loop 168h too slow"))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand("/loop 99999999999999999999d x"))).toBe("invalid_loop");
    expect(nameOf(() => parseLoopCommand(`/loop ${"x".repeat(65_537)}`))).toBe("invalid_loop");
    expect(parseLoopCommand("/loop 60s ok")).toEqual({
      mode: "fixed",
      intervalMs: 60_000,
      message: "ok",
    });
    expect(parseLoopCommand("/loop 10079m ok")?.mode).toBe("fixed");
  });
});

describe("validateLoopRequest", () => {
  test("C-LOOP-04: fixed interval is a safe integer in [60,000, 604,800,000)", () => {
    expect(validateLoopRequest({ mode: "fixed", intervalMs: 60_000, message: "m" })).toEqual({
      mode: "fixed",
      intervalMs: 60_000,
      message: "m",
    });
    expect(validateLoopRequest({ mode: "fixed", intervalMs: 604_799_999, message: "m" }).mode).toBe(
      "fixed",
    );
    for (const intervalMs of [
      59_999,
      604_800_000,
      60_000.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 60,
      "60000",
      undefined,
    ]) {
      expect(nameOf(() => validateLoopRequest({ mode: "fixed", intervalMs, message: "m" }))).toBe(
        "invalid_loop",
      );
    }
  });

  test("C-LOOP-04: messages are 1..65,536 UTF-8 bytes, counted as bytes not characters", () => {
    expect(validateLoopRequest({ mode: "idle", message: "x".repeat(65_536) }).mode).toBe("idle");
    expect(nameOf(() => validateLoopRequest({ mode: "idle", message: "x".repeat(65_537) }))).toBe(
      "invalid_loop",
    );
    // 16,385 four-byte characters: 65,540 bytes but only 32,770 UTF-16 units.
    expect(nameOf(() => validateLoopRequest({ mode: "idle", message: "😀".repeat(16_385) }))).toBe(
      "invalid_loop",
    );
    expect(validateLoopRequest({ mode: "idle", message: "😀".repeat(16_384) }).mode).toBe("idle");
    expect(nameOf(() => validateLoopRequest({ mode: "idle", message: "" }))).toBe("invalid_loop");
    expect(nameOf(() => validateLoopRequest({ mode: "idle", message: "  \n " }))).toBe(
      "invalid_loop",
    );
  });

  test("C-LOOP-02 C-LOOP-19: every bad shape is invalid_loop and never echoes the message", () => {
    const secret = "secret-prompt-text";
    const bad: unknown[] = [
      null,
      "idle",
      [],
      { mode: "daily", message: secret },
      { message: secret },
      { mode: "idle", message: 42 },
      { mode: "idle", message: secret, intervalMs: 60_000 },
      { mode: "fixed", intervalMs: 60_000, message: secret, extra: true },
    ];
    for (const request of bad) {
      try {
        validateLoopRequest(request);
        expect.unreachable("should have thrown");
      } catch (error) {
        expect(ElwoodError.is(error, "invalid_loop")).toBe(true);
        expect(
          JSON.stringify({ ...(error as ElwoodError), message: (error as Error).message }),
        ).not.toContain(secret);
      }
    }
  });
});

describe("jitter", () => {
  test("C-LOOP-07: deterministic from the id, within 0..min(10% of cadence, 30 s)", () => {
    expect(maxJitterMs(60_000)).toBe(6_000);
    expect(maxJitterMs(300_000)).toBe(30_000);
    expect(maxJitterMs(3_600_000)).toBe(30_000);
    const values = new Set<number>();
    for (let i = 0; i < 500; i += 1) {
      const id = `loop-${i}`;
      const jitter = jitterFor(id, 60_000);
      expect(jitter).toBe(jitterFor(id, 60_000));
      expect(Number.isInteger(jitter)).toBe(true);
      expect(jitter).toBeGreaterThanOrEqual(0);
      expect(jitter).toBeLessThanOrEqual(6_000);
      values.add(jitter);
    }
    expect(values.size).toBeGreaterThan(100);
    expect(cadenceOf({ mode: "idle" })).toBe(300_000);
    expect(cadenceOf({ mode: "fixed", intervalMs: 90_000 })).toBe(90_000);
  });
});
