// A scripted stand-in for the Claude TUI behind the runtime's ports, for fake-clock unit
// tests of the core Turn: its frames are the captured 2.1.332 screens (test/fixtures/
// screens) with the composer, spinner and history rows rewritten, and its reactions to a
// paste or an Enter (late, lost, eaten by a dialog, acceptance before repaint…) are set
// per test. It counts what the "model" received, so a test can prove exactly-once.
// The ports, the process and the clock are shared with FakeCodex (./fake-cli.ts).
import { expect, vi } from "vitest";
import { ClaudeSession } from "../../../src/agents.js";
import { claudeAdapter } from "../../../src/claude/adapter.js";
import type { ClaudeAnyHookEvent } from "../../../src/claude/hooks/handlers.js";
import type { TranscriptItem } from "../../../src/core/contract/adapter.js";
import type { SessionRuntime } from "../../../src/core/runtime/runtime.js";
import { bootstrapSize } from "../../../src/core/runtime/runtime-support.js";
import type { TerminalSnapshot } from "../../../src/terminal/snapshot.js";
import {
  type CliReactions,
  FAKE_WORKSPACE,
  FakeCli,
  type FakeTerminalOptions,
  openSessionOver,
} from "./fake-cli.js";
import { columnsOf, screenFixture, snapshotOf } from "./screens.js";

export type { FakeTerminalOptions } from "./fake-cli.js";

const COMPOSER = screenFixture("claude-2.1.332-composer");
const PERMISSION = screenFixture("claude-2.1.332-tool-permission");
const COMPOSER_ROW = COMPOSER.findIndex((line) => /^❯\s*$/.test(line));
const COLS = columnsOf(COMPOSER);
const SPINNER = "✽ Clauding… (1s · esc to interrupt)";
// Claude 2.1.332's line under the prompt after an Escape (test/fixtures/screens/…-interrupted).
const INTERRUPTED = "  ⎿  Interrupted · What should Claude do instead?";

export interface Reactions extends CliReactions {
  /** Milliseconds between submission and the acceptance hook (before or after the repaint). */
  readonly hookDelayMs: number;
  /** Milliseconds between submission and the repaint that clears the composer. */
  readonly repaintDelayMs: number;
  /**
   * Milliseconds between the composer clearing and the prompt's history echo and spinner
   * (a starved CLI paints the cleared composer first and the rest seconds later).
   */
  readonly echoDelayMs: number;
  /** Milliseconds between the Stop hook and the transcript's assistant line. */
  readonly transcriptLagMs: number;
  /**
   * The API error that fails every turn (StopFailure with this `error` and the reply as
   * `last_assistant_message`, as 2.1.332 sends for a 401), or undefined: turns end on Stop.
   */
  readonly stopFailure?: string;
  /**
   * Milliseconds between the answer on screen (spinner gone) and the Stop hook reaching the
   * parent: a starved parent reads the hook's request late (issue 22's overload run).
   */
  stopHookDelayMs(index: number): number;
  /**
   * Transcript lines are written to "disk" in order and the parent reads them only when it
   * catches up (its poller starved) or the test calls readTranscript().
   */
  readonly transcriptReadOnCatchUp: boolean;
  /** Whether the transcript records the prompt (Claude's own local answers may not). */
  readonly recordsPrompt: boolean;
  /** Whether the CLI repaints on its own (a live event loop) while nothing is staged. */
  readonly idleRepaints: boolean;
  /** How long the spinner stays up after the Stop hook (a starved CLI running its Stop hook). */
  readonly stopSpinnerLingerMs: number;
  /** The parent's reply to the index-th Stop hook (`{ decision: "block" }` keeps the turn). */
  stopReply(index: number): unknown;
  /** Extra milliseconds the model works before its answer (a long turn). */
  readonly thinkMs: number;
  /** Whether an Escape mid-turn interrupts it (false: a CLI too busy to take the key). */
  readonly isInterruptible: boolean;
  /**
   * What an Escape leaves: the "Interrupted" banner, or (2.1.332 mid-stream, seen in e2e)
   * no banner and the interrupted prompt put back in the composer.
   */
  readonly interruptShows: "banner" | "prompt in composer";
  /**
   * The prompt hook comes and the composer clears, then nothing: no working row, no answer,
   * no turn-end hook (Gemini's BeforeAgent block refuses a prompt so, at once).
   */
  readonly refusesPrompt: boolean;
}

export const NORMAL: Reactions = {
  paste: () => 50,
  enter: () => ({ submitAfterMs: 50 }),
  hookDelayMs: 100,
  repaintDelayMs: 50,
  echoDelayMs: 0,
  transcriptLagMs: 0,
  stopHookDelayMs: () => 0,
  transcriptReadOnCatchUp: false,
  recordsPrompt: true,
  idleRepaints: false,
  stopSpinnerLingerMs: 0,
  stopReply: () => undefined,
  isInterruptible: true,
  interruptShows: "banner",
  refusesPrompt: false,
  thinkMs: 0,
  echoesKeys: false,
  editsComposer: true,
  deliversHooks: true,
};

export class FakeClaude extends FakeCli {
  /** Every prompt text the "model" received, one entry per submission. */
  readonly received: string[] = [];
  /** The runtime behind the session: the scripted CLI's hooks and transcript go in here. */
  readonly runtime: SessionRuntime<ClaudeAnyHookEvent>;
  /** The public session over that runtime: what the tests drive. */
  readonly session: ClaudeSession;
  reactions: Reactions;
  isWorking = false;
  isDialogVisible = false;
  /** A frame with nothing on it: the CLI repainting between a dialog and its composer. */
  isBlank = false;
  /** A captured screen shown as it is (e.g. "claude-2.1.332-auth-failure"), over everything else. */
  shownFixture: string | undefined;
  answerFor: (prompt: string) => string = (prompt) => `ANSWER ${prompt}`;
  /** Usage items the transcript records after a prompt's answer (none by default). */
  usageFor: (prompt: string) => TranscriptItem[] = () => [];
  readonly #history: string[] = [];
  /** Transcript lines written but not yet read by the parent (transcriptReadOnCatchUp). */
  readonly #onDisk: TranscriptItem[][] = [];
  #stops = 0;
  #isRepainting = false;
  #stopRepainting: () => void = () => {};

  constructor(reactions: Partial<Reactions> = {}, terminal: FakeTerminalOptions = {}) {
    const requestedSize = terminal.requestedSize ?? { cols: COLS, rows: COMPOSER.length };
    super(bootstrapSize(claudeAdapter.bootstrapMinCols, requestedSize), terminal);
    this.reactions = { ...NORMAL, ...reactions };
    this.runtime = this.buildRuntime(claudeAdapter as never, terminal, requestedSize, {
      follow: () => {},
      catchUp:
        terminal.catchUp ??
        (async () => {
          this.readTranscript();
        }),
      setActive: () => {},
      finalFlush: async () => {},
      stop: () => {},
    });
    // The real ClaudeSession, opened over this runtime instead of a launched CLI.
    this.session = openSessionOver(ClaudeSession, this.runtime as never, requestedSize);
  }

  /** SessionStart, then a quiet idle composer: Claude's first readiness. */
  boot(): void {
    this.hook({ hook_event_name: "SessionStart", source: "startup" });
    this.render();
    if (this.reactions.idleRepaints) {
      this.#isRepainting = true;
      this.#repaint();
    }
  }

  // A live event loop repaints every 500 ms, on the one clock.
  #repaint(): void {
    this.#stopRepainting = this.after(500, () => {
      if (!this.#isRepainting) return;
      this.render();
      this.#repaint();
    });
  }

  override dispose(): void {
    this.#isRepainting = false;
    this.#stopRepainting();
  }

  // ── TerminalPort ─────────────────────────────────────────────────────────

  snapshot(): TerminalSnapshot {
    if (this.shownFixture !== undefined) return snapshotOf(screenFixture(this.shownFixture));
    if (this.isBlank) return snapshotOf(COMPOSER.map(() => ""));
    const lines = this.isDialogVisible ? [...PERMISSION] : [...COMPOSER];
    if (!this.isDialogVisible) {
      this.#history.forEach((line, index) => {
        lines[5 + index] = line;
      });
      if (this.isWorking) lines[COMPOSER_ROW - 3] = SPINNER;
      // A draft of several rows grows the input box upward, as Claude's does.
      const [first = "", ...more] = this.composer.split("\n");
      lines.splice(COMPOSER_ROW, 1, `❯ ${first}`, ...more.map((row) => `  ${row}`));
      lines.splice(0, more.length);
    }
    return snapshotOf(lines, { x: 2, y: COMPOSER_ROW, isVisible: true });
  }

  // Claude's editing keys with the cursor at the draft's end: Ctrl-U and Ctrl-K kill the
  // cursor's row only (so a draft of several rows needs a round per row), Backspace joins
  // the row to the one above.
  protected onEdit(keys: string): void {
    for (const key of keys) {
      if (key === "\x15")
        this.composer = this.composer.slice(0, this.composer.lastIndexOf("\n") + 1);
      else if (key === "\x7f") this.composer = this.composer.slice(0, -1);
    }
  }

  // ── the scripted CLI ─────────────────────────────────────────────────────

  hook(fields: Record<string, unknown>): void {
    if (!this.reactions.deliversHooks) return;
    const event = { session_id: "agent-1", cwd: FAKE_WORKSPACE, ...fields };
    this.runtime.handleHookEvent(event as unknown as ClaudeAnyHookEvent);
  }

  /** Claude ends the work a blocked Stop sent it back to: idle composer, then an unblocked Stop. */
  finishContinuedTurn(answer: string): void {
    this.isWorking = false;
    this.#history.push(`● ${answer}`);
    this.render();
    this.hook({ hook_event_name: "Stop", stop_hook_active: true, last_assistant_message: answer });
    this.outcome("Stop");
  }

  showDialog(isVisible: boolean): void {
    this.isDialogVisible = isVisible;
    this.render();
  }

  protected onPaste(text: string): void {
    const delay = this.nextPaste();
    if (delay === "lost" || this.isDialogVisible) return;
    this.later(delay, () => {
      this.composer += text;
    });
  }

  // Claude drops the turn at once: no answer, no Stop hook; the banner says so.
  protected onEscape(): void {
    if (!this.reactions.isInterruptible || !this.dropTurnSteps()) return;
    this.later(30, () => {
      this.isWorking = false;
      if (this.reactions.interruptShows === "banner") this.#history.push(INTERRUPTED);
      else this.composer = this.received.at(-1) ?? "";
    });
  }

  protected onEnter(): void {
    const reaction = this.nextEnter();
    if (reaction === "ignored" || this.isDialogVisible) return;
    this.after(reaction.submitAfterMs, () => {
      const prompt = this.composer;
      if (prompt.length === 0) return;
      this.#submit(prompt);
    });
  }

  // The CLI takes the prompt: the hook and the repaint in their scripted order, then the
  // model's answer, the Stop hook, and the transcript lines (possibly after the Stop).
  #submit(prompt: string): void {
    this.received.push(prompt);
    const { hookDelayMs, repaintDelayMs, transcriptLagMs } = this.reactions;
    this.after(hookDelayMs, () => this.hook({ hook_event_name: "UserPromptSubmit", prompt }));
    if (this.reactions.refusesPrompt) {
      this.later(repaintDelayMs, () => {
        this.composer = "";
      });
      return;
    }
    const { echoDelayMs } = this.reactions;
    const showTaken = () => {
      this.#history.push(`❯ ${prompt}`);
      this.isWorking = true;
    };
    this.later(repaintDelayMs, () => {
      this.composer = "";
      if (echoDelayMs === 0) showTaken();
    });
    if (echoDelayMs > 0) this.later(repaintDelayMs + echoDelayMs, showTaken);
    const answer = this.answerFor(prompt);
    const workingAt = Math.max(hookDelayMs, repaintDelayMs + echoDelayMs);
    const stopAt = workingAt + 300 + this.reactions.thinkMs;
    // A Stop the parent blocks sends Claude back to work: its spinner stays up.
    const stopIndex = this.#stops++;
    const stopReply = this.reactions.stopReply(stopIndex);
    const isContinued = (stopReply as { decision?: unknown } | undefined)?.decision === "block";
    const userLine = [{ kind: "user_message", text: prompt, raw: {} } as const];
    this.after(10, () => {
      if (!this.reactions.recordsPrompt) return;
      if (this.reactions.transcriptReadOnCatchUp) this.#onDisk.push([...userLine]);
      else this.#transcript([...userLine]);
    });
    const assistantLine: TranscriptItem[] = [
      { kind: "assistant_message", text: answer, raw: {} },
      ...this.usageFor(prompt),
    ];
    this.turnStep(stopAt, () => {
      this.isWorking = isContinued || this.reactions.stopSpinnerLingerMs > 0;
      this.#history.push(`● ${answer}`);
      if (this.reactions.transcriptReadOnCatchUp) this.#onDisk.push([...assistantLine]);
      this.render();
    });
    if (this.reactions.stopSpinnerLingerMs > 0) {
      this.later(stopAt + 20 + this.reactions.stopSpinnerLingerMs, () => {
        this.isWorking = false;
      });
    }
    this.turnStep(stopAt + 20 + this.reactions.stopHookDelayMs(stopIndex), () => {
      const error = this.reactions.stopFailure;
      if (error !== undefined) {
        this.hook({ hook_event_name: "StopFailure", error, last_assistant_message: answer });
        this.outcome("StopFailure");
        return;
      }
      this.hook({
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: answer,
      });
      this.outcome("Stop", stopReply);
    });
    if (!this.reactions.transcriptReadOnCatchUp) {
      this.turnStep(stopAt + 20 + transcriptLagMs, () => this.#transcript([...assistantLine]));
    }
  }

  /** The parent reads every transcript line written so far, in file order. */
  readTranscript(): void {
    for (const items of this.#onDisk.splice(0)) this.#transcript(items);
  }

  #transcript(items: TranscriptItem[]): void {
    this.runtime.handleTranscriptItems(items, "/tmp/fake-transcript.jsonl");
  }
}

/** A booted fake Claude at its first ready (the fake clock advanced past boot). */
export async function ready(reactions: Partial<Reactions> = {}): Promise<FakeClaude> {
  const cli = new FakeClaude(reactions);
  cli.boot();
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("ready");
  return cli;
}
