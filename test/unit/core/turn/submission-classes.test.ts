// The submission classes of the control queue (api.md "Submission APIs", "Ordering"):
// sendPrompt and mid-turn guidance go in at once, readiness-waiting work waits for a ready,
// no two submissions ever interleave, and sendKeys bypasses the queue. Fake clock,
// scripted Claude over the captured 2.1.332 screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import { PASTE_START } from "../../../../src/terminal/input.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";
import { track } from "../../../support/fake-agents/track.js";

async function ready(): Promise<FakeClaude> {
  const cli = new FakeClaude();
  cli.boot();
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("ready");
  return cli;
}

/** The index in `writes` of the paste carrying `text` (-1 when it was never pasted). */
const pasteIndex = (writes: readonly string[], text: string) =>
  writes.findIndex((write) => write.startsWith(PASTE_START) && write.includes(text));

async function runUntil(condition: () => boolean, budgetMs = 60_000): Promise<void> {
  for (let spent = 0; !condition() && spent < budgetMs; spent += 50) {
    await vi.advanceTimersByTimeAsync(50);
  }
  if (!condition()) throw new Error(`condition still false after ${budgetMs} ms`);
}

describe("sendPrompt: the immediate class (C-API-07)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-07: mid-turn it is written at once, overtaking a message that waits for the next ready", async () => {
    const cli = await ready();
    const first = track(cli.session.sendMessage("FIRST-message"));
    await runUntil(() => first.settled && cli.session.status === "running");
    const queued = track(cli.session.sendMessage("QUEUED-message"));
    const prompt = track(cli.session.sendPrompt("MIDTURN-prompt"));
    await runUntil(() => pasteIndex(cli.writes, "MIDTURN-prompt") >= 0, 2_000);
    // No readiness wait: the first turn is still running and the queued message untouched.
    expect(cli.session.status).toBe("running");
    expect(cli.received).toEqual(["FIRST-message"]);
    expect(pasteIndex(cli.writes, "QUEUED-message")).toBe(-1);
    await runUntil(() => prompt.settled, 2_000);
    expect(prompt.error).toBeUndefined();
    expect(queued.settled).toBe(false);
    // The queued message goes at the ready after the turns, once, and last.
    await runUntil(() => cli.received.length === 3);
    expect(cli.received).toEqual(["FIRST-message", "MIDTURN-prompt", "QUEUED-message"]);
    await runUntil(() => queued.settled);
    expect(queued.error).toBeUndefined();
  });

  it("C-API-07 C-API-05: it is typed into the PTY (paste, then Enter), never interleaved with a submission in flight, and resolves once its Enter is written", async () => {
    const cli = await ready();
    const message = track(cli.session.sendMessage("INFLIGHT-message"));
    let writesAtResolve: string[] | undefined;
    void cli.session.sendPrompt("SECOND-prompt").then(() => {
      writesAtResolve = [...cli.writes];
    });
    await vi.advanceTimersByTimeAsync(20);
    // The message's paste is out, its Enter not yet: the prompt must not paste over it.
    expect(pasteIndex(cli.writes, "INFLIGHT-message")).toBe(0);
    expect(pasteIndex(cli.writes, "SECOND-prompt")).toBe(-1);
    await runUntil(() => message.settled && writesAtResolve !== undefined);
    if (writesAtResolve === undefined) throw new Error("sendPrompt never resolved");
    const messagePaste = pasteIndex(writesAtResolve, "INFLIGHT-message");
    const promptPaste = pasteIndex(writesAtResolve, "SECOND-prompt");
    expect(writesAtResolve.indexOf("\r", messagePaste)).toBeLessThan(promptPaste);
    // Resolved after the prompt's own Enter, not at its paste.
    expect(writesAtResolve.indexOf("\r", promptPaste)).toBeGreaterThan(promptPaste);
    await runUntil(() => cli.received.length === 2);
    expect(cli.received).toEqual(["INFLIGHT-message", "SECOND-prompt"]);
  });

  it("C-API-07: a dead session rejects with session_not_running, also a prompt still queued when it dies", async () => {
    const cli = await ready();
    const dialogHeld = track(cli.session.sendMessage("HELD-message"));
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(20);
    const queuedPrompt = track(cli.session.sendPrompt("QUEUED-prompt"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queuedPrompt.settled).toBe(false);
    cli.exit(1);
    await runUntil(() => cli.session.status === "exited");
    await runUntil(() => queuedPrompt.settled && dialogHeld.settled);
    expect(ElwoodError.is(queuedPrompt.error, "session_not_running")).toBe(true);
    const late = cli.session.sendPrompt("LATE-prompt");
    await expect(late).rejects.toMatchObject({ name: "session_not_running" });
    expect(pasteIndex(cli.writes, "QUEUED-prompt")).toBe(-1);
    expect(pasteIndex(cli.writes, "LATE-prompt")).toBe(-1);
  });
});

describe("sendGuidance and sendKeys (C-API-37)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-37: before first readiness guidance queues behind earlier messages, one per ready", async () => {
    const cli = new FakeClaude();
    const message = track(cli.session.sendMessage("EARLY-message"));
    const guidance = track(cli.session.sendGuidance("EARLY-guidance"));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(cli.writes).toEqual([]);
    expect(guidance.settled).toBe(false);
    cli.boot();
    await runUntil(() => message.settled);
    // The message's turn holds the ready: the guidance waits for the next one.
    expect(cli.session.status).toBe("running");
    expect(pasteIndex(cli.writes, "EARLY-guidance")).toBe(-1);
    await runUntil(() => guidance.settled);
    expect(guidance.error).toBeUndefined();
    await runUntil(() => cli.received.length === 2);
    expect(cli.received).toEqual(["EARLY-message", "EARLY-guidance"]);
  });

  it("C-API-37: while blocked guidance waits for the dialog to clear, then goes in", async () => {
    const cli = await ready();
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("blocked");
    const guidance = track(cli.session.sendGuidance("BLOCKED-guidance"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(guidance.settled).toBe(false);
    expect(pasteIndex(cli.writes, "BLOCKED-guidance")).toBe(-1);
    cli.showDialog(false);
    await runUntil(() => guidance.settled);
    expect(guidance.error).toBeUndefined();
    await runUntil(() => cli.received.length === 1);
    expect(cli.received).toEqual(["BLOCKED-guidance"]);
  });

  it("C-API-37: during a running turn guidance types at once, ahead of a queued message", async () => {
    const cli = await ready();
    const first = track(cli.session.sendMessage("TURN-message"));
    await runUntil(() => first.settled && cli.session.status === "running");
    const queued = track(cli.session.sendMessage("NEXT-message"));
    const guidance = track(cli.session.sendGuidance("STEER-guidance"));
    await runUntil(() => guidance.settled, 2_000);
    expect(guidance.error).toBeUndefined();
    expect(cli.session.status).toBe("running");
    expect(queued.settled).toBe(false);
    await runUntil(() => cli.received.length === 3);
    expect(cli.received).toEqual(["TURN-message", "STEER-guidance", "NEXT-message"]);
  });

  it("C-API-37: sendKeys never queues: it is written at once before readiness, while blocked and mid-delivery", async () => {
    const cli = new FakeClaude();
    const waiting = track(cli.session.sendMessage("WAITING-message"));
    await cli.session.sendKeys("k1");
    expect(cli.writes).toEqual(["k1"]);
    cli.boot();
    await runUntil(() => waiting.settled);
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("blocked");
    const held = track(cli.session.sendMessage("HELD-message"));
    await cli.session.sendKeys("k2");
    expect(cli.writes.at(-1)).toBe("k2");
    expect(held.settled).toBe(false);
    const bytes = new Uint8Array([0x6b, 0x33]);
    await cli.session.sendKeys(bytes);
    expect(cli.writes.at(-1)).toBe("k3");
  });
});
