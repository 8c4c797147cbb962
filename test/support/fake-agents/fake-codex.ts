// A scripted stand-in for the Codex 0.171.0 TUI behind the runtime's ports, for fake-clock
// unit tests of Codex turns. It paints Codex's own screens (test/fixtures/screens/codex-
// 0.171.0-*, matched by src/codex/screen/facts.ts): the "›" composer over its status line,
// the dim "Ask Codex to do anything" placeholder, the "• Working (… esc to interrupt)" row
// above the composer, history echoes "› prompt", "■ Conversation interrupted" after an
// Escape, and a long paste as a "[Pasted Content N chars]" chip. Its editing keys are the
// Codex textarea's (Ctrl-U / Ctrl-K kill one line of the draft and, at its edge, the line
// break), as the real-CLI e2e (test/e2e/draft-cleanup.test.ts) exercises. Its hooks are
// Codex's (hook-protocols B5: SessionStart only with the first prompt, UserPromptSubmit,
// Pre/PostToolUse, Stop with last_assistant_message, Interrupt), each validated by the Codex
// hook catalogue as the bridge would, and its rollout is read through the Codex mapper
// (./codex-rollout.ts). Cold start readiness comes from the quiet composer alone.
import { expect, vi } from "vitest";
import { CodexSession } from "../../../src/agents.js";
import { codexAdapter } from "../../../src/codex/adapter.js";
import { codexHookCatalogue } from "../../../src/codex/hooks/catalogue.js";
import type { CodexAnyHookEvent } from "../../../src/codex/hooks/events.js";
import type { SessionRuntime } from "../../../src/core/runtime/runtime.js";
import type { TerminalSnapshot } from "../../../src/terminal/snapshot.js";
import {
  CODEX_ROLLOUT_PATH,
  CODEX_THREAD_ID,
  CodexRollout,
  FakeRolloutReader,
} from "./codex-rollout.js";
import {
  type CliReactions,
  FAKE_WORKSPACE,
  FakeCli,
  type FakeTerminalOptions,
  openSessionOver,
} from "./fake-cli.js";
import { columnsOf, screenFixture, snapshotOf } from "./screens.js";

const WELCOME = screenFixture("codex-0.171.0-composer-cleared");
const APPROVAL = screenFixture("codex-0.171.0-approval");
const ROWS = WELCOME.length;
const COLS = columnsOf(WELCOME);
/** The composer's glyph row on an empty composer; a draft of more rows grows it upward. */
const COMPOSER_ROW = WELCOME.findIndex((line) => line.startsWith("› "));
const HEADER = WELCOME.slice(0, 5);
const SHORTCUTS = WELCOME[ROWS - 1] ?? "";
/** The footer under a draft: Codex drops "← for agents · ? for shortcuts" while one shows. */
const DRAFT_FOOTER = screenFixture("codex-0.171.0-composer-draft").at(-1) ?? "";
const PLACEHOLDER = "Ask Codex to do anything";
const WORKING = "◦ Working (1s • esc to interrupt)";
const INTERRUPTED = "■ Conversation interrupted - use /feedback if something went wrong";
/** Codex shows a paste longer than this as a chip (chat_composer LARGE_PASTE_CHAR_THRESHOLD). */
export const CODEX_PASTE_CHIP_CHARS = 1000;
const WRAP = COLS - 2;

export interface CodexReactions extends CliReactions {
  /** Milliseconds between submission and the UserPromptSubmit hook. */
  readonly hookDelayMs: number;
  /** Milliseconds between submission and the frame with the echo and the working row. */
  readonly repaintDelayMs: number;
  /**
   * Whether Codex starts the turn once the prompt is in its history. False: it waits on its
   * UserPromptSubmit hook (a hook that never returns blocks the turn), so the prompt is
   * echoed but no working row ever shows and the model gets nothing.
   */
  readonly startsTurn: boolean;
  /** Extra milliseconds the model works before its answer (a long turn). */
  readonly thinkMs: number;
  /** A shell tool mid-turn: Codex hides its working row this long while the tool runs. */
  readonly toolGapMs: number;
  /** Milliseconds between the answer on screen and the Stop hook. */
  readonly stopHookDelayMs: number;
  /** Whether an Escape mid-turn interrupts it. */
  readonly isInterruptible: boolean;
  /**
   * Milliseconds the working row stays up after the Stop hook: a starved Codex still
   * finishing its turn (64x2 bench). The answer is on screen and in the rollout already.
   */
  readonly workingAfterStopMs: number;
}

export const CODEX_NORMAL: CodexReactions = {
  paste: () => 50,
  enter: () => ({ submitAfterMs: 50 }),
  hookDelayMs: 100,
  repaintDelayMs: 50,
  deliversHooks: true,
  startsTurn: true,
  thinkMs: 0,
  toolGapMs: 0,
  stopHookDelayMs: 20,
  isInterruptible: true,
  workingAfterStopMs: 0,
  editsComposer: true,
  echoesKeys: false,
};

/** A long paste, shown as its chip until submitted. */
interface Chip {
  readonly label: string;
  readonly text: string;
}

export class FakeCodex extends FakeCli {
  /** Every prompt the model received, one entry per turn Codex started. */
  readonly received: string[] = [];
  /** Every prompt Codex took from its composer (into its history), started or not. */
  readonly submitted: string[] = [];
  readonly runtime: SessionRuntime<CodexAnyHookEvent>;
  readonly session: CodexSession;
  readonly rollout: CodexRollout;
  readonly reader: FakeRolloutReader;
  /** Every hook Codex posted, by name, whether or not it reached the parent. */
  readonly hooksSent: string[] = [];
  reactions: CodexReactions;
  /** The composer's text as Codex shows it (a long paste as its chip); the cursor is at its end. */
  isWorking = false;
  isDialogVisible = false;
  /** The dialog painted while `isDialogVisible` (a tool approval unless a test picks another). */
  dialogLines: readonly string[] = APPROVAL;
  /** What a key does while a dialog shows: nothing unless a test scripts it (issue 47). */
  dialogKey: (key: string) => void = () => {};
  /** Before the TUI is up (a starved Codex still starting): a frame with nothing on it. */
  isBlank = false;
  answerFor: (prompt: string) => string = (prompt) => `ANSWER ${prompt}`;
  readonly #chips: Chip[] = [];
  readonly #history: string[] = [];
  /**
   * Prompts Entered while the working row showed: Codex 0.171 queues them "to be submitted
   * after next tool call", and a turn that makes no further call never sends them.
   */
  readonly steered: string[] = [];
  #threadName: string | undefined;
  #turnId: string | undefined;
  #turns = 0;

  constructor(reactions: Partial<CodexReactions> = {}, terminal: FakeTerminalOptions = {}) {
    const requestedSize = terminal.requestedSize ?? { cols: COLS, rows: ROWS };
    super(requestedSize, terminal);
    this.reactions = { ...CODEX_NORMAL, ...reactions };
    this.rollout = new CodexRollout(() => this.time.now());
    let runtime: SessionRuntime<CodexAnyHookEvent> | undefined;
    this.reader = new FakeRolloutReader({
      rollout: this.rollout,
      map: codexAdapter.createTranscriptMapper(),
      time: this.time,
      sink: {
        onRecord: (record) => runtime?.handleTranscriptRecord(record),
        onItems: (items, path) => runtime?.handleTranscriptItems(items, path),
      },
    });
    const reader = this.reader;
    runtime = this.buildRuntime(codexAdapter as never, terminal, requestedSize, {
      follow: (path) => reader.follow(path),
      catchUp: terminal.catchUp ?? (() => reader.catchUp()),
      setActive: () => {},
      finalFlush: () => reader.finalFlush(),
      stop: () => reader.stop(),
    });
    this.runtime = runtime;
    this.session = openSessionOver(CodexSession, this.runtime as never, requestedSize);
  }

  /** Codex paints its placeholder composer; no hook comes until the first prompt. */
  boot(): void {
    this.render();
  }

  /** The history rows on screen (echoes, answers, banners), oldest first. */
  get history(): readonly string[] {
    return this.#history;
  }

  // ── the screen ───────────────────────────────────────────────────────────

  snapshot(): TerminalSnapshot {
    if (this.isBlank) return snapshotOf(WELCOME.map(() => ""));
    if (this.isDialogVisible) return snapshotOf([...this.dialogLines]);
    const composer = this.#composerRows();
    const composerTop = COMPOSER_ROW - (composer.length - 1);
    const status = `  gpt-5 default · ${FAKE_WORKSPACE}${this.#threadName === undefined ? "" : ` · ${this.#threadName}`}`;
    const footer = this.composer === "" ? SHORTCUTS : DRAFT_FOOTER;
    const bottom = [...composer, "", status.slice(0, COLS), footer];
    let lines: string[];
    if (this.#history.length === 0 && !this.isWorking) {
      // The welcome screen with its logo until the first prompt.
      lines = [...WELCOME.slice(0, composerTop), ...bottom];
    } else {
      const workingRow = composerTop - 3;
      const room = workingRow - HEADER.length;
      const body = [...HEADER, ...this.#history.slice(-room)];
      while (body.length < composerTop) body.push("");
      if (this.isWorking) body[workingRow] = WORKING;
      lines = [...body.slice(0, composerTop), ...bottom];
    }
    const last = composer.at(-1) ?? "";
    const y = COMPOSER_ROW;
    return snapshotOf(lines, { x: last.length, y, isVisible: true });
  }

  // "› " before the first row, two spaces before the others; long rows wrap at the width.
  // The composer grows upward over its blank row and status line, as Codex's does
  // (fixtures codex-0.171.0-composer-draft-*rows).
  #composerRows(): string[] {
    if (this.composer === "") return [`› ${PLACEHOLDER}`];
    const rows: string[] = [];
    for (const line of this.composer.split("\n")) {
      for (let start = 0; start === 0 || start < line.length; start += WRAP) {
        rows.push(line.slice(start, start + WRAP));
      }
    }
    return rows.map((row, index) => `${index === 0 ? "›" : " "} ${row}`.trimEnd());
  }

  // ── input ────────────────────────────────────────────────────────────────

  override sendInput(data: string | Uint8Array): void {
    super.sendInput(data);
    if (this.isDialogVisible) this.dialogKey(this.writes.at(-1) ?? "");
  }

  protected onPaste(text: string): void {
    const delay = this.nextPaste();
    if (delay === "lost" || this.isDialogVisible) return;
    // Codex takes a paste's line breaks as text; a long one becomes a chip.
    const pasted = text.replace(/\r\n?/g, "\n");
    this.later(delay, () => {
      if (pasted.length <= CODEX_PASTE_CHIP_CHARS) {
        this.composer += pasted;
        return;
      }
      const count = this.#chips.filter((chip) => chip.text.length === pasted.length).length;
      const label = `[Pasted Content ${pasted.length} chars]${count === 0 ? "" : ` #${count + 1}`}`;
      this.#chips.push({ label, text: pasted });
      this.composer += label;
    });
  }

  // The Codex textarea with the cursor at the draft's end: Ctrl-U kills back to the start
  // of the line, or (already there) the line break before it; Ctrl-K kills to the end of
  // the line, or the line break after it; Backspace deletes one character, or a whole chip.
  // Ctrl-E moves to the line's end, where the cursor already is.
  protected onEdit(keys: string): void {
    for (const key of keys) {
      const start = this.composer.lastIndexOf("\n") + 1;
      if (key === "\x15") {
        this.composer =
          start === this.composer.length && start > 0
            ? this.composer.slice(0, -1)
            : this.composer.slice(0, start);
      } else if (key === "\x7f") {
        const chip = this.#chips.find((c) => this.composer.endsWith(c.label));
        this.composer = this.composer.slice(0, chip === undefined ? -1 : -chip.label.length);
      }
    }
    for (const chip of [...this.#chips]) {
      if (!this.composer.includes(chip.label)) this.#chips.splice(this.#chips.indexOf(chip), 1);
    }
  }

  protected onEnter(): void {
    const reaction = this.nextEnter();
    if (reaction === "ignored" || this.isDialogVisible) return;
    this.after(reaction.submitAfterMs, () => {
      if (this.composer.trim() === "") return;
      let prompt = this.composer;
      for (const chip of this.#chips) prompt = prompt.replace(chip.label, chip.text);
      const shown = this.composer;
      this.composer = "";
      this.#chips.length = 0;
      if (this.isWorking) {
        this.steered.push(prompt);
        this.render();
        return;
      }
      this.#submit(prompt, shown);
    });
  }

  // Codex drops the turn: no answer and no Stop, the Interrupt hook, an aborted turn in
  // the rollout, and the banner under the prompt.
  protected onEscape(): void {
    const turnId = this.#turnId;
    if (!this.reactions.isInterruptible || turnId === undefined || !this.isWorking) return;
    this.dropTurnSteps();
    this.later(30, () => {
      this.isWorking = false;
      this.#turnId = undefined;
      this.#history.push(INTERRUPTED, "");
      this.rollout.abortTurn(turnId);
      this.hook({ hook_event_name: "Interrupt", ...this.#turnFields(turnId) });
    });
  }

  // Codex takes the prompt: its history echo (and, the first time, the thread's name on the
  // status line), SessionStart with the first prompt, UserPromptSubmit, the working row,
  // the rollout's turn records; then the model's answer, and the Stop hook.
  #submit(prompt: string, shown: string): void {
    this.submitted.push(prompt);
    const turnId = `turn-${++this.#turns}`;
    const isFirst = this.#turns === 1;
    const { hookDelayMs, repaintDelayMs, startsTurn } = this.reactions;
    this.later(repaintDelayMs, () => {
      this.#history.push(...shown.split("\n").map((row, i) => `${i === 0 ? "›" : " "} ${row}`), "");
      this.#threadName ??= prompt.split("\n")[0];
      if (startsTurn) this.isWorking = true;
    });
    if (isFirst) {
      this.after(hookDelayMs, () =>
        this.hook({
          hook_event_name: "SessionStart",
          source: "startup",
          model: "gpt-5",
          permission_mode: "default",
        }),
      );
    }
    this.after(hookDelayMs, () =>
      this.hook({ hook_event_name: "UserPromptSubmit", prompt, ...this.#turnFields(turnId) }),
    );
    if (!startsTurn) return;
    this.#turnId = turnId;
    this.received.push(prompt);
    this.after(Math.max(hookDelayMs, repaintDelayMs) + 10, () => {
      if (isFirst) this.rollout.open(FAKE_WORKSPACE);
      this.rollout.startTurn(turnId, prompt, FAKE_WORKSPACE, isFirst);
    });
    const answer = this.answerFor(prompt);
    const { toolGapMs, thinkMs, stopHookDelayMs } = this.reactions;
    const workingAt = Math.max(hookDelayMs, repaintDelayMs);
    if (toolGapMs > 0) this.#toolCall(turnId, workingAt + 100, toolGapMs);
    const answerAt = workingAt + 300 + toolGapMs + thinkMs;
    const { workingAfterStopMs } = this.reactions;
    this.turnStep(answerAt, () => {
      this.isWorking = workingAfterStopMs > 0;
      this.#turnId = undefined;
      this.#history.push(`• ${answer}`, "");
      this.rollout.reply(turnId, answer);
      this.render();
    });
    this.turnStep(answerAt + stopHookDelayMs, () => {
      this.hook({
        hook_event_name: "Stop",
        ...this.#turnFields(turnId),
        stop_hook_active: false,
        last_assistant_message: answer,
      });
      this.outcome("Stop");
      this.rollout.completeTurn(turnId, answer);
    });
    if (workingAfterStopMs > 0) {
      this.turnStep(answerAt + stopHookDelayMs + workingAfterStopMs, () => {
        this.isWorking = false;
        this.render();
      });
    }
  }

  // A shell call: Codex hides its working row while the tool runs (no Stop in between).
  #toolCall(turnId: string, at: number, gapMs: number): void {
    const callId = `call_${turnId}`;
    const command = "ls";
    this.turnStep(at, () => {
      this.isWorking = false;
      this.#history.push(`• Running ${command}`, "");
      this.hook({
        hook_event_name: "PreToolUse",
        ...this.#turnFields(turnId),
        tool_name: "Bash",
        tool_input: { command },
        tool_use_id: callId,
      });
      this.outcome("PreToolUse");
      this.render();
    });
    this.turnStep(at + gapMs, () => {
      this.isWorking = true;
      this.rollout.toolCall(turnId, callId, command, "Process exited with code 0\nOutput:\n");
      this.hook({
        hook_event_name: "PostToolUse",
        ...this.#turnFields(turnId),
        tool_name: "Bash",
        tool_input: { command },
        tool_use_id: callId,
        tool_response: "",
      });
      this.outcome("PostToolUse");
      this.render();
    });
  }

  #turnFields(turnId: string): Record<string, unknown> {
    return { turn_id: turnId, model: "gpt-5", permission_mode: "default" };
  }

  // ── hooks ────────────────────────────────────────────────────────────────

  /** One hook as Codex posts it, validated by the Codex catalogue as the bridge does. */
  hook(fields: Record<string, unknown>): void {
    const raw = {
      session_id: CODEX_THREAD_ID,
      transcript_path: CODEX_ROLLOUT_PATH,
      cwd: FAKE_WORKSPACE,
      ...fields,
    };
    const parsed = codexHookCatalogue.parse(raw);
    if (!parsed.ok) throw new Error(`FakeCodex sent an invalid hook: ${parsed.message}`);
    this.hooksSent.push(String(fields.hook_event_name));
    if (!this.reactions.deliversHooks) return;
    this.runtime.handleHookEvent(parsed.event);
  }

  showDialog(isVisible: boolean): void {
    this.isDialogVisible = isVisible;
    this.render();
  }
}

/** A booted fake Codex at its first ready: its composer stayed quiet for the settle time. */
export async function readyCodex(reactions: Partial<CodexReactions> = {}): Promise<FakeCodex> {
  const cli = new FakeCodex(reactions);
  cli.boot();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(cli.session.status).toBe("ready");
  return cli;
}
