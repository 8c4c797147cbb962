// A person's draft and a program's prompt never mix in one composer (issue 25 item 2,
// C-TURN-06, C-TURN-07): the real runtime over the scripted Claude of the captured 2.1.332
// screens, whose composer shows typed keys as a person's would. Fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import type { ElwoodWarningEvent } from "../../../../src/index.js";
import { FakeClaude, type Reactions } from "../../../support/fake-agents/fake-claude.js";

const DRAFT = "half a line";
const PROMPT = "PROGRAM-prompt-7731";

async function typing(
  reactions: Partial<Reactions> = {},
  composerWaitMs?: number,
): Promise<{ cli: FakeClaude; warnings: ElwoodWarningEvent[] }> {
  const cli = new FakeClaude(
    { echoesKeys: true, ...reactions },
    composerWaitMs === undefined ? {} : { composerWaitMs },
  );
  const warnings: ElwoodWarningEvent[] = [];
  cli.session.on("warning", (warning) => warnings.push(warning));
  cli.boot();
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("ready");
  return { cli, warnings };
}

/** Tracks a promise's outcome under the fake clock. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

async function runUntil(done: () => boolean, budgetMs = 120_000): Promise<void> {
  for (let spent = 0; !done() && spent < budgetMs; spent += 100) {
    await vi.advanceTimersByTimeAsync(100);
  }
  if (!done()) throw new Error(`still waiting after ${budgetMs} ms`);
}

const pastes = (cli: FakeClaude) => cli.writes.filter((w) => w.startsWith("\x1b[200~")).length;

describe("a person's draft holds a program prompt (issue 25, C-TURN-06)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-TURN-06: send() waits untyped while the draft shows, then goes in once after the person clears it", async () => {
    const { cli, warnings } = await typing();
    await cli.session.sendKeys(DRAFT);
    const sent = track(cli.session.send(PROMPT));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent.settled).toBe(false);
    expect(pastes(cli)).toBe(0);
    expect(cli.composer).toBe(DRAFT);
    expect(cli.received).toEqual([]);
    // The agent idles meanwhile: the session says ready, not running.
    expect(cli.session.status).toBe("ready");
    expect(warnings.map((warning) => warning.code)).toEqual(["composer_occupied"]);
    expect(warnings[0]).toMatchObject({ submission: "message", waitMs: 60_000 });

    await cli.session.sendKeys("\x15");
    await runUntil(() => sent.settled);
    expect(sent.error).toBeUndefined();
    expect(sent.value).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
    expect(pastes(cli)).toBe(1);
    expect(cli.session.status).toBe("ready");
  });

  it("C-TURN-06: a draft the person sends themselves goes first, alone; the program's prompt follows once ready", async () => {
    const { cli } = await typing();
    await cli.session.sendKeys(DRAFT);
    const sent = track(cli.session.send(PROMPT));
    await vi.advanceTimersByTimeAsync(3_000);
    await cli.session.sendKeys("\r");
    await runUntil(() => sent.settled);
    expect(sent.value).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([DRAFT, PROMPT]);
  });

  it("C-TURN-06: an untouched draft fails the prompt with composer_occupied at composerWaitMs; nothing typed, the draft kept", async () => {
    const { cli } = await typing({}, 5_000);
    await cli.session.sendKeys(DRAFT);
    const sent = track(cli.session.send(PROMPT));
    await vi.advanceTimersByTimeAsync(4_500);
    expect(sent.settled).toBe(false);
    await runUntil(() => sent.settled, 2_000);
    expect(ElwoodError.is(sent.error, "composer_occupied")).toBe(true);
    expect((sent.error as ElwoodError).details).toMatchObject({ waitMs: 5_000 });
    expect(pastes(cli)).toBe(0);
    expect(cli.composer).toBe(DRAFT);
    expect(cli.writes).toEqual([DRAFT]);
    expect(cli.session.status).toBe("ready");

    // Nothing is left holding the turn slot: the next prompt goes in once the draft is gone.
    await cli.session.sendKeys("\x15");
    const next = track(cli.session.send(PROMPT));
    await runUntil(() => next.settled);
    expect(next.value).toBe(`ANSWER ${PROMPT}`);
    expect(cli.received).toEqual([PROMPT]);
  });

  it("C-TURN-06: a person still typing keeps the prompt waiting; the bound counts from their last key", async () => {
    const { cli } = await typing({}, 5_000);
    await cli.session.sendKeys("half");
    const sent = track(cli.session.send(PROMPT));
    for (let index = 0; index < 4; index += 1) {
      await vi.advanceTimersByTimeAsync(3_000);
      await cli.session.sendKeys(" more");
    }
    expect(sent.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(4_500);
    expect(sent.settled).toBe(false);
    await runUntil(() => sent.settled, 2_000);
    expect(ElwoodError.is(sent.error, "composer_occupied")).toBe(true);
    expect(pastes(cli)).toBe(0);
  });

  it("C-TURN-06: a caller that gives up while its prompt waits (timeoutMs) withdraws it: never typed, even once the draft is gone", async () => {
    const { cli } = await typing();
    await cli.session.sendKeys(DRAFT);
    const sent = track(cli.session.send(PROMPT, { timeoutMs: 5_000 }));
    await runUntil(() => sent.settled, 10_000);
    expect(ElwoodError.is(sent.error, "wait_timeout")).toBe(true);
    await cli.session.sendKeys("\x15");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pastes(cli)).toBe(0);
    expect(cli.received).toEqual([]);
    expect(cli.session.status).toBe("ready");
    const next = track(cli.session.send("NEXT-prompt"));
    await runUntil(() => next.settled);
    expect(cli.received).toEqual(["NEXT-prompt"]);
  });

  it("C-TURN-06: a command's typing (compact) waits for the draft to go, too", async () => {
    const { cli } = await typing();
    await cli.session.sendKeys(DRAFT);
    track(cli.session.compact({ timeoutMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cli.writes).toEqual([DRAFT]);
    await cli.session.sendKeys("\x15");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cli.writes.slice(0, 3)).toEqual([DRAFT, "\x15", "/compact"]);
  });

  it("C-TURN-06: a caller giving up while a key's echo is still awaited gets ready back: nothing typed, not running", async () => {
    // No echo and no frame after the key: the guard waits up to 2 s before trusting the
    // empty composer, and the caller's 1 s timeout ends the wait first.
    const { cli } = await typing({ echoesKeys: false });
    await cli.session.sendKeys("x");
    const sent = track(cli.session.send(PROMPT, { timeoutMs: 1_000 }));
    await runUntil(() => sent.settled, 5_000);
    expect(ElwoodError.is(sent.error, "wait_timeout")).toBe(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(pastes(cli)).toBe(0);
    expect(cli.session.status).toBe("ready");
  });

  it("C-TURN-06: keys that leave the composer empty (an arrow) hold nothing", async () => {
    const { cli, warnings } = await typing();
    await cli.session.sendKeys("\x1b[A");
    const sent = track(cli.session.send(PROMPT));
    await runUntil(() => sent.settled, 10_000);
    expect(sent.value).toBe(`ANSWER ${PROMPT}`);
    expect(warnings).toEqual([]);
  });

  it("C-TURN-06: a sendMessage's and a loop's prompt wait the same way", async () => {
    const { cli, warnings } = await typing();
    await cli.session.sendKeys(DRAFT);
    const message = track(cli.session.sendMessage(PROMPT));
    const loop = track(cli.runtime.submissions.submitLoop("LOOP-prompt"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(message.settled).toBe(false);
    expect(loop.settled).toBe(false);
    expect(pastes(cli)).toBe(0);
    await cli.session.sendKeys("\x15");
    await runUntil(() => cli.received.length === 2);
    expect(cli.received).toEqual([PROMPT, "LOOP-prompt"]);
    expect(warnings.map((warning) => warning.code)).toEqual(["composer_occupied"]);
  });
});

describe("a person typing after the program's paste (issue 25, C-TURN-07)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-TURN-07: keys between the paste and its Enter stop the program's Enter: nothing is submitted", async () => {
    // The paste shows only after 1.5 s, so the Enter is still to come when the person types.
    const { cli } = await typing({ paste: () => 1_500 });
    const sent = track(cli.session.send(PROMPT));
    await runUntil(() => pastes(cli) === 1, 2_000);
    await cli.session.sendKeys(" and mine");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cli.enters).toBe(0);
    expect(cli.received).toEqual([]);
    // Both texts stay on screen for the person to send or clear; neither is lost.
    expect(cli.composer).toContain(PROMPT);
    expect(cli.composer).toContain(" and mine");
    expect(sent.settled).toBe(false);
  });

  it("C-TURN-07: the person leaves the merged text untouched: composer_occupied at composerWaitMs, nothing written after their key, status ready", async () => {
    const { cli } = await typing({ paste: () => 1_500 }, 5_000);
    const sent = track(cli.session.send(PROMPT));
    await runUntil(() => pastes(cli) === 1, 2_000);
    await cli.session.sendKeys(" and mine");
    const keyAt = cli.writes.length;
    await vi.advanceTimersByTimeAsync(4_500);
    expect(sent.settled).toBe(false);
    await runUntil(() => sent.settled, 2_000);
    expect(ElwoodError.is(sent.error, "composer_occupied")).toBe(true);
    expect((sent.error as ElwoodError).details.rule).toBe("person_typed_into_staged_prompt");
    // No Enter, no cleanup keys: the composer is the person's.
    expect(cli.writes.slice(keyAt)).toEqual([]);
    expect(cli.composer).toContain(" and mine");
    expect(cli.received).toEqual([]);
    expect(cli.session.status).toBe("ready");
  });

  it("C-TURN-07: the person sends the merged text themselves: that is the prompt the agent takes, once", async () => {
    const { cli } = await typing({ paste: () => 1_500 });
    const sent = track(cli.session.send(PROMPT));
    await runUntil(() => pastes(cli) === 1, 2_000);
    await cli.session.sendKeys(" and mine");
    await vi.advanceTimersByTimeAsync(3_000);
    await cli.session.sendKeys("\r");
    await runUntil(() => sent.settled);
    expect(cli.received).toHaveLength(1);
    expect(cli.received[0]).toContain(PROMPT);
    expect(cli.enters).toBe(1);
  });

  // Between the guard and the paste the delivery looks twice (the safe-screen wait, the
  // echo baseline; the paste's own look went with the re-paste it served); a key during
  // either types nothing.
  it.each([1, 2])(
    "C-TURN-07: a key that lands during look %i after the guard passed: nothing is typed, composer_occupied",
    async (lookIndex) => {
      const { cli } = await typing();
      let isStarted = false;
      cli.session.on("turn", (event) => {
        if (event.kind === "started") isStarted = true;
      });
      let looks = 0;
      let keyAt: number | undefined;
      cli.onSettled = () => {
        if (keyAt !== undefined || !isStarted) return;
        looks += 1;
        if (looks < lookIndex) return;
        keyAt = cli.writes.length;
        void cli.session.sendKeys(DRAFT);
      };
      const sent = track(cli.session.send(PROMPT));
      await runUntil(() => sent.settled, 10_000);
      expect(keyAt).toBeDefined();
      expect(ElwoodError.is(sent.error, "composer_occupied")).toBe(true);
      expect(cli.writes).toEqual([DRAFT]);
      expect(cli.session.status).toBe("ready");
      await cli.session.sendKeys("\x15");
      const next = track(cli.session.send(PROMPT));
      await runUntil(() => next.settled);
      expect(cli.received).toEqual([PROMPT]);
    },
  );

  // Each look at the screen awaits the render; a key may land during any of them. The
  // looks after the paste shows: the paste wait's, the double check's, the safe-screen
  // wait's and the Enter's own — a key during the last one is caught only by the check
  // made right before the write.
  it("C-TURN-07: a browser terminal's focus report right before the Enter is no person: the prompt goes in once", async () => {
    const { cli } = await typing();
    let looks = 0;
    cli.onSettled = () => {
      if (!cli.composer.includes(PROMPT) || ++looks !== 4) return;
      void cli.session.sendKeys("\x1b[I");
    };
    const sent = track(cli.session.send(PROMPT));
    await runUntil(() => sent.settled, 10_000);
    expect(sent.value).toBe(`ANSWER ${PROMPT}`);
    expect(cli.writes).toContain("\x1b[I");
    expect(cli.received).toEqual([PROMPT]);
  });

  it.each([1, 2, 3, 4])(
    "C-TURN-07: a key that lands during look %i after the paste shows stops the Enter",
    async (lookIndex) => {
      const { cli } = await typing();
      let looks = 0;
      let keyAt: number | undefined;
      cli.onSettled = () => {
        if (keyAt !== undefined || !cli.composer.includes(PROMPT)) return;
        looks += 1;
        if (looks < lookIndex) return;
        keyAt = cli.writes.length;
        void cli.session.sendKeys(" and mine");
      };
      track(cli.session.send(PROMPT));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(keyAt).toBeDefined();
      expect(cli.writes.slice(keyAt)).toEqual([" and mine"]);
      expect(cli.enters).toBe(0);
      expect(cli.received).toEqual([]);
    },
  );
});
