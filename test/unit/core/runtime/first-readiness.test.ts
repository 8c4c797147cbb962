// Claude's first readiness (api.md "Readiness", C-API-28) over the runtime: the
// InstructionsLoaded hook, SessionStart then a quiet composer, the first composer on
// resume, deferral behind a dialog, the bounded fallback, and exactly one initial ready.
// Fake clock, scripted Claude over the captured 2.1.332 screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLD_START_FALLBACK_MS } from "../../../../src/core/runtime/readiness.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";

const initialReadies = (cli: FakeClaude) =>
  cli.session.statusDecisions().filter((decision) => decision.evidence === "initial_ready");

const instructionsLoaded = (cli: FakeClaude) =>
  cli.hook({ hook_event_name: "InstructionsLoaded", file_path: "/tmp/fake-workspace/CLAUDE.md" });

describe("Claude's first readiness (C-API-28)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-28: the InstructionsLoaded hook makes a cold start ready, and the queued message goes on it", async () => {
    const cli = new FakeClaude();
    void cli.session.sendMessage("FIRST-message");
    cli.render();
    await vi.advanceTimersByTimeAsync(50);
    expect(cli.session.status).toBe("running");
    instructionsLoaded(cli);
    expect(initialReadies(cli)).toMatchObject([{ reason: "InstructionsLoaded hook" }]);
    for (let spent = 0; cli.received.length === 0 && spent < 5_000; spent += 50) {
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(cli.received).toEqual(["FIRST-message"]);
  });

  it("C-API-28: on a cold start an idle composer alone is not readiness; after SessionStart it is", async () => {
    const cli = new FakeClaude();
    cli.render();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(cli.session.status).toBe("running");
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    expect(initialReadies(cli)).toMatchObject([{ reason: "idle composer after session start" }]);
  });

  it("C-API-28: on resume the first idle composer is readiness", async () => {
    const cli = new FakeClaude({}, { isResume: true });
    cli.render();
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    expect(initialReadies(cli)).toMatchObject([{ reason: "first idle composer on resume" }]);
  });

  it("C-API-28: with no hook and no proof of input, the cold start's fallback deadline after the first frame gives ready", async () => {
    const cli = new FakeClaude();
    cli.isWorking = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS - 100);
    expect(cli.session.status).toBe("running");
    await vi.advanceTimersByTimeAsync(200);
    expect(cli.session.status).toBe("ready");
    expect(initialReadies(cli)).toMatchObject([{ reason: "fallback deadline" }]);
  });

  it("C-API-28: a dialog on screen defers the readiness hook until it clears to the composer", async () => {
    const cli = new FakeClaude();
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("blocked");
    instructionsLoaded(cli);
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS + 1_000);
    expect(cli.session.status).toBe("blocked");
    expect(initialReadies(cli)).toEqual([]);
    cli.showDialog(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("ready");
    expect(initialReadies(cli)).toMatchObject([{ reason: "InstructionsLoaded hook" }]);
  });

  it("C-API-28: it fires exactly once: later hooks, composers and the deadline never re-fire it", async () => {
    const cli = new FakeClaude();
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    void cli.session.sendMessage("WORK-message");
    for (let spent = 0; cli.session.status !== "running" && spent < 5_000; spent += 10) {
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(cli.session.status).toBe("running");
    // Mid-turn: a late readiness hook and a new session start must not end the turn.
    instructionsLoaded(cli);
    cli.hook({ hook_event_name: "SessionStart", source: "startup" });
    expect(cli.session.status).toBe("running");
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS + 1_000);
    expect(initialReadies(cli)).toHaveLength(1);
    expect(cli.received).toEqual(["WORK-message"]);
  });
});
