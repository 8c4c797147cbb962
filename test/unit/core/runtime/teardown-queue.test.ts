// Teardown with work still queued (C-LIFE-11, the §5.3 teardown rule): every queued and
// in-flight operation is rejected with session_not_running, and teardown still runs to
// the end — signal, process-group reap, state removal, `torn_down`. Fake clock, scripted
// Claude whose process dies of the signal it is sent.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";
import { track } from "../../../support/fake-agents/track.js";

describe("teardown while operations are queued (C-LIFE-11)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-LIFE-11: queued and in-flight operations are rejected and teardown still reaps, removes state and ends torn_down", async () => {
    const cli = new FakeClaude();
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    // A dialog holds the first message mid-delivery; more work queues behind it.
    const inFlight = track(cli.session.sendMessage("HELD-message"));
    await vi.advanceTimersByTimeAsync(20);
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("blocked");
    const queued = [
      track(cli.session.sendMessage("QUEUED-message")),
      track(cli.session.sendPrompt("QUEUED-prompt")),
      track(cli.session.compact({ timeoutMs: 60_000 })),
      track(cli.session.send("QUEUED-turn")),
    ];
    await vi.advanceTimersByTimeAsync(500);
    expect([inFlight, ...queued].every((op) => !op.settled)).toBe(true);
    const teardown = track(cli.session.teardown());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(teardown).toEqual({ settled: true });
    for (const op of [inFlight, ...queued]) {
      expect(ElwoodError.is(op.error, "session_not_running"), String(op.error)).toBe(true);
    }
    expect(cli.signals).toEqual(["SIGKILL"]);
    expect(cli.reaped).toContain(4242);
    expect(cli.stateCalls).toEqual(["removeSession"]);
    expect(cli.session.status).toBe("torn_down");
    expect(cli.received).toEqual([]);
  });
});
