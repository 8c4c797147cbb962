// Codex turns over the real CodexSession and runtime, with Codex's own screens, hooks and
// rollout (test/support/fake-agents/fake-codex.ts): a turn answered from the rollout, a
// prompt Codex echoed without any acceptance signal, failed drafts on Codex's composer
// (its placeholder, its paste chip), a tool that hides the working row mid-turn, and
// interrupt() ending on Codex's "Conversation interrupted" banner. Fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DELIVERY_BOUNDS } from "../../../../src/core/turn/delivery.js";
import { ElwoodError } from "../../../../src/errors.js";
import { CODEX_ROLLOUT_PATH } from "../../../support/fake-agents/codex-rollout.js";
import {
  CODEX_PASTE_CHIP_CHARS,
  type CodexReactions,
  type FakeCodex,
  readyCodex,
} from "../../../support/fake-agents/fake-codex.js";
import { settle } from "../../../support/fake-agents/settle.js";
import { track } from "../../../support/fake-agents/track.js";

const PROMPT = "SAY<<codex-token-1234>>";
const ESCAPE = "\x1b";
const ENTER_IGNORED = { enter: () => "ignored" as const };
const ENTER_WORKS = { enter: () => ({ submitAfterMs: 50 }) };

const pasteCount = (cli: FakeCodex) => cli.writes.filter((w) => w.startsWith("\x1b[200~")).length;
const rolloutTypes = (cli: FakeCodex) =>
  cli.rollout.lines.map((line) => {
    const { type, payload } = JSON.parse(line) as { type: string; payload: { type?: string } };
    return payload.type === undefined || type !== "event_msg" ? type : payload.type;
  });

describe("Codex turns over FakeCodex (Codex 0.171.0 screens, hooks, rollout)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a turn is answered from the rollout the hooks named: one paste, one Enter, the reply", async () => {
    const cli = await readyCodex();
    // Cold start: no hook before the first prompt; the quiet composer made it ready.
    expect(cli.hooksSent).toEqual([]);
    const turns: string[] = [];
    const texts: string[] = [];
    cli.session.on("turn", (event) => {
      turns.push(event.kind);
      if (event.kind === "content" && event.event.type === "text") texts.push(event.event.text);
    });
    expect(await settle(cli.session.send(PROMPT))).toBe(`ANSWER ${PROMPT}`);
    expect(cli.reader.followed).toBe(CODEX_ROLLOUT_PATH);
    expect(texts).toEqual([`ANSWER ${PROMPT}`]);
    expect(turns).toEqual(["started", "accepted", "content", "ended"]);
    expect(cli.received).toEqual([PROMPT]);
    expect(pasteCount(cli)).toBe(1);
    expect(cli.enters).toBe(1);
    expect(cli.hooksSent).toEqual(["SessionStart", "UserPromptSubmit", "Stop"]);
    expect(cli.session.status).toBe("ready");

    // SessionStart came with the first prompt only; the next turn reads on in the same file.
    const second = "SAY<<codex-token-second>>";
    expect(await settle(cli.session.send(second))).toBe(`ANSWER ${second}`);
    expect(cli.hooksSent.filter((name) => name === "SessionStart")).toHaveLength(1);
    expect(cli.received).toEqual([PROMPT, second]);
  });

  it("hooks never arrive and Codex only echoes the prompt: prompt_not_accepted at the bound, pasted once, nothing erased", async () => {
    // Codex waits on its UserPromptSubmit hook before it starts the turn; the bridge never
    // answers. The prompt left the composer into the history, with no sign of acceptance.
    const cli = await readyCodex({ deliversHooks: false, startsTurn: false });
    const turns: string[] = [];
    cli.session.on("turn", (event) => turns.push(event.kind));
    const error = await settle(cli.session.send(PROMPT), DELIVERY_BOUNDS.acceptanceMs + 10_000);
    expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
    expect((error as ElwoodError).details).toEqual({
      rule: "prompt_echoed_without_acceptance_signal",
      acceptanceMs: DELIVERY_BOUNDS.acceptanceMs,
      enters: 1,
    });
    expect(cli.history).toContain(`› ${PROMPT}`);
    expect(cli.submitted).toEqual([PROMPT]);
    expect(cli.received).toEqual([]);
    expect(pasteCount(cli)).toBe(1);
    // The text left the composer: no cleanup keys for a draft that is not there.
    expect(cli.writes.filter((write) => write.includes("\x15"))).toEqual([]);
    expect(turns).toEqual(["started", "failed"]);
    expect(cli.session.status).toBe("ready");
  });

  it("a prompt left staged in Codex's composer is killed with Ctrl-U Ctrl-K until the placeholder is back; the next send() goes in alone", async () => {
    const cli = await readyCodex(ENTER_IGNORED);
    const error = await settle(cli.session.send(PROMPT));
    expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
    expect((error as ElwoodError).details).toMatchObject({
      rule: "composer_holds_prompt",
      draftCleared: true,
    });
    expect(cli.writes.at(-1)).toBe("\x15\x0b");
    expect(cli.composer).toBe("");
    expect(cli.snapshot().lines).toContain("› Ask Codex to do anything");
    expect(cli.received).toEqual([]);

    cli.reactions = { ...cli.reactions, ...ENTER_WORKS };
    const next = "SAY<<after-the-failed-draft>>";
    expect(await settle(cli.session.send(next))).toBe(`ANSWER ${next}`);
    expect(cli.received).toEqual([next]);
  });

  // Codex grows its composer upward for a draft of several rows, its status line staying at
  // the bottom (fixtures codex-0.171.0-composer-draft-*rows): the "›" row is then more than
  // two rows above the status line, and a composer fact that looked only two rows down saw
  // no composer, left the draft, and the next prompt was typed onto it and sent with it.
  it.each([
    ["two rows", "Two rows of text\nSAY<<codex-rows-2>>", 2],
    ["five rows", "one\ntwo\nthree\nfour\nSAY<<codex-rows-5>>", 5],
    ["a line wrapped over three rows", `SAY<<codex-wrapped>> ${"wrapped ".repeat(50)}`, 3],
  ])(
    "a prompt of %s left staged in Codex's composer is cleared row by row; the next send() goes in alone",
    async (_name, prompt, rows) => {
      const cli = await readyCodex(ENTER_IGNORED);
      const error = await settle(cli.session.send(prompt));
      expect(ElwoodError.is(error, "prompt_not_accepted")).toBe(true);
      expect((error as ElwoodError).details).toMatchObject({
        rule: "composer_holds_prompt",
        draftCleared: true,
      });
      // One Ctrl-U Ctrl-K per screen row, joined by Backspaces.
      expect(cli.writes).toContain(Array.from({ length: rows }, () => "\x15\x0b").join("\x7f"));
      expect(cli.composer).toBe("");
      expect(cli.snapshot().lines).toContain("› Ask Codex to do anything");
      expect(cli.received).toEqual([]);

      cli.reactions = { ...cli.reactions, ...ENTER_WORKS };
      const next = "SAY<<after-the-rows>>";
      expect(await settle(cli.session.send(next))).toBe(`ANSWER ${next}`);
      expect(cli.received).toEqual([next]);
    },
  );

  it("a long prompt staged as Codex's [Pasted Content N chars] chip is recognized as ours, cleared, and never sent with the next", async () => {
    const cli = await readyCodex(ENTER_IGNORED);
    const long = `SAY<<chip-token>> ${"x".repeat(CODEX_PASTE_CHIP_CHARS)}`;
    const error = await settle(cli.session.send(long));
    expect((error as ElwoodError).details).toMatchObject({
      rule: "composer_holds_prompt",
      draftCleared: true,
    });
    expect(cli.composer).toBe("");

    cli.reactions = { ...cli.reactions, ...ENTER_WORKS };
    const next = "SAY<<after-the-chip>>";
    expect(await settle(cli.session.send(next))).toBe(`ANSWER ${next}`);
    expect(cli.received).toEqual([next]);
  });

  it("a tool hides Codex's working row mid-turn: the hook-driven turn does not end on that idle screen", async () => {
    const cli = await readyCodex({ toolGapMs: 3_000 });
    const statuses: string[] = [];
    cli.session.on("status", (event) => statuses.push(event.status));
    expect(await settle(cli.session.send(PROMPT))).toBe(`ANSWER ${PROMPT}`);
    expect(statuses).toEqual(["running", "ready"]);
    expect(cli.hooksSent).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "Stop",
    ]);
  });

  /** A turn Codex is working on: the prompt went in and the working row is up. */
  async function midTurn(reactions: Partial<CodexReactions> = {}): Promise<FakeCodex> {
    const cli = await readyCodex({ thinkMs: 30_000, ...reactions });
    void cli.session.sendMessage("LONG-task");
    for (let spent = 0; !cli.isWorking && spent < 5_000; spent += 10) {
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(200);
    expect(cli.session.status).toBe("running");
    return cli;
  }

  it("C-API-38: interrupt() sends one Escape; Codex's 'Conversation interrupted' banner ends the turn with no Stop, and the next turn runs", async () => {
    const cli = await midTurn();
    const statuses: string[] = [];
    cli.session.on("status", (event) => statuses.push(event.status));
    const interrupted = track(cli.session.interrupt());
    expect(cli.writes.filter((write) => write === ESCAPE)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(interrupted).toEqual({ settled: true });
    expect(cli.session.status).toBe("ready");
    expect(cli.session.statusDecisions().at(-1)).toMatchObject({
      evidence: "screen_idle",
      from: "running",
      to: "ready",
      reason: "fresh interrupt banner",
    });
    expect(cli.hooksSent).toContain("Interrupt");
    expect(cli.hooksSent).not.toContain("Stop");
    expect(rolloutTypes(cli)).toContain("turn_aborted");

    cli.reactions = { ...cli.reactions, thinkMs: 0 };
    const next = "SAY<<after-the-interrupt>>";
    expect(await settle(cli.session.send(next))).toBe(`ANSWER ${next}`);
    expect(statuses).toEqual(["ready", "running", "ready"]);
    expect(cli.writes.filter((write) => write === ESCAPE)).toHaveLength(1);
  });

  it("the next prompt waits until Codex's working row is gone after a Stop: typed earlier, Codex would hold it for a tool call that never comes", async () => {
    // 64x2 bench (load 120): the Stop hook came while Codex still showed "Working"; the
    // next prompt, pasted and Entered then, went into Codex's "Messages to be submitted
    // after next tool call" and the turn failed wait_timeout with the model never asked.
    const cli = await readyCodex({ workingAfterStopMs: 4_000 });
    expect(await settle(cli.session.send(PROMPT))).toBe(`ANSWER ${PROMPT}`);
    const second = "SAY<<codex-token-after-stop>>";
    expect(await settle(cli.session.send(second), 30_000)).toBe(`ANSWER ${second}`);
    expect(cli.steered).toEqual([]);
    expect(cli.received).toEqual([PROMPT, second]);
    expect(pasteCount(cli)).toBe(2);
  });
});
