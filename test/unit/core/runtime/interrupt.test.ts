// interrupt() over the runtime (api.md "interrupt", C-API-38) and the ready that follows an
// Escape (C-TURN-02). Fake clock, scripted Claude over the captured 2.1.332 screens: an
// Escape mid-turn drops the answer and the Stop hook and paints the "Interrupted" banner.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import { FakeClaude, type Reactions, ready } from "../../../support/fake-agents/fake-claude.js";
import { track } from "../../../support/fake-agents/track.js";

const ESCAPE = "\x1b";

/** A turn the model is working on: the message went in and the spinner is up. */
async function midTurn(reactions: Partial<Reactions> = {}): Promise<FakeClaude> {
  const cli = await ready({ thinkMs: 30_000, ...reactions });
  void cli.session.sendMessage("LONG-task");
  for (let spent = 0; !cli.isWorking && spent < 5_000; spent += 10) {
    await vi.advanceTimersByTimeAsync(10);
  }
  await vi.advanceTimersByTimeAsync(200);
  expect(cli.session.status).toBe("running");
  expect(cli.isWorking).toBe(true);
  return cli;
}

const escapes = (cli: FakeClaude) => cli.writes.filter((write) => write === ESCAPE).length;

describe("interrupt() (C-API-38) and the ready after it (C-TURN-02)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-38: an in-flight turn gets one immediate Escape; interrupt() resolves at the next ready", async () => {
    const cli = await midTurn();
    const statuses: string[] = [];
    cli.session.on("status", (event) => statuses.push(event.status));
    const interrupted = track(cli.session.interrupt());
    expect(escapes(cli)).toBe(1);
    expect(interrupted.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(interrupted).toEqual({ settled: true });
    expect(cli.session.status).toBe("ready");
    expect(statuses).toEqual(["ready"]);
    expect(escapes(cli)).toBe(1);
  });

  it("C-TURN-02: with no banner (the prompt put back in the composer), the idle screen after the Escape ends the turn", async () => {
    const cli = await midTurn({ interruptShows: "prompt in composer" });
    const interrupted = track(cli.session.interrupt());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(interrupted).toEqual({ settled: true });
    expect(cli.session.status).toBe("ready");
    const last = cli.session.statusDecisions().at(-1);
    expect(last).toMatchObject({ evidence: "screen_idle", from: "running", to: "ready" });
    expect(last?.reason).toBe("idle composer after an interrupt");
  });

  it("C-TURN-02: an Escape within a second of the previous turn's end, its work the only work seen, still ends the turn (issue 45)", async () => {
    // elwood acp's cancel: the next prompt is sent as the last one ends, and the cancel comes
    // as the model request arrives, all inside the window where a working row counts as the
    // previous turn's leftover. The CLI took this prompt, so its spinner is this turn's.
    const cli = await ready({ thinkMs: 30_000, interruptShows: "prompt in composer" });
    cli.reactions = { ...cli.reactions, thinkMs: 0 };
    const first = track(cli.session.send("QUICK-one"));
    for (let spent = 0; !first.settled && spent < 5_000; spent += 10) {
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(first).toEqual({ settled: true });
    cli.reactions = { ...cli.reactions, thinkMs: 30_000 };
    const second = track(cli.session.send("LONG-two"));
    for (let spent = 0; !cli.isWorking && spent < 800; spent += 10) {
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.isWorking).toBe(true);
    expect(cli.session.status).toBe("running");
    const interrupted = track(cli.session.interrupt({ timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(interrupted).toEqual({ settled: true });
    expect(cli.session.status).toBe("ready");
    expect(cli.session.statusDecisions().at(-1)?.reason).toBe("idle composer after an interrupt");
    expect(second.settled).toBe(true);
    expect(escapes(cli)).toBe(1);
  });

  it("C-TURN-02: after the Escape, ready comes from the screen's banner alone, with no Stop hook", async () => {
    const cli = await midTurn();
    const hooks: string[] = [];
    cli.session.on("hook", (event) =>
      hooks.push((event as { hook_event_name: string }).hook_event_name),
    );
    const interrupted = track(cli.session.interrupt());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(interrupted.settled).toBe(true);
    expect(hooks).not.toContain("Stop");
    const last = cli.session.statusDecisions().at(-1);
    expect(last).toMatchObject({ evidence: "screen_idle", from: "running", to: "ready" });
    expect(last?.reason).toContain("interrupt");
  });

  it("C-API-38: on an idle session, or before first readiness, it is a no-op that writes nothing", async () => {
    const starting = new FakeClaude();
    const early = track(starting.session.interrupt());
    await vi.advanceTimersByTimeAsync(0);
    expect(early).toEqual({ settled: true });
    expect(starting.writes).toEqual([]);
    const cli = await ready();
    const idle = track(cli.session.interrupt());
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toEqual({ settled: true });
    expect(cli.writes).toEqual([]);
    expect(cli.session.status).toBe("ready");
  });

  it("C-API-38: concurrent calls coalesce into one Escape and settle together", async () => {
    const cli = await midTurn();
    const first = track(cli.session.interrupt());
    const second = track(cli.session.interrupt());
    const third = track(cli.session.interrupt({ timeoutMs: 50_000 }));
    expect(escapes(cli)).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect([first, second, third]).toEqual([
      { settled: true },
      { settled: true },
      { settled: true },
    ]);
    expect(escapes(cli)).toBe(1);
  });

  it("C-API-38: no ready within timeoutMs rejects interrupt_failed; the turn keeps running", async () => {
    const cli = await midTurn({ isInterruptible: false });
    const interrupted = track(cli.session.interrupt({ timeoutMs: 100 }));
    await vi.advanceTimersByTimeAsync(150);
    expect(interrupted.settled).toBe(true);
    expect(ElwoodError.is(interrupted.error, "interrupt_failed")).toBe(true);
    expect((interrupted.error as ElwoodError).details.timeoutMs).toBe(100);
    expect(cli.session.status).toBe("running");
  });

  it("C-API-38: a session that ends first, or has ended, rejects session_not_running", async () => {
    const cli = await midTurn({ isInterruptible: false });
    const pending = track(cli.session.interrupt({ timeoutMs: 60_000 }));
    cli.exit(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(ElwoodError.is(pending.error, "session_not_running")).toBe(true);
    const late = track(cli.session.interrupt());
    await vi.advanceTimersByTimeAsync(0);
    expect(ElwoodError.is(late.error, "session_not_running")).toBe(true);
    expect(escapes(cli)).toBe(1);
  });
});
