// The core Turn's delivery under every fault the real CLIs show under load (issue 11,
// C-API-31, C-ATTN-01): each ends in exactly one submission the model receives, or a typed
// failure within its bound — never a hang, never a duplicate paste. Fake clock, scripted
// Claude over the captured 2.1.332 screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DELIVERY_BOUNDS } from "../../../../src/core/turn/delivery.js";
import { ElwoodError } from "../../../../src/errors.js";
import { FakeClaude, ready } from "../../../support/fake-agents/fake-claude.js";

const PROMPT = "SAY<<fault-token-1234>>";

type Outcome = { readonly value: string } | { readonly error: unknown };

/** Starts one send(); `settle()` then runs the fake clock until it resolves or rejects. */
function startSend(cli: FakeClaude, prompt = PROMPT) {
  let outcome: Outcome | undefined;
  cli.session.send(prompt).then(
    (value) => {
      outcome = { value };
    },
    (error: unknown) => {
      outcome = { error };
    },
  );
  return {
    async settle(budgetMs = 120_000): Promise<unknown> {
      for (let spent = 0; outcome === undefined && spent < budgetMs; spent += 100) {
        await vi.advanceTimersByTimeAsync(100);
      }
      if (outcome === undefined) throw new Error(`send() still pending after ${budgetMs} ms`);
      return "value" in outcome ? outcome.value : outcome.error;
    },
  };
}

const sendToEnd = (cli: FakeClaude, budgetMs?: number) => startSend(cli).settle(budgetMs);

const pasteCount = (cli: FakeClaude) => cli.writes.filter((w) => w.startsWith("\x1b[200~")).length;

describe("Turn delivery faults (issue 11, C-API-31)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("no fault: one paste, one Enter, one submission, the reply", async () => {
    const cli = await ready();
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(1);
    expect(cli.enters).toBe(1);
    expect(cli.session.status).toBe("ready");
  });

  it("Enter lost: the staged prompt gets a fresh Enter and is submitted once", async () => {
    const cli = await ready({ enter: (index) => (index < 2 ? "ignored" : { submitAfterMs: 50 }) });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(1);
    expect(cli.enters).toBe(3);
  });

  it("a CLI's declared Enter timing (Gemini's): Enter read 9 s late gets no second Enter, so the prompt goes in once", async () => {
    const cli = new FakeClaude(
      { enter: () => ({ submitAfterMs: 9_000 }) },
      {
        signals: {
          enterTiming: { afterPasteShownMs: 300, retryMs: 10_000, retryUnrenderedMs: 10_000 },
        },
      },
    );
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.enters).toBe(1);
    expect(cli.received).toEqual([PROMPT]);
  });

  it("the same timing: an Enter lost outright is pressed again, 10 s later, and the prompt goes in once", async () => {
    const cli = new FakeClaude(
      { enter: (index) => (index === 0 ? "ignored" : { submitAfterMs: 50 }) },
      {
        signals: {
          enterTiming: { afterPasteShownMs: 300, retryMs: 10_000, retryUnrenderedMs: 10_000 },
        },
      },
    );
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    const sent = startSend(cli);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(cli.enters).toBe(1);
    expect(await sent.settle()).toBe(`ANSWER ${PROMPT}`);
    expect(cli.enters).toBe(2);
    expect(cli.received).toEqual([PROMPT]);
  });

  it("paste rendered late on a starved CLI: no second paste, Enter once it shows", async () => {
    const cli = await ready({ paste: () => 9_000 });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(1);
  });

  it("paste lost by a live CLI: never pasted again; prompt_not_accepted at the bound, nothing received", async () => {
    const cli = await ready({
      paste: (index) => (index === 0 ? "lost" : 50),
      idleRepaints: true,
    });
    const error = await sendToEnd(cli, DELIVERY_BOUNDS.acceptanceMs + 10_000);
    expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
    expect((error as ElwoodError).details.rule).toBe("composer_empty_without_acceptance");
    expect(cli.received).toEqual([]);
    expect(pasteCount(cli)).toBe(1);
    cli.dispose();
  });

  it("a paste a starved, still-painting CLI shows only after 7 s: pasted once, submitted once (stop 32's 32x4 duplicates)", async () => {
    // A repeated paste sent here was the second copy the model got: Claude queued it.
    const cli = await ready({ paste: () => 7_000, idleRepaints: true });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(1);
    cli.dispose();
  });

  it("a starved CLI clears its composer seconds before any sign it took the prompt: no second paste", async () => {
    // The likely path of a prompt the 32x4 bench saw reach the model twice, its two
    // UserPromptSubmit hooks 26 s apart: the second paste was queued behind the first.
    const cli = await ready({
      echoDelayMs: 12_000,
      hookDelayMs: 12_000,
      transcriptReadOnCatchUp: true,
      idleRepaints: true,
    });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(1);
    cli.dispose();
  });

  // Stop 31's 32x4 duplicate: a doubled prompt was cleared with one Ctrl-E Ctrl-U, which
  // clears only the cursor's row; the next prompt was typed onto what was left and sent
  // with it. Here an Enter the CLI ignores leaves a two-row prompt staged at the bound.
  const ROWS_PROMPT = "Two rows of text\nSAY<<staged-token-5678>>";
  const ENTER_IGNORED = { enter: () => "ignored" as const };
  const ENTER_WORKS = { enter: () => ({ submitAfterMs: 50 }) };

  it("a staged prompt of two rows never accepted: every row of it is cleared, and the next send() goes in alone", async () => {
    const cli = await ready(ENTER_IGNORED);
    const error = await startSend(cli, ROWS_PROMPT).settle();
    expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
    expect((error as ElwoodError).details).toMatchObject({
      rule: "composer_holds_prompt",
      draftCleared: true,
    });
    expect(cli.received).toEqual([]);
    expect(cli.composer).toBe("");
    expect(cli.session.status).toBe("ready");

    cli.reactions = { ...cli.reactions, ...ENTER_WORKS };
    const next = "SAY<<after-the-failed-draft>>";
    expect(await startSend(cli, next).settle()).toBe(`ANSWER ${next}`);
    expect(cli.received).toEqual([next]);
    cli.dispose();
  });

  it("a failed draft the CLI will not clear: the next send() fails wait_timeout and types nothing", async () => {
    const cli = await ready({ ...ENTER_IGNORED, editsComposer: false });
    const error = await startSend(cli, ROWS_PROMPT).settle();
    expect((error as ElwoodError).details).toMatchObject({
      rule: "composer_holds_prompt",
      draftCleared: false,
    });
    const left = cli.composer;
    expect(left).toContain("staged-token-5678");
    cli.reactions = { ...cli.reactions, ...ENTER_WORKS };

    const writesBefore = cli.writes.length;
    const next = await startSend(cli, "SAY<<never-typed>>").settle();
    expect(ElwoodError.is(next, "wait_timeout")).toBe(true);
    expect((next as ElwoodError).details).toMatchObject({ rounds: 3, confirmMs: 1000 });
    const laterWrites = cli.writes.slice(writesBefore);
    expect(laterWrites.filter((write) => write.startsWith("\x1b[200~"))).toEqual([]);
    expect(laterWrites.filter((write) => write === "\r")).toEqual([]);
    expect(cli.received).toEqual([]);
    expect(cli.composer).toBe(left);
    cli.dispose();
  });

  it("a person types onto a failed draft: it is theirs now, never erased; the next send() waits for them as for any draft", async () => {
    const cli = await ready({ ...ENTER_IGNORED, editsComposer: false, echoesKeys: true });
    const error = await startSend(cli, ROWS_PROMPT).settle();
    expect((error as ElwoodError).details).toMatchObject({ draftCleared: false });
    await cli.session.sendKeys(" and mine");
    await vi.advanceTimersByTimeAsync(500);
    cli.reactions = { ...cli.reactions, editsComposer: true };
    const writesBefore = cli.writes.length;
    const next = await startSend(cli, "SAY<<after-the-person>>").settle();
    expect(ElwoodError.is(next, "composer_occupied")).toBe(true);
    expect(cli.writes.slice(writesBefore).filter((write) => write.includes("\x15"))).toEqual([]);
    expect(cli.composer).toContain(" and mine");
    expect(cli.received).toEqual([]);
    cli.dispose();
  });

  it("C-ATTN-01: a dialog between paste and Enter holds the Enter; the prompt goes in once it clears", async () => {
    const cli = await ready({ paste: () => 50 });
    const pending = startSend(cli);
    await vi.advanceTimersByTimeAsync(60);
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(cli.session.status).toBe("blocked");
    expect(cli.enters).toBe(0);
    cli.showDialog(false);
    expect(await pending.settle()).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(1);
  });

  it("C-ATTN-05 issue 49: a dialog that never goes counts toward the bound: prompt_not_accepted (dialog_visible), no Enter into it", async () => {
    const cli = await ready({ paste: () => 50 });
    const pending = startSend(cli);
    await vi.advanceTimersByTimeAsync(60);
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(DELIVERY_BOUNDS.acceptanceMs + 2_000);
    const error = await pending.settle();
    expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
    expect((error as ElwoodError).details.rule).toBe("dialog_visible");
    expect(cli.enters).toBe(0);
    expect(cli.received).toEqual([]);
    expect(pasteCount(cli)).toBe(1);
  });

  it("the acceptance hook before the screen changes: no extra Enter on the stale frame", async () => {
    const cli = await ready({ hookDelayMs: 0, repaintDelayMs: 4_000 });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(cli.enters).toBe(1);
  });

  it("race (the late transcript flush after Stop): the turn-end hook before the transcript line: send() waits for the line", async () => {
    const cli = await ready({ transcriptLagMs: 3_000 });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
  });

  it("never accepted: prompt_not_accepted within the bound, status back to ready, no duplicate", async () => {
    const cli = await ready({ enter: () => "ignored" });
    const turnEvents: string[] = [];
    cli.session.on("turn", (event) => turnEvents.push(event.kind));
    const error = await sendToEnd(cli, DELIVERY_BOUNDS.acceptanceMs + 10_000);
    expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
    expect((error as ElwoodError).details.rule).toBe("composer_holds_prompt");
    expect(cli.received).toEqual([]);
    expect(pasteCount(cli)).toBe(1);
    expect(cli.enters).toBeLessThanOrEqual(DELIVERY_BOUNDS.maxEnters);
    expect(cli.session.status).toBe("ready");
    expect(cli.composer).toBe("");
    expect(turnEvents).toEqual(["started", "failed"]);
  });

  it("a turn whose agent never gets back to ready holds the slot; the next send() still ends within its timeoutMs", async () => {
    const cli = await ready();
    const outcomes: unknown[] = [];
    const record = (pending: Promise<string>) =>
      pending.then(
        (value) => outcomes.push(value),
        (error: unknown) => outcomes.push(error),
      );
    void record(cli.session.send(PROMPT, { timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(60);
    // A dialog nobody answers: the first turn can never reach its boundary.
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(outcomes).toHaveLength(1);
    expect(ElwoodError.is(outcomes[0], "wait_timeout")).toBe(true);
    void record(cli.session.send("SAY<<second-turn>>", { timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(5_100);
    expect(outcomes).toHaveLength(2);
    expect(ElwoodError.is(outcomes[1], "wait_timeout")).toBe(true);
    expect((outcomes[1] as ElwoodError).message).toContain("previous turn");
    expect(cli.received).toEqual([]);
  });

  it("the old turn's spinner lingers and the next paste is lost: the spinner never counts as our prompt's work", async () => {
    // Seen in 16x4 and 32x4 runs (stop 33): right after the Stop hook, a prompt whose paste
    // never showed was taken as accepted on "composer cleared and work started" because the
    // old turn's spinner was still up; the turn then failed after the idle grace, reported
    // as a missing answer instead of a prompt the agent never took.
    const cli = await ready({
      stopSpinnerLingerMs: 3_000,
      paste: (index) => (index === 1 ? "lost" : 50),
    });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    const accepted: string[] = [];
    cli.session.on("turn", (event) => {
      if (event.kind === "accepted") accepted.push(event.evidence);
    });
    const error = await startSend(cli, "SAY<<second-paste-lost>>").settle(
      DELIVERY_BOUNDS.acceptanceMs + 10_000,
    );
    expect(accepted).toEqual([]);
    expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
    expect((error as ElwoodError).details.rule).toBe("composer_empty_without_acceptance");
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(2);
    cli.dispose();
  });

  it("the old turn's spinner lingers and the next Enters are lost: no idle end while our prompt is staged", async () => {
    // Seen with 32 sessions: Claude's "running Stop hook" spinner stayed up for seconds
    // after the Stop hook, counted as the next turn's work, and its clearing ended that
    // turn (reply "") while its prompt still sat in the composer.
    const cli = await ready({
      stopSpinnerLingerMs: 3_000,
      enter: (index) => (index >= 1 && index <= 4 ? "ignored" : { submitAfterMs: 50 }),
    });
    expect(await sendToEnd(cli)).toBe(`ANSWER ${PROMPT}`);
    const second = "SAY<<second-turn-after-linger>>";
    let reply: unknown;
    cli.session.send(second).then(
      (value) => {
        reply = value;
      },
      (error: unknown) => {
        reply = error;
      },
    );
    for (let spent = 0; reply === undefined && spent < 60_000; spent += 100) {
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(reply).toBe(`ANSWER ${second}`);
    expect(cli.received).toEqual([PROMPT, second]);
    expect(pasteCount(cli)).toBe(2);
  });

  it("turn events: started, accepted, content, ended", async () => {
    const cli = await ready();
    const kinds: string[] = [];
    cli.session.on("turn", (event) => kinds.push(event.kind));
    await sendToEnd(cli);
    // One decision ends the turn and its stream: after its content, never before (issue 27).
    expect(kinds).toEqual(["started", "accepted", "content", "ended"]);
  });
});

describe("A send() that gives up before its prompt was sent (C-API-31)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("its queued submission is withdrawn: the agent never receives it once ready", async () => {
    const cli = new FakeClaude();
    let failure: unknown;
    cli.session.send(PROMPT, { timeoutMs: 2_000 }).catch((error: unknown) => {
      failure = error;
    });
    await vi.advanceTimersByTimeAsync(2_500);
    expect(failure).toBeInstanceOf(ElwoodError);
    expect(failure).toMatchObject({ name: "wait_timeout" });
    cli.boot();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(cli.session.status).toBe("ready");
    expect(pasteCount(cli)).toBe(0);
    expect(cli.received).toEqual([]);
    // The ready transition was not spent on the withdrawn prompt: the next send is answered.
    const next = "SAY<<after-the-timeout>>";
    let answer: string | undefined;
    void cli.session.send(next).then((value) => {
      answer = value;
    });
    for (let spent = 0; answer === undefined && spent < 60_000; spent += 100) {
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(answer).toBe(`ANSWER ${next}`);
    expect(cli.received).toEqual([next]);
  });
});
