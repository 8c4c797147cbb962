// First readiness that falls due while a dialog's block has not cleared yet (issue 11,
// C-API-28): seen in the 16-session concurrency bench as a Claude session stuck `running`
// forever with an idle composer — the trust dialog was answered, the CLI repainted a frame
// with neither dialog nor composer, the 10 s readiness fallback fired then (no dialog on
// screen) and was dropped by the status machine (still `blocked`), and the later idle
// composer cleared the block to `running`, since first readiness "still had to decide".
// No prompt was ever pasted. And the fallback, overdue at the clear, is not taken there:
// it counts again from the clear, so a CPU-starved Claude's late SessionStart decides.
// Fake clock, scripted Claude over the captured screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AFTER_SESSION_START_FALLBACK_MS,
  COLD_START_FALLBACK_MS,
  FALLBACK_COMPOSER_SETTLE_MS,
  FALLBACK_WITHOUT_COMPOSER_MS,
} from "../../../../src/core/runtime/readiness.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";

const PROMPT = "SAY<<after-dialog-5678>>";

describe("first readiness across a dialog's repaint gap (C-API-28, issue 11)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("race (the fallback behind a dialog): a fallback due while still blocked starts over once the block cleared, then the session is ready", async () => {
    const cli = new FakeClaude();
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("blocked");
    // The dialog is gone but the composer has not painted yet: still blocked.
    cli.isDialogVisible = false;
    cli.isBlank = true;
    cli.render();
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS);
    expect(cli.session.status).toBe("blocked");
    cli.isBlank = false;
    cli.render();
    // No signal yet: the fallback counts its 30 s again from the clear (issue 22 bench).
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS - 1_000);
    expect(cli.session.status).toBe("running");
    await vi.advanceTimersByTimeAsync(1_500);
    expect(cli.session.status).toBe("ready");
    expect(initialReadyReason(cli)).toBe("fallback deadline");

    let reply: string | undefined;
    void cli.session.send(PROMPT).then((value) => {
      reply = value;
    });
    for (let spent = 0; reply === undefined && spent < 30_000; spent += 100) {
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(reply).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
  });

  it("a SessionStart that comes late after the dialog, not the overdue fallback, makes the session ready", async () => {
    const cli = new FakeClaude();
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS + 2_000);
    expect(cli.session.status).toBe("blocked");
    cli.showDialog(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(cli.session.status).toBe("running");
    cli.boot();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cli.session.status).toBe("ready");
    expect(initialReadyReason(cli)).toBe("idle composer after session start");
  });

  it("a SessionStart 21 s after the trust answer, on a composer painted long before it, makes the session ready: not the fallback", async () => {
    // 64x2 bench (load 110-125): Claude painted its composer right after the trust answer
    // and sent SessionStart 21 s later; a 10 s fallback made it ready first, and the prompt
    // pasted then was never taken (no Enter, no Ctrl-U), in 2 to 4 of 32 sessions a run.
    const cli = new FakeClaude();
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    cli.isDialogVisible = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(21_000);
    expect(cli.session.status).toBe("running");
    cli.boot();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cli.session.status).toBe("ready");
    expect(initialReadyReason(cli)).toBe("idle composer after session start");
  });

  it("a fallback due after SessionStart but before the composer that follows it waits for that composer", async () => {
    // 64x2 bench (load 94): SessionStart came 2.6 to 4 s before the 30 s fallback and no
    // composer was painted in between; the fallback made the session ready, and the
    // prompt pasted then was never taken, in 3 of 32 Claude sessions of one run.
    const cli = await sessionStartOnBlankScreen(COLD_START_FALLBACK_MS - 3_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(cli.session.status).toBe("running");
    cli.isBlank = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("ready");
    expect(initialReadyReason(cli)).toBe("idle composer after session start");
  });

  it("after SessionStart with no composer at all, the fallback still comes, 120 s after the first frame", async () => {
    // A due fallback types only into a shown composer; on a screen that never shows one
    // (one Elwood cannot read) its own bound still makes the session ready.
    expect(AFTER_SESSION_START_FALLBACK_MS).toBe(30_000);
    expect(FALLBACK_WITHOUT_COMPOSER_MS).toBe(120_000);
    const cli = await sessionStartOnBlankScreen(1_000);
    void cli.session.sendMessage(PROMPT).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(COLD_START_FALLBACK_MS + AFTER_SESSION_START_FALLBACK_MS);
    expect(cli.session.status).toBe("running");
    expect(cli.pastes).toBe(0);
    await vi.advanceTimersByTimeAsync(FALLBACK_WITHOUT_COMPOSER_MS - 61_000 - 1_000);
    expect(cli.session.status).toBe("running");
    expect(cli.pastes).toBe(0);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(initialReadyReason(cli)).toBe("fallback deadline");
  });

  it("a fallback due on a blank screen waits for the composer, and types only once it has stayed up 2 s", async () => {
    expect(FALLBACK_COMPOSER_SETTLE_MS).toBe(2_000);
    const cli = await sessionStartOnBlankScreen(1_000);
    void cli.session.sendMessage(PROMPT).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(
      COLD_START_FALLBACK_MS + AFTER_SESSION_START_FALLBACK_MS + 5_000,
    );
    expect(cli.pastes).toBe(0);
    cli.isWorking = true; // the composer, under a spinner: no idle composer to prove input
    cli.isBlank = false;
    cli.render();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(cli.session.status).toBe("running");
    expect(cli.pastes).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(initialReadyReason(cli)).toBe("fallback deadline");
  });
});

/** A Claude whose first frame shows no composer yet, and its SessionStart `afterMs` later. */
async function sessionStartOnBlankScreen(afterMs: number): Promise<FakeClaude> {
  const cli = new FakeClaude();
  cli.isBlank = true;
  cli.render();
  await vi.advanceTimersByTimeAsync(afterMs);
  cli.hook({ hook_event_name: "SessionStart", source: "startup" });
  return cli;
}

function initialReadyReason(cli: FakeClaude): string | undefined {
  return cli.session.statusDecisions().find((decision) => decision.evidence === "initial_ready")
    ?.reason;
}
