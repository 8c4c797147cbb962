// answerDialog() (issue 47 item 5, C-ATTN-06): the caller's keys for the dialog an attention
// reported go once the dialog takes keys, again only while that very dialog stays untouched,
// and the answer resolves once it is gone or fails typed within its bound. Fake clock,
// a scripted Codex painting its captured trust dialog and tool approval.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import { type FakeCodex, readyCodex } from "../../../support/fake-agents/fake-codex.js";
import { screenFixture } from "../../../support/fake-agents/screens.js";

const TRUST = screenFixture("codex-0.171.0-directory-trust");
const APPROVAL = screenFixture("codex-0.171.0-approval");

/** A ready Codex that paints its trust dialog now; each key it gets is logged with its time. */
async function codexShowingTrust(): Promise<{
  cli: FakeCodex;
  keys: { key: string; at: number }[];
}> {
  const cli = await readyCodex();
  const keys: { key: string; at: number }[] = [];
  const shownAt = cli.time.now();
  cli.dialogLines = TRUST;
  cli.showDialog(true);
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("blocked");
  const logged = cli.dialogKey;
  cli.dialogKey = (key) => {
    keys.push({ key, at: cli.time.now() - shownAt });
    logged(key);
  };
  return { cli, keys };
}

/** The dialog goes `ms` after a key, with the frame that shows the composer again. */
function closesAfter(cli: FakeCodex, ms: number): void {
  setTimeout(() => cli.showDialog(false), ms);
}

/** Every key the dialog gets is taken: it goes `ms` later. */
function closesOnKey(cli: FakeCodex, ms: number): void {
  const logged = cli.dialogKey;
  cli.dialogKey = (key) => {
    logged(key);
    closesAfter(cli, ms);
  };
}

async function settle<T>(pending: Promise<T>, ms = 30_000): Promise<T> {
  pending.catch(() => undefined);
  await vi.advanceTimersByTimeAsync(ms);
  return pending;
}

describe("answerDialog() confirms a caller's dialog answer (C-ATTN-06)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answered the first time: one Enter, only after the row's 1.5 s since the paint, resolves once the dialog is gone", async () => {
    const { cli, keys } = await codexShowingTrust();
    closesOnKey(cli, 100);
    const answer = await settle(cli.session.answerDialog("\r"));
    expect(answer).toEqual({ label: "codex-directory-trust", presses: 1 });
    expect(keys.map((k) => k.key)).toEqual(["\r"]);
    // Codex drains typeahead after painting: the row's firstKeyAfterMs is 1.5 s.
    expect(keys[0]?.at).toBeGreaterThanOrEqual(1_500);
    expect(keys[0]?.at).toBeLessThan(1_700);
    expect(cli.session.status).toBe("ready");
  });

  it("race (the dropped Enter on a painting dialog): a key lost as the dialog paints is pressed again after 4 s without a frame, and the answer resolves", async () => {
    const { cli, keys } = await codexShowingTrust();
    const logged = cli.dialogKey;
    cli.dialogKey = (key) => {
      logged(key);
      // The first Enter is dropped with nothing painted; the second is taken.
      if (keys.length === 2) closesAfter(cli, 100);
    };
    const answer = await settle(cli.session.answerDialog("\r"));
    expect(answer).toEqual({ label: "codex-directory-trust", presses: 2 });
    expect(keys.map((k) => k.key)).toEqual(["\r", "\r"]);
    expect((keys[1]?.at ?? 0) - (keys[0]?.at ?? 0)).toBeGreaterThanOrEqual(4_000);
    expect(cli.session.status).toBe("ready");
  });

  it("a key lost while the CLI keeps repainting the same dialog is pressed again after 1.5 s", async () => {
    const { cli, keys } = await codexShowingTrust();
    const logged = cli.dialogKey;
    cli.dialogKey = (key) => {
      logged(key);
      if (keys.length === 1) setTimeout(() => cli.render(), 200);
      else closesAfter(cli, 100);
    };
    const answer = await settle(cli.session.answerDialog("\r"));
    expect(answer.presses).toBe(2);
    const gap = (keys[1]?.at ?? 0) - (keys[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(1_500);
    expect(gap).toBeLessThan(2_000);
  });

  it("a slow repaint is waited out: the Enter taken 3 s later gets no second key into the composer", async () => {
    const { cli } = await codexShowingTrust();
    closesOnKey(cli, 3_000);
    const answer = await settle(cli.session.answerDialog("\r"));
    expect(answer.presses).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cli.writes.filter((write) => write === "\r")).toEqual(["\r"]);
    expect(cli.submitted).toEqual([]);
  });

  it("a dialog that never goes fails dialog_not_answered within the bound, after 3 presses, naming the dialog", async () => {
    const { cli, keys } = await codexShowingTrust();
    const started = cli.time.now();
    let failedAt = 0;
    const pending = cli.session.answerDialog("\r", { timeoutMs: 15_000 }).catch((error) => {
      failedAt = cli.time.now() - started;
      throw error;
    });
    const error = await settle(pending, 20_000).catch((caught: unknown) => caught);
    expect(ElwoodError.is(error, "dialog_not_answered")).toBe(true);
    expect((error as ElwoodError).details).toMatchObject({
      label: "codex-directory-trust",
      presses: 3,
      timeoutMs: 15_000,
      isHighlightMoved: false,
    });
    expect((error as ElwoodError).message).toContain("codex-directory-trust");
    expect(keys.map((k) => k.key)).toEqual(["\r", "\r", "\r"]);
    expect(failedAt).toBeGreaterThanOrEqual(15_000);
    expect(failedAt).toBeLessThan(15_100);
    expect(cli.session.status).toBe("blocked");
  });

  it("a different dialog that replaces it ends the answer: no second press goes into it", async () => {
    const { cli, keys } = await codexShowingTrust();
    const logged = cli.dialogKey;
    cli.dialogKey = (key) => {
      logged(key);
      setTimeout(() => {
        cli.dialogLines = APPROVAL;
        cli.render();
      }, 100);
    };
    const answer = await settle(cli.session.answerDialog("\r"));
    expect(answer).toEqual({ label: "codex-directory-trust", presses: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(keys.map((k) => k.key)).toEqual(["\r"]);
    expect(cli.session.status).toBe("blocked");
  });

  it("the next dialog of the same kind (other options) is a new one: the answer resolves, no second press", async () => {
    const { cli, keys } = await codexShowingTrust();
    const logged = cli.dialogKey;
    cli.dialogKey = (key) => {
      logged(key);
      setTimeout(() => {
        cli.dialogLines = TRUST.map((line) => line.replace("Agent Command Center", "folder list"));
        cli.render();
      }, 100);
    };
    const answer = await settle(cli.session.answerDialog("\r"));
    expect(answer).toEqual({ label: "codex-directory-trust", presses: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(keys.map((k) => k.key)).toEqual(["\r"]);
  });

  it("race (the trust dialog still painting): repainted in other text before the first key, it is answered, not resolved with 0 presses", async () => {
    const { cli, keys } = await codexShowingTrust();
    closesOnKey(cli, 100);
    const answered = cli.session.answerDialog("\r");
    // Half a second after the paint, before any key may go: the same dialog, other text.
    setTimeout(() => {
      cli.dialogLines = TRUST.map((line) => line.replace("Agent Command Center", "folder list"));
      cli.render();
    }, 400);
    const answer = await settle(answered);
    expect(answer).toEqual({ label: "codex-directory-trust", presses: 1 });
    expect(keys.map((k) => k.key)).toEqual(["\r"]);
    // The first key waits the row's 1.5 s from the repaint, not from the first paint.
    expect(keys[0]?.at).toBeGreaterThanOrEqual(1_900);
    expect(cli.session.status).toBe("ready");
  });

  it("keys of a list go one at a time; a highlight that moved but stayed is not pressed again", async () => {
    const moved = screenFixture("codex-0.171.0-directory-trust-moved");
    const { cli, keys } = await codexShowingTrust();
    const logged = cli.dialogKey;
    cli.dialogKey = (key) => {
      logged(key);
      // The arrow lands, the Enter is lost.
      if (key !== "\x1b[B") return;
      setTimeout(() => {
        cli.dialogLines = moved;
        cli.render();
      }, 50);
    };
    const error = await settle(
      cli.session.answerDialog(["\x1b[B", "\r"], { timeoutMs: 12_000 }),
    ).catch((caught: unknown) => caught);
    expect(keys.map((k) => k.key)).toEqual(["\x1b[B", "\r"]);
    expect((keys[1]?.at ?? 0) - (keys[0]?.at ?? 0)).toBeGreaterThanOrEqual(400);
    expect(ElwoodError.is(error, "dialog_not_answered")).toBe(true);
    expect((error as ElwoodError).details).toMatchObject({ presses: 1, isHighlightMoved: true });
  });

  it("with no dialog on screen it is refused with dialog_not_shown and writes nothing", async () => {
    const cli = await readyCodex();
    const writes = cli.writes.length;
    const error = await cli.session.answerDialog("\r").catch((caught: unknown) => caught);
    expect(ElwoodError.is(error, "dialog_not_shown")).toBe(true);
    expect((error as ElwoodError).details).toMatchObject({ status: "ready" });
    expect(cli.writes.length).toBe(writes);
  });

  it("bad keys or options are invalid_options before anything is written", async () => {
    const { cli, keys } = await codexShowingTrust();
    for (const [input, options] of [
      ["", undefined],
      [[], undefined],
      [["\r", 3], undefined],
      ["\r", { timeoutMs: -1 }],
      ["\r", "soon"],
    ] as const) {
      const error = await cli.session
        .answerDialog(input as never, options as never)
        .catch((caught: unknown) => caught);
      expect(ElwoodError.is(error, "invalid_options")).toBe(true);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    expect(keys).toEqual([]);
  });
});
