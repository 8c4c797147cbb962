// The status a turn shows (api.md "Turn boundaries from the TUI"): `running` while it runs
// and `ready` with a status activity however it ends (C-TURN-01), and the screen edges
// behind that: duplicates and ambiguous frames change nothing, and nothing is watched
// before first readiness (C-TURN-03). Fake clock, scripted Claude over 2.1.332 screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElwoodActivityEvent } from "../../../../src/core/contract/types.js";
import { FakeClaude, ready } from "../../../support/fake-agents/fake-claude.js";

/** Status changes, and the status activities that must accompany them. */
function record(cli: FakeClaude) {
  const statuses: string[] = [];
  const activities: string[] = [];
  cli.session.on("status", (event) => statuses.push(event.status));
  cli.session.on("activity", (event: ElwoodActivityEvent) => {
    if (event.kind === "status") activities.push(event.label);
  });
  return { statuses, activities };
}

async function startTurn(cli: FakeClaude): Promise<void> {
  void cli.session.sendMessage("TURN-message").catch(() => undefined);
  for (let spent = 0; !cli.isWorking && spent < 5_000; spent += 10) {
    await vi.advanceTimersByTimeAsync(10);
  }
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("running");
}

describe("a turn's status however it ends (C-TURN-01, Claude)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-TURN-01: a completed turn (Stop) goes running → ready, each with a status activity", async () => {
    const cli = await ready();
    const seen = record(cli);
    await startTurn(cli);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen.statuses).toEqual(["running", "ready"]);
    expect(seen.activities).toEqual(["running", "ready"]);
  });

  it("C-TURN-01: a failed turn (StopFailure, e.g. an API error) also ends ready", async () => {
    const cli = await ready({ thinkMs: 60_000 });
    const seen = record(cli);
    await startTurn(cli);
    cli.isWorking = false;
    cli.render();
    cli.hook({ hook_event_name: "StopFailure", error: "rate_limit" });
    cli.outcome("StopFailure");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.statuses).toEqual(["running", "ready"]);
    expect(seen.activities).toEqual(["running", "ready"]);
  });

  it("C-TURN-01 C-API-49: a failed turn's error reply, in the transcript 3 s after StopFailure, is what send() resolves with", async () => {
    const cli = await ready({ stopFailure: "authentication_failed", transcriptLagMs: 3_000 });
    const answer = cli.session.send("FAILED-turn");
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(answer).resolves.toBe("ANSWER FAILED-turn");
    expect(cli.session.status).toBe("ready");
  });

  it("C-TURN-01: an interrupted turn (Escape, no Stop hook) ends ready from the screen", async () => {
    const cli = await ready({ thinkMs: 60_000 });
    const seen = record(cli);
    await startTurn(cli);
    await cli.session.sendKeys("\x1b");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.statuses).toEqual(["running", "ready"]);
    expect(seen.activities).toEqual(["running", "ready"]);
  });

  it("C-TURN-01: a prompt the CLI never took ends its turn ready too", async () => {
    const cli = await ready({ enter: () => "ignored" });
    const seen = record(cli);
    const failed = cli.session.sendMessage("NEVER-taken").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(120_000);
    await failed;
    expect(seen.statuses.at(-1)).toBe("ready");
    expect(seen.activities.at(-1)).toBe("ready");
    expect(cli.session.status).toBe("ready");
  });
});

describe("screen edges (C-TURN-03)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-TURN-03: a working indicator repainted many times is one edge; the turn still ends once", async () => {
    const cli = await ready({ thinkMs: 2_000 });
    const seen = record(cli);
    await startTurn(cli);
    for (let repaint = 0; repaint < 20; repaint += 1) {
      cli.render();
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(3_000);
    expect(seen.statuses).toEqual(["running", "ready"]);
  });

  it("C-TURN-03: an ambiguous (blank) frame keeps the state, mid-turn and when idle", async () => {
    const cli = await ready({ thinkMs: 10_000 });
    const seen = record(cli);
    cli.isBlank = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(cli.session.status).toBe("ready");
    cli.isBlank = false;
    cli.render();
    await startTurn(cli);
    cli.isBlank = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(cli.session.status).toBe("running");
    cli.isBlank = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.statuses).toEqual(["running", "ready"]);
  });

  it("C-TURN-03: before first readiness a spinner coming and going is not a turn", async () => {
    const cli = new FakeClaude();
    const seen = record(cli);
    cli.isWorking = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(1_000);
    cli.isWorking = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(1_000);
    cli.isWorking = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(cli.session.status).toBe("running");
    expect(seen.statuses).toEqual([]);
    expect(cli.session.statusDecisions().some((d) => d.evidence === "screen_idle")).toBe(false);
  });
  it("C-TURN-03: on resume, a working indicator painted while the CLI replays the conversation is not a turn", async () => {
    // Resume readiness is the first idle composer; the CLI may still be repainting the
    // restored conversation. Edges count only after a sustained quiet composer run.
    const cli = new FakeClaude({}, { isResume: true });
    cli.render();
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    const seen = record(cli);
    cli.isWorking = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(200);
    cli.isWorking = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen.statuses).toEqual([]);
    expect(cli.session.status).toBe("ready");
  });
});
