// What every fake CLI shares: the runtime's ports a launched CLI would fill (the terminal,
// the process, Elwood's state, the bridge, the reaper), the record of what reached them,
// and the one clock. The runtime's SessionClock and every scripted step of the fake take
// their timers from the same TimeSource (`time`), so vitest's fake timers — or a clock a
// test injects — drive the CLI and the session together.

import type { HookEventBase } from "../../../src/bridge/catalogue.js";
import { SessionClock, systemTime, type TimeSource } from "../../../src/core/context/clock.js";
import type { AgentAdapter } from "../../../src/core/contract/adapter.js";
import type { TerminalPort, TranscriptPort } from "../../../src/core/contract/ports.js";
import type { ElwoodTerminalSize } from "../../../src/core/contract/status.js";
import { SessionRuntime } from "../../../src/core/runtime/runtime.js";
import { SESSION_OPENER } from "../../../src/session/define-agent.js";
import { PASTE_END, PASTE_START } from "../../../src/terminal/input.js";
import type { TerminalSnapshot } from "../../../src/terminal/snapshot.js";

/** The PTY side: the size the caller asked for, resize faults, and the session's options. */
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
  /** The one clock of the CLI and the session (the system's, which vitest can fake). */
  readonly time?: TimeSource;
  /** Turn signals the adapter is given instead of its own (a CLI scripted otherwise). */
  readonly signals?: Partial<AgentAdapter<unknown, unknown, HookEventBase>["signals"]>;
}

export const FAKE_WORKSPACE = "/tmp/fake-workspace";

/** What every fake CLI can be scripted to do: its keyboard, by the index of each paste and Enter, and whether its hooks arrive. */
export interface CliReactions {
  /** Milliseconds before a paste shows in the composer; "lost" swallows it. */
  paste(index: number): number | "lost";
  /** What the Enter does: submit the staged text after `ms`, or nothing. */
  enter(index: number): { readonly submitAfterMs: number } | "ignored";
  /** Whether typed keys (printable text, not a paste) show in the composer, as a person's do. */
  readonly echoesKeys: boolean;
  /** Whether editing keys (Ctrl-U, Ctrl-K, Backspace) do anything (false: a CLI that drops them). */
  readonly editsComposer: boolean;
  /** Whether hooks reach the parent (false: the bridge timed out on every one, as under load). */
  readonly deliversHooks: boolean;
}

export abstract class FakeCli implements TerminalPort {
  size: ElwoodTerminalSize;
  /** Each resize() that reached the PTY, in order, with how many writes came before it. */
  readonly resizes: { readonly size: ElwoodTerminalSize; readonly afterWrites: number }[] = [];
  readonly title = "";
  renderFailed = false;
  /** Everything the session wrote to the PTY, one entry per write. */
  readonly writes: string[] = [];
  /** Signals sent to the CLI process, and the process groups reaped, in order. */
  readonly signals: string[] = [];
  readonly reaped: number[] = [];
  /** Elwood-owned state the runtime removed (kill: loops; teardown: the session). */
  readonly stateCalls: string[] = [];
  /** The clock every timer of this CLI and its session runs on. */
  readonly time: TimeSource;
  /** Called on every settled() (each look the runtime takes): a test's key can land mid-look. */
  onSettled: () => void = () => {};
  readonly #renderListeners = new Set<() => void>();
  readonly #renderFailedListeners = new Set<() => void>();
  readonly #exitListeners = new Set<(exit: { exitCode: number; signal?: number }) => void>();
  readonly #resizeError: Error | undefined;
  /** The running turn's scheduled steps: an Escape drops them. */
  readonly #turnSteps = new Set<() => void>();
  #pastes = 0;
  #enters = 0;
  abstract reactions: CliReactions;
  abstract readonly runtime: Pick<SessionRuntime, "handleHookOutcome">;

  protected constructor(size: ElwoodTerminalSize, options: FakeTerminalOptions) {
    this.size = size;
    this.time = options.time ?? systemTime;
    this.#resizeError = options.resizeError;
  }

  /** The runtime a launcher would build over this CLI's ports. */
  protected buildRuntime<Event extends HookEventBase>(
    adapter: AgentAdapter<unknown, unknown, Event>,
    options: FakeTerminalOptions,
    requestedSize: ElwoodTerminalSize,
    transcript: TranscriptPort,
  ): SessionRuntime<Event> {
    return new SessionRuntime<Event>({
      adapter:
        options.signals === undefined
          ? adapter
          : { ...adapter, signals: { ...adapter.signals, ...options.signals } as never },
      elwoodSessionId: "test-session",
      cwd: FAKE_WORKSPACE,
      autotrust: false,
      isResume: options.isResume ?? false,
      ...(options.composerWaitMs === undefined ? {} : { composerWaitMs: options.composerWaitMs }),
      terminal: this,
      clock: new SessionClock(this.time),
      process: {
        pid: 4242,
        onExit: (listener) => {
          this.#exitListeners.add(listener);
          return () => this.#exitListeners.delete(listener);
        },
        // The CLI dies of any signal a moment later, as a real process would.
        kill: (signal) => {
          this.signals.push(signal ?? "SIGHUP");
          this.after(10, () => this.exit(signal === "SIGKILL" ? 137 : 0));
        },
      },
      transcript,
      state: {
        persistAgentSessionId: options.persistAgentSessionId ?? (async () => {}),
        removeLoops: async () => {
          this.stateCalls.push("removeLoops");
        },
        removeSession: async () => {
          this.stateCalls.push("removeSession");
          return [];
        },
      },
      bridge: { close: async () => {} },
      reap: (pid) => {
        this.reaped.push(pid);
        return true;
      },
      requestedSize,
    });
  }

  // ── TerminalPort ─────────────────────────────────────────────────────────

  abstract snapshot(): TerminalSnapshot;

  /** The composer's draft, as the CLI holds it. */
  composer = "";

  /** What the CLI does with a paste, an Enter, an Escape and its editing keys. */
  protected abstract onPaste(text: string): void;
  protected abstract onEnter(): void;
  protected abstract onEscape(): void;
  protected abstract onEdit(keys: string): void;

  sendInput(data: string | Uint8Array): void {
    const text = typeof data === "string" ? data : Buffer.from(data).toString("utf8");
    this.writes.push(text);
    if (text.startsWith(PASTE_START))
      this.onPaste(text.slice(PASTE_START.length, -PASTE_END.length));
    else if (text === "\r") this.onEnter();
    else if (text === "\x1b") this.onEscape();
    else if (this.reactions.echoesKeys && /^[^\x00-\x1f\x7f]+$/.test(text))
      this.later(20, () => (this.composer += text));
    else if (/^[\x05\x0b\x15\x7f]+$/.test(text) && this.reactions.editsComposer)
      this.later(0, () => this.onEdit(text));
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

  dispose(): void {}

  /** The screen stops following the PTY for good, as a stalled parser makes it. */
  failRendering(): void {
    this.renderFailed = true;
    for (const listener of [...this.#renderFailedListeners]) listener();
  }

  // ── the scripted CLI ─────────────────────────────────────────────────────

  /** A new frame is on screen. */
  render(): void {
    for (const listener of [...this.#renderListeners]) listener();
  }

  /** The CLI process ends on its own (it crashed, or the user typed /exit). */
  exit(exitCode: number): void {
    for (const listener of [...this.#exitListeners]) listener({ exitCode });
  }

  get pastes(): number {
    return this.#pastes;
  }

  get enters(): number {
    return this.#enters;
  }

  /** How the next paste shows: after this many ms, or "lost". */
  protected nextPaste(): number | "lost" {
    this.#pastes += 1;
    return this.reactions.paste(this.#pastes - 1);
  }

  /** What the next Enter does. */
  protected nextEnter(): { readonly submitAfterMs: number } | "ignored" {
    this.#enters += 1;
    return this.reactions.enter(this.#enters - 1);
  }

  /** One step of the running turn, dropped if the turn is interrupted first. */
  protected turnStep(ms: number, step: () => void): void {
    const cancel = this.after(ms, () => {
      this.#turnSteps.delete(cancel);
      step();
    });
    this.#turnSteps.add(cancel);
  }

  /** Drops the running turn's remaining steps; false when none were left. */
  protected dropTurnSteps(): boolean {
    const hadSteps = this.#turnSteps.size > 0;
    for (const cancel of this.#turnSteps) cancel();
    this.#turnSteps.clear();
    return hadSteps;
  }

  /** A dispatch outcome; `reply` is what the parent's handler answered (none by default). */
  outcome(hookEventName: string, reply?: unknown): void {
    if (!this.reactions.deliversHooks) return;
    this.runtime.handleHookOutcome({
      hookEventName,
      failedOpen: false,
      hasHandler: reply !== undefined,
      ...(reply === undefined ? {} : { reply }),
    });
  }

  /** Runs `step` after `ms` on the one clock; returns what cancels it. */
  protected after(ms: number, step: () => void): () => void {
    const handle = this.time.setTimeout(step, ms);
    return () => this.time.clearTimeout(handle);
  }

  /** A change to the CLI's state after `ms`, then the frame that shows it. */
  protected later(ms: number, change: () => void): () => void {
    return this.after(ms, () => {
      change();
      this.render();
    });
  }
}

/** The real session class, opened over `runtime` instead of a launched CLI, and started. */
export function openSessionOver<S extends { start(): Promise<unknown> }>(
  SessionClass: new (options: never) => S,
  runtime: SessionRuntime<never>,
  initialSize: ElwoodTerminalSize,
): S {
  const session = new SessionClass({
    cwd: FAKE_WORKSPACE,
    initialSize,
    [SESSION_OPENER]: async (observe: (runtime: never) => void) => {
      observe(runtime as never);
      return { runtime: runtime as never, resumed: false };
    },
  } as never);
  // Started at once, as a factory would: every method call goes straight to the runtime.
  void session.start();
  return session;
}
