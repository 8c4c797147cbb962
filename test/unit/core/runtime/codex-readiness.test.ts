// Codex's cold-start readiness under a starved CLI (C-API-28, prd/decisions.md "Readiness"):
// a settled idle composer is Codex's only proof of a live input loop, so the fallback
// waits 30 s for it, not 10 s; a prompt typed before that loop runs is dropped (three
// Codex sessions of a 32x4 run at load 90 lost their first prompt that way).
// Fake clock, FakeCodex over the captured 0.171.0 screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  COLD_START_FALLBACK_MS,
  RESUME_FALLBACK_MS,
} from "../../../../src/core/runtime/readiness.js";
import { FakeCodex } from "../../../support/fake-agents/fake-codex.js";

const initialReadies = (cli: FakeCodex) =>
  cli.session.statusDecisions().filter((decision) => decision.evidence === "initial_ready");

describe("Codex's first readiness on a starved machine (C-API-28)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-28: a composer that shows only after 10 s still proves readiness itself; the queued prompt waits for it", async () => {
    expect(RESUME_FALLBACK_MS).toBe(10_000);
    expect(COLD_START_FALLBACK_MS).toBe(30_000);
    const cli = new FakeCodex();
    void cli.session.sendMessage("FIRST-message").catch(() => undefined);
    cli.isWorking = true; // still loading: no idle composer yet
    cli.render();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(cli.session.status).toBe("running");
    expect(initialReadies(cli)).toEqual([]);
    expect(cli.pastes).toBe(0);
    cli.isWorking = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(initialReadies(cli)).toMatchObject([{ reason: "idle composer settled" }]);
  });

  it("C-API-28: with no idle composer at all, the fallback gives ready at 30 s, not before", async () => {
    const cli = new FakeCodex();
    cli.isWorking = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS - 200);
    expect(cli.session.status).toBe("running");
    expect(initialReadies(cli)).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    expect(cli.session.status).toBe("ready");
    expect(initialReadies(cli)).toMatchObject([{ reason: "fallback deadline" }]);
  });

  it("C-API-28: a Codex that has drawn nothing when the fallback is due gets no keys until its composer shows and settles", async () => {
    // 64x2 at load 94-113: 45 s after its first frame Codex had not drawn even its trust
    // dialog; the prompt pasted at the fallback was dropped (4 sessions) or made Codex
    // exit 1, "timed out discarding buffered terminal input" (1 session).
    const cli = new FakeCodex();
    cli.isBlank = true;
    cli.render();
    const sent = cli.session.sendMessage("FIRST-message").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS + 20_000);
    expect(cli.session.status).toBe("running");
    expect(initialReadies(cli)).toEqual([]);
    expect(cli.writes).toEqual([]);
    cli.isBlank = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(200);
    expect(cli.writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(initialReadies(cli)).toHaveLength(1);
    expect(cli.pastes).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await sent).toBeUndefined();
    expect(cli.received).toEqual(["FIRST-message"]);
  });
});
