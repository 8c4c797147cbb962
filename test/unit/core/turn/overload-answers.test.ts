// Overload degrades into waiting or typed failures, never wrong answers (issue 22 item 2,
// seeds §5.8). Reproduces what the 64-session run saw: a starved parent reads the Stop
// hook and the transcript seconds after the answer showed; a send() then resolved with ""
// and the next send() returned the previous turn's text. Fake clock, scripted Claude.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import { FakeClaude, ready } from "../../../support/fake-agents/fake-claude.js";
import { settle, settledOutcome } from "../../../support/fake-agents/settle.js";

describe("a starved parent never answers wrongly (issue 22)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the Stop hook read 8 s after the answer and the transcript unread: send() returns the answer, not ""', async () => {
    const cli = await ready({ stopHookDelayMs: () => 8_000, transcriptReadOnCatchUp: true });
    expect(await settle(cli.session.send("s1-t0"))).toBe("ANSWER s1-t0");
  });

  it("the first turn's late text never leaks into the next turn's answer", async () => {
    const cli = await ready({ stopHookDelayMs: () => 8_000, transcriptReadOnCatchUp: true });
    const first = settle(cli.session.send("s15-t0"));
    const second = settle(cli.session.send("s15-t1"));
    expect(await first).toBe("ANSWER s15-t0");
    expect(await second).toBe("ANSWER s15-t1");
    expect(cli.received).toEqual(["s15-t0", "s15-t1"]);
  });

  it("a turn the caller gave up on: its text, read late in file order, never joins the next turn's answer", async () => {
    const cli = new FakeClaude(
      { stopHookDelayMs: (index) => (index === 0 ? 3_600_000 : 0), transcriptReadOnCatchUp: true },
      // The parent's transcript reads starve: lines reach it only when the test reads them.
      { catchUp: async () => {} },
    );
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    const first = await settle(cli.session.send("s15-t0", { timeoutMs: 2_000 }));
    expect(first).toMatchObject({ name: "wait_timeout" });
    const second = settle(cli.session.send("s15-t1"));
    // Turn 1's lines, then turn 2's, reach the parent only now, while turn 2 runs.
    await vi.advanceTimersByTimeAsync(10_000);
    cli.readTranscript();
    await vi.advanceTimersByTimeAsync(1_000);
    cli.readTranscript();
    expect(await second).toBe("ANSWER s15-t1");
  });

  it("a Stop that comes after the idle screen ended its turn is that turn's: it never accepts or ends the next one", async () => {
    // The 64x2 bench: turn 1 ended on the idle screen (no Stop within the 5 s grace), turn
    // 2 was typed and its Enter did not take, then turn 1's Stop arrived. It "accepted"
    // turn 2, so no Enter was tried again, and turn 2 failed with its prompt in the composer.
    const cli = await ready({
      stopHookDelayMs: (index) => (index === 0 ? 5_800 : 0),
      enter: (index) => (index === 1 ? "ignored" : { submitAfterMs: 50 }),
    });
    const first = settle(cli.session.send("s25-t0"));
    const second = settle(cli.session.send("s25-t1"));
    expect(await first).toBe("ANSWER s25-t0");
    expect(await second).toBe("ANSWER s25-t1");
    expect(cli.received).toEqual(["s25-t0", "s25-t1"]);
  });

  it("a prompt the transcript never records (Claude's local answers): its answer is still the turn's", async () => {
    const cli = await ready({ recordsPrompt: false });
    expect(await settle(cli.session.send("answered locally"))).toBe("ANSWER answered locally");
    expect(await settle(cli.session.send("and again"))).toBe("ANSWER and again");
  });

  it("race (the refused prompt): taken, then no work, no answer and no turn-end hook: wait_timeout after 30 s of idle composer, and the next prompt answers", async () => {
    // Gemini's BeforeAgent block refuses a prompt at once: with no working row there was no
    // idle edge, and the turn waited forever (a fresh-clone CI run's gemini-turns hung 180 s).
    const cli = await ready({ refusesPrompt: true });
    const started = Date.now();
    const outcome = await settledOutcome(cli.session.send("refuse this"), 120_000);
    const tookMs = Date.now() - started;
    expect(outcome.error).toMatchObject({ name: "wait_timeout" });
    expect(tookMs).toBeGreaterThanOrEqual(30_000);
    expect(tookMs).toBeLessThan(35_000);
    expect(cli.session.status).toBe("ready");
    cli.reactions = { ...cli.reactions, refusesPrompt: false };
    expect(await settle(cli.session.send("then this"))).toBe("ANSWER then this");
    expect(cli.received).toEqual(["refuse this", "then this"]);
  });

  it("a turn whose Stop never comes ends once the idle screen has lasted the grace, with its text", async () => {
    const cli = await ready({ stopHookDelayMs: () => 3_600_000 });
    expect(await settle(cli.session.send("no Stop for this one"))).toBe(
      "ANSWER no Stop for this one",
    );
    expect(cli.session.status).toBe("ready");
  });

  // The 64x2 run of stop 32: under load 60 every http hook of some Claude sessions timed
  // out in the CLI (35 s), so the session never became hook-driven and ended its turn on
  // the idle screen at once — with no transcript read yet, send() resolved with "".
  async function withoutHooks(catchUp?: () => Promise<void>): Promise<FakeClaude> {
    const cli = new FakeClaude(
      { deliversHooks: false, transcriptReadOnCatchUp: catchUp !== undefined },
      catchUp === undefined ? {} : { catchUp },
    );
    cli.boot();
    for (let spent = 0; cli.session.status !== "ready" && spent < 120_000; spent += 500) {
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(cli.session.status).toBe("ready");
    return cli;
  }

  it("no hook ever reaches the parent: the idle screen ends the turn with its transcript text", async () => {
    const cli = await withoutHooks();
    expect(await settle(cli.session.send("no hooks here"))).toBe("ANSWER no hooks here");
  });

  it('no hook ever reaches the parent and the transcript is not read: wait_timeout, never ""', async () => {
    const cli = await withoutHooks(async () => {});
    const outcome = await settle(cli.session.send("answered, but unseen"));
    expect(outcome).toBeInstanceOf(ElwoodError);
    expect(outcome).toMatchObject({ name: "wait_timeout" });
    expect(cli.received).toEqual(["answered, but unseen"]);
  });

  it("idle with neither a Stop nor any text: a typed wait_timeout, never an empty success", async () => {
    const cli = await ready({ stopHookDelayMs: () => 3_600_000, transcriptReadOnCatchUp: true });
    // The line is on disk but nothing ever reads it: the catch-up reads nothing here.
    cli.answerFor = () => "";
    const outcome = await settle(cli.session.send("nothing to say"));
    expect(outcome).toBeInstanceOf(ElwoodError);
    expect(outcome).toMatchObject({ name: "wait_timeout" });
    expect(cli.session.status).toBe("ready");
  });
});
