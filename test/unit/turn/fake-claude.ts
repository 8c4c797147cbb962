// A scripted stand-in for the Claude TUI behind the runtime's ports, for fake-clock unit
// tests of the core Turn: its frames are the captured 2.1.332 screens (test/fixtures/
// screens) with the composer, spinner and history rows rewritten, and its reactions to a
// paste or an Enter (late, lost, eaten by a dialog, acceptance before repaint…) are set
// per test. It counts what the "model" received, so a test can prove exactly-once.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, vi } from "vitest";
import { ClaudeSession, type ClaudeSessionOptions } from "../../../src/agents.js";
import type { HookOutcome } from "../../../src/bridge/outcome.js";
import { claudeAdapter } from "../../../src/claude/adapter.js";
import type { ClaudeAnyHookEvent } from "../../../src/claude/hooks/handlers.js";
import type { TranscriptItem } from "../../../src/core/contract/adapter.js";
import type { TerminalPort, TerminalSnapshot } from "../../../src/core/contract/ports.js";
import type { ElwoodTerminalSize } from "../../../src/core/contract/status.js";
import { SessionRuntime } from "../../../src/core/runtime/runtime.js";
import { bootstrapSize } from "../../../src/core/runtime/runtime-support.js";
import { SESSION_OPENER } from "../../../src/session/define-agent.js";
import { PASTE_END, PASTE_START } from "../../../src/terminal/input.js";

const SCREENS = join(import.meta.dirname, "../../fixtures/screens");

function fixture(name: string): string[] {
  return readFileSync(join(SCREENS, `${name}.txt`), "utf8")
    .replace(/\n$/, "")
    .split("\n");
}

const COMPOSER = fixture("claude-2.1.332-composer");
const PERMISSION = fixture("claude-2.1.332-tool-permission");
const COMPOSER_ROW = COMPOSER.findIndex((line) => /^❯\s*$/.test(line));
const COLS = Math.max(...COMPOSER.map((line) => line.length));
const SPINNER = "✽ Clauding… (1s · esc to interrupt)";
// Claude 2.1.332's line under the prompt after an Escape (test/fixtures/screens/…-interrupted).
const INTERRUPTED = "  ⎿  Interrupted · What should Claude do instead?";

export interface Reactions {
  /** Milliseconds before a paste shows in the composer; "lost" swallows it. */
  paste(index: number): number | "lost";
  /** What the Enter does: submit the staged text after `ms`, or nothing. */
  enter(index: number): { readonly submitAfterMs: number } | "ignored";
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
  /** A pause mid-turn with the spinner gone and an idle composer (Codex running a tool). */
  readonly midTurnIdleMs: number;
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
  /** Whether typed keys (printable text, not a paste) show in the composer, as a person's do. */
  readonly echoesKeys: boolean;
  /** Whether hooks reach the parent (false: the bridge timed out on every one, as under load). */
  readonly deliversHooks: boolean;
  /** Whether editing keys (Ctrl-U, Ctrl-K, Backspace) do anything (false: a CLI that drops them). */
  readonly editsComposer: boolean;
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
  midTurnIdleMs: 0,
  stopSpinnerLingerMs: 0,
  stopReply: () => undefined,
  isInterruptible: true,
  interruptShows: "banner",
  thinkMs: 0,
  echoesKeys: false,
  editsComposer: true,
  deliversHooks: true,
};

/** The PTY side: the size the caller asked for (Claude boots at ≥ 100 columns) and resize faults. */
export interface FakeTerminalOptions {
  readonly requestedSize?: ElwoodTerminalSize;
  /** Thrown by every resize() (a PTY that refuses it). */
  readonly resizeError?: Error;
  /** A resumed conversation (readiness rules differ from a cold start). */
  readonly isResume?: boolean;
  /** Replaces the transcript port's catch-up (by default everything is read at once). */
  readonly catchUp?: () => Promise<void>;
  /** Replaces the state port's conversation-id write (by default a no-op). */
  readonly persistAgentSessionId?: (agentSessionId: string) => Promise<void>;
  /** The session's `composerWaitMs` (the runtime's default when absent). */
  readonly composerWaitMs?: number;
}

export class FakeClaude implements TerminalPort {
  size: ElwoodTerminalSize = { cols: COLS, rows: COMPOSER.length };
  /** Each resize() that reached the PTY, in order, with how many writes came before it. */
  readonly resizes: { readonly size: ElwoodTerminalSize; readonly afterWrites: number }[] = [];
  readonly title = "";
  renderFailed = false;
  readonly writes: string[] = [];
  /** Signals sent to the CLI process, and the process groups reaped, in order. */
  readonly signals: string[] = [];
  readonly reaped: number[] = [];
  /** Elwood-owned state the runtime removed (kill: loops; teardown: the session). */
  readonly stateCalls: string[] = [];
  /** Every prompt text the "model" received, one entry per submission. */
  readonly received: string[] = [];
  /** The runtime behind the session: the scripted CLI's hooks and transcript go in here. */
  readonly runtime: SessionRuntime<ClaudeAnyHookEvent>;
  /** The public session over that runtime: what the tests drive. */
  readonly session: ClaudeSession;
  reactions: Reactions;
  composer = "";
  isWorking = false;
  isDialogVisible = false;
  /** A frame with nothing on it: the CLI repainting between a dialog and its composer. */
  isBlank = false;
  /** A captured screen shown as it is (e.g. "claude-2.1.332-auth-failure"), over everything else. */
  shownFixture: string | undefined;
  answerFor: (prompt: string) => string = (prompt) => `ANSWER ${prompt}`;
  /** Called on every settled() (each look the runtime takes): a test's key can land mid-look. */
  onSettled: () => void = () => {};
  /** Usage items the transcript records after a prompt's answer (none by default). */
  usageFor: (prompt: string) => TranscriptItem[] = () => [];
  readonly #history: string[] = [];
  /** Transcript lines written but not yet read by the parent (transcriptReadOnCatchUp). */
  readonly #onDisk: TranscriptItem[][] = [];
  readonly #renderListeners = new Set<() => void>();
  readonly #renderFailedListeners = new Set<() => void>();
  readonly #exitListeners = new Set<(exit: { exitCode: number; signal?: number }) => void>();
  /** The running turn's scheduled steps (answer, Stop hook, transcript): an Escape drops them. */
  readonly #turnSteps = new Set<ReturnType<typeof setTimeout>>();
  #pastes = 0;
  #stops = 0;
  #enters = 0;
  #idleTimer: ReturnType<typeof setInterval> | undefined;

  readonly #resizeError: Error | undefined;

  constructor(reactions: Partial<Reactions> = {}, terminal: FakeTerminalOptions = {}) {
    this.reactions = { ...NORMAL, ...reactions };
    this.#resizeError = terminal.resizeError;
    const requestedSize = terminal.requestedSize ?? this.size;
    this.size = bootstrapSize(claudeAdapter.bootstrapMinCols, requestedSize);
    this.runtime = new SessionRuntime<ClaudeAnyHookEvent>({
      adapter: claudeAdapter as never,
      elwoodSessionId: "test-session",
      cwd: "/tmp/fake-workspace",
      autotrust: false,
      isResume: terminal.isResume ?? false,
      ...(terminal.composerWaitMs === undefined ? {} : { composerWaitMs: terminal.composerWaitMs }),
      terminal: this,
      process: {
        pid: 4242,
        onExit: (listener) => {
          this.#exitListeners.add(listener);
          return () => this.#exitListeners.delete(listener);
        },
        // The CLI dies of any signal a moment later, as a real process would.
        kill: (signal) => {
          this.signals.push(signal ?? "SIGHUP");
          setTimeout(() => this.exit(signal === "SIGKILL" ? 137 : 0), 10);
        },
      },
      transcript: {
        follow: () => {},
        catchUp:
          terminal.catchUp ??
          (async () => {
            this.readTranscript();
          }),
        setActive: () => {},
        finalFlush: async () => {},
        stop: () => {},
      },
      state: {
        persistAgentSessionId: terminal.persistAgentSessionId ?? (async () => {}),
        removeLoops: async () => {
          this.stateCalls.push("removeLoops");
        },
        removeSession: async () => {
          this.stateCalls.push("removeSession");
        },
      },
      bridge: { close: async () => {} },
      reap: (pid) => {
        this.reaped.push(pid);
        return true;
      },
      requestedSize,
    });
    const runtime = this.runtime;
    // The real ClaudeSession, opened over this runtime instead of a launched CLI.
    this.session = new ClaudeSession({
      cwd: "/tmp/fake-workspace",
      initialSize: requestedSize,
      [SESSION_OPENER]: async (observe: (runtime: never) => void) => {
        observe(runtime as never);
        return { runtime: runtime as never, resumed: false };
      },
    } as ClaudeSessionOptions);
    // Started at once, as a factory would: every method call goes straight to the runtime.
    void this.session.start();
  }

  /** SessionStart, then a quiet idle composer: Claude's first readiness. */
  boot(): void {
    this.hook({ hook_event_name: "SessionStart", source: "startup" });
    this.render();
    if (this.reactions.idleRepaints) this.#idleTimer = setInterval(() => this.render(), 500);
  }

  dispose(): void {
    clearInterval(this.#idleTimer);
  }

  get pastes(): number {
    return this.#pastes;
  }

  get enters(): number {
    return this.#enters;
  }

  // ── TerminalPort ─────────────────────────────────────────────────────────

  snapshot(): TerminalSnapshot {
    if (this.shownFixture !== undefined) {
      const lines = fixture(this.shownFixture);
      return { lines, text: lines.join("\n"), cursor: { x: 0, y: 0, isVisible: false } };
    }
    if (this.isBlank) {
      const blank = COMPOSER.map(() => "");
      return { lines: blank, text: blank.join("\n"), cursor: { x: 0, y: 0, isVisible: false } };
    }
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
    return { lines, text: lines.join("\n"), cursor: { x: 2, y: COMPOSER_ROW, isVisible: true } };
  }

  sendInput(data: string | Uint8Array): void {
    const text = typeof data === "string" ? data : Buffer.from(data).toString("utf8");
    this.writes.push(text);
    if (text.startsWith(PASTE_START))
      this.#onPaste(text.slice(PASTE_START.length, -PASTE_END.length));
    else if (text === "\r") this.#onEnter();
    else if (text === "\x1b") this.#onEscape();
    else if (this.reactions.echoesKeys && /^[^\x00-\x1f\x7f]+$/.test(text))
      this.#later(20, () => (this.composer += text));
    else if (/^[\x05\x0b\x15\x7f]+$/.test(text) && this.reactions.editsComposer)
      this.#later(0, () => this.#edit(text));
  }

  // Claude's editing keys with the cursor at the draft's end: Ctrl-U and Ctrl-K kill the
  // cursor's row only (so a draft of several rows needs a round per row), Backspace joins
  // the row to the one above.
  #edit(keys: string): void {
    for (const key of keys) {
      if (key === "\x15")
        this.composer = this.composer.slice(0, this.composer.lastIndexOf("\n") + 1);
      else if (key === "\x7f") this.composer = this.composer.slice(0, -1);
    }
  }

  resize(size: ElwoodTerminalSize): void {
    if (this.#resizeError !== undefined) throw this.#resizeError;
    this.resizes.push({ size, afterWrites: this.writes.length });
    this.size = size;
  }

  settled(): Promise<void> {
    this.onSettled();
    return Promise.resolve();
  }

  onData(): () => void {
    return () => {};
  }

  onRender(listener: () => void): () => void {
    this.#renderListeners.add(listener);
    return () => this.#renderListeners.delete(listener);
  }

  onRenderFailed(listener: () => void): () => void {
    this.#renderFailedListeners.add(listener);
    return () => this.#renderFailedListeners.delete(listener);
  }

  /** The screen stops following the PTY for good, as a stalled parser makes it. */
  failRendering(): void {
    this.renderFailed = true;
    for (const listener of [...this.#renderFailedListeners]) listener();
  }

  // ── the scripted CLI ─────────────────────────────────────────────────────

  render(): void {
    for (const listener of [...this.#renderListeners]) listener();
  }

  hook(fields: Record<string, unknown>): void {
    if (!this.reactions.deliversHooks) return;
    const event = { session_id: "agent-1", cwd: "/tmp/fake-workspace", ...fields };
    this.runtime.handleHookEvent(event as unknown as ClaudeAnyHookEvent);
  }

  /** A dispatch outcome; `reply` is what the parent's handler answered (none by default). */
  outcome(hookEventName: string, reply?: unknown): void {
    if (!this.reactions.deliversHooks) return;
    const outcome: HookOutcome = {
      hookEventName,
      failedOpen: false,
      hasHandler: reply !== undefined,
      ...(reply === undefined ? {} : { reply }),
    };
    this.runtime.handleHookOutcome(outcome);
  }

  /** Claude ends the work a blocked Stop sent it back to: idle composer, then an unblocked Stop. */
  finishContinuedTurn(answer: string): void {
    this.isWorking = false;
    this.#history.push(`● ${answer}`);
    this.render();
    this.hook({ hook_event_name: "Stop", stop_hook_active: true, last_assistant_message: answer });
    this.outcome("Stop");
  }

  /** The CLI process ends on its own (it crashed, or the user typed /exit). */
  exit(exitCode: number): void {
    for (const listener of [...this.#exitListeners]) listener({ exitCode });
  }

  showDialog(isVisible: boolean): void {
    this.isDialogVisible = isVisible;
    this.render();
  }

  #onPaste(text: string): void {
    const index = this.#pastes;
    this.#pastes += 1;
    const delay = this.reactions.paste(index);
    if (delay === "lost" || this.isDialogVisible) return;
    this.#later(delay, () => {
      this.composer += text;
    });
  }

  // Claude drops the turn at once: no answer, no Stop hook; the banner says so.
  #onEscape(): void {
    if (!this.reactions.isInterruptible || this.#turnSteps.size === 0) return;
    for (const step of this.#turnSteps) clearTimeout(step);
    this.#turnSteps.clear();
    this.#later(30, () => {
      this.isWorking = false;
      if (this.reactions.interruptShows === "banner") this.#history.push(INTERRUPTED);
      else this.composer = this.received.at(-1) ?? "";
    });
  }

  /** One step of the running turn, dropped if the turn is interrupted first. */
  #turnStep(ms: number, step: () => void): void {
    const handle = setTimeout(() => {
      this.#turnSteps.delete(handle);
      step();
    }, ms);
    this.#turnSteps.add(handle);
  }

  #onEnter(): void {
    const index = this.#enters;
    this.#enters += 1;
    const reaction = this.reactions.enter(index);
    if (reaction === "ignored" || this.isDialogVisible) return;
    setTimeout(() => {
      const prompt = this.composer;
      if (prompt.length === 0) return;
      this.#submit(prompt);
    }, reaction.submitAfterMs);
  }

  // The CLI takes the prompt: the hook and the repaint in their scripted order, then the
  // model's answer, the Stop hook, and the transcript lines (possibly after the Stop).
  #submit(prompt: string): void {
    this.received.push(prompt);
    const { hookDelayMs, repaintDelayMs, transcriptLagMs } = this.reactions;
    setTimeout(() => this.hook({ hook_event_name: "UserPromptSubmit", prompt }), hookDelayMs);
    const { echoDelayMs } = this.reactions;
    const showTaken = () => {
      this.#history.push(`❯ ${prompt}`);
      this.isWorking = true;
    };
    this.#later(repaintDelayMs, () => {
      this.composer = "";
      if (echoDelayMs === 0) showTaken();
    });
    if (echoDelayMs > 0) this.#later(repaintDelayMs + echoDelayMs, showTaken);
    const answer = this.answerFor(prompt);
    const { midTurnIdleMs } = this.reactions;
    const workingAt = Math.max(hookDelayMs, repaintDelayMs + echoDelayMs);
    if (midTurnIdleMs > 0) {
      this.#later(workingAt + 100, () => {
        this.isWorking = false;
      });
      this.#later(workingAt + 100 + midTurnIdleMs, () => {
        this.isWorking = true;
      });
    }
    const stopAt = workingAt + 300 + midTurnIdleMs + this.reactions.thinkMs;
    // A Stop the parent blocks sends Claude back to work: its spinner stays up.
    const stopIndex = this.#stops++;
    const stopReply = this.reactions.stopReply(stopIndex);
    const isContinued = (stopReply as { decision?: unknown } | undefined)?.decision === "block";
    const userLine = [{ kind: "user_message", text: prompt, raw: {} } as const];
    setTimeout(() => {
      if (!this.reactions.recordsPrompt) return;
      if (this.reactions.transcriptReadOnCatchUp) this.#onDisk.push([...userLine]);
      else this.#transcript([...userLine]);
    }, 10);
    const assistantLine: TranscriptItem[] = [
      { kind: "assistant_message", text: answer, raw: {} },
      ...this.usageFor(prompt),
    ];
    this.#turnStep(stopAt, () => {
      this.isWorking = isContinued || this.reactions.stopSpinnerLingerMs > 0;
      this.#history.push(`● ${answer}`);
      if (this.reactions.transcriptReadOnCatchUp) this.#onDisk.push([...assistantLine]);
      this.render();
    });
    if (this.reactions.stopSpinnerLingerMs > 0) {
      this.#later(stopAt + 20 + this.reactions.stopSpinnerLingerMs, () => {
        this.isWorking = false;
      });
    }
    this.#turnStep(stopAt + 20 + this.reactions.stopHookDelayMs(stopIndex), () => {
      this.hook({
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: answer,
      });
      this.outcome("Stop", stopReply);
    });
    if (!this.reactions.transcriptReadOnCatchUp) {
      this.#turnStep(stopAt + 20 + transcriptLagMs, () => this.#transcript([...assistantLine]));
    }
  }

  /** The parent reads every transcript line written so far, in file order. */
  readTranscript(): void {
    for (const items of this.#onDisk.splice(0)) this.#transcript(items);
  }

  #transcript(items: TranscriptItem[]): void {
    this.runtime.handleTranscriptItems(items, "/tmp/fake-transcript.jsonl");
  }

  #later(ms: number, change: () => void): void {
    setTimeout(() => {
      change();
      this.render();
    }, ms);
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
