// ElwoodTerminal: one PTY's output parsed into a headless xterm, with the live replay
// buffer, batching and backpressure, title, snapshot, and the input path (prd/internals.md
// "terminal/"; api.md "Size, terminal handle, replay"; C-PTY-03/04/05/07).

import { ElwoodError } from "../errors.js";
import { type ElwoodUnsubscribe, TypedEmitter } from "../events/emitter.js";
import { type ParseScheduler, sharedParseScheduler } from "./parse-scheduler.js";
import { isClosedPtyError, type PtyProcess } from "./pty-process.js";
import { RenderBatcher, type RenderBatcherLimits } from "./render-batcher.js";
import { DEFAULT_REPLAY_BYTES, ReplayBuffer } from "./replay-buffer.js";
import { readSnapshot, type TerminalSnapshot, trackCursorVisibility } from "./snapshot.js";
import { HeadlessTerminal } from "./xterm-module.js";

export interface ElwoodTerminalSize {
  readonly cols: number;
  readonly rows: number;
}

export const DEFAULT_TERMINAL_SIZE: ElwoodTerminalSize = Object.freeze({ cols: 189, rows: 48 });

export interface RenderEvent {
  /** 1 for the first parsed batch, then counting up. */
  readonly sequence: number;
  readonly bytes: number;
}

export interface ElwoodTerminalOptions {
  readonly pty: PtyProcess;
  /** Must match the size the PTY was spawned with; checked where it entered (initialSize). */
  readonly size?: ElwoodTerminalSize;
  readonly replayBytes?: number;
  readonly scrollback?: number;
  readonly limits?: RenderBatcherLimits;
  /** Parse-time sharing between terminals; the process-wide scheduler by default. */
  readonly parseScheduler?: ParseScheduler;
  /** Clock for `lastOutputAt`/`isQuiet`; Date.now unless a test supplies one. */
  readonly now?: () => number;
}

type TerminalEvents = { data: string; render: RenderEvent; renderFailed: unknown };

export class ElwoodTerminal {
  readonly xterm: HeadlessTerminal;
  readonly #pty: PtyProcess;
  readonly #now: () => number;
  readonly #replay: ReplayBuffer;
  readonly #batcher: RenderBatcher;
  readonly #events = new TypedEmitter<TerminalEvents>();
  readonly #teardown: ElwoodUnsubscribe[] = [];
  #size: ElwoodTerminalSize;
  #title = "";
  #isCursorVisible = true;
  #hasExited = false;
  #renderSequence = 0;
  #lastOutputAt: number | undefined;
  readonly #createdAt: number;
  #isDisposed = false;

  constructor(options: ElwoodTerminalOptions) {
    this.#pty = options.pty;
    this.#now = options.now ?? Date.now;
    this.#createdAt = this.#now();
    this.#size = options.size ?? DEFAULT_TERMINAL_SIZE;
    this.#replay = new ReplayBuffer({ maxBytes: options.replayBytes ?? DEFAULT_REPLAY_BYTES });
    this.xterm = new HeadlessTerminal({
      cols: this.#size.cols,
      rows: this.#size.rows,
      scrollback: options.scrollback ?? 1000,
      allowProposedApi: true,
    });
    this.#batcher = new RenderBatcher({
      ...options.limits,
      scheduler: options.parseScheduler ?? sharedParseScheduler,
      sink: { write: (data, parsed) => this.xterm.write(data, parsed) },
      flow: { pause: () => this.#pty.pause(), resume: () => this.#pty.resume() },
      onParsed: ({ bytes }) => {
        this.#renderSequence += 1;
        this.#events.emit("render", { sequence: this.#renderSequence, bytes });
      },
      onFailed: (error) => this.#events.emit("renderFailed", error),
    });
    this.#wire();
  }

  get size(): ElwoodTerminalSize {
    return this.#size;
  }

  /** The latest OSC 0/2 title, or "" before any. */
  get title(): string {
    return this.#title;
  }

  /** Sticky: once a parse failed the screen no longer reflects the PTY. */
  get renderFailed(): boolean {
    return this.#batcher.hasFailed;
  }

  get lastOutputAt(): number | undefined {
    return this.#lastOutputAt;
  }

  get isDisposed(): boolean {
    return this.#isDisposed;
  }

  /** True when no PTY output arrived for `ms` (counting from creation before any output). */
  isQuiet(ms: number): boolean {
    return this.#now() - (this.#lastOutputAt ?? this.#createdAt) >= ms;
  }

  snapshot(): TerminalSnapshot {
    return readSnapshot(this.xterm, this.#isCursorVisible);
  }

  /** Raw input through xterm's input path, which writes to the PTY (C-PTY-04). Never sanitized. */
  sendInput(data: string): void {
    this.#assertUsable("send input");
    this.xterm.input(data, true);
  }

  /** Renders `data` locally as if the PTY had printed it; it is not PTY output and not replayed. */
  writeOutput(data: string): void {
    this.#assertUsable("write output");
    this.#batcher.push(data);
  }

  /**
   * Resizes the PTY and the screen model; a closed PTY fd during exit is ignored (C-PTY-05).
   * `size` was checked where it entered (the session's resize(), assertTerminalSize).
   */
  resize(next: ElwoodTerminalSize): void {
    this.#assertUsable("resize");
    if (!this.#hasExited) {
      try {
        this.#pty.resize(next.cols, next.rows);
      } catch (cause) {
        if (!isClosedPtyError(cause)) {
          throw new ElwoodError(
            "session_not_running",
            `Resizing the terminal to ${next.cols}×${next.rows} failed; the PTY no longer accepts resizes.`,
            { cause, details: { cols: next.cols, rows: next.rows } },
          );
        }
      }
    }
    this.xterm.resize(next.cols, next.rows);
    this.#size = next;
  }

  /** Resolves when every byte received so far is parsed; never rejects, also after dispose. */
  settled(): Promise<void> {
    return this.#batcher.settled();
  }

  /** Replays the live buffer to `callback` at once, then streams raw PTY output. */
  onData(callback: (chunk: string) => void): ElwoodUnsubscribe {
    if (this.#isDisposed) return () => {};
    const replay = this.#replay.contents();
    if (replay !== "") callback(replay);
    return this.#events.on("data", callback);
  }

  onRender(callback: (event: RenderEvent) => void): ElwoodUnsubscribe {
    return this.#events.on("render", callback);
  }

  onRenderFailed(callback: (error: unknown) => void): ElwoodUnsubscribe {
    return this.#events.on("renderFailed", callback);
  }

  /** Idempotent: stops listening to the PTY (resuming it if paused) and disposes xterm. */
  dispose(): void {
    if (this.#isDisposed) return;
    this.#isDisposed = true;
    for (const unsubscribe of this.#teardown.splice(0)) unsubscribe();
    this.#batcher.dispose();
    this.#replay.clear();
    this.#events.removeAllListeners();
    this.xterm.dispose();
  }

  #wire(): void {
    this.#teardown.push(
      this.#pty.onData((chunk) => this.#receive(chunk)),
      this.#pty.onExit(() => {
        this.#hasExited = true;
      }),
      trackCursorVisibility(this.xterm, (isVisible) => {
        this.#isCursorVisible = isVisible;
      }),
    );
    const title = this.xterm.onTitleChange((next) => {
      this.#title = next;
    });
    // xterm's input path: sendInput and the terminal's own query replies go to the PTY.
    const input = this.xterm.onData((data) => this.#writeToPty(data));
    const binary = this.xterm.onBinary((data) => this.#writeToPty(Buffer.from(data, "latin1")));
    this.#teardown.push(
      () => title.dispose(),
      () => input.dispose(),
      () => binary.dispose(),
    );
  }

  #receive(chunk: string): void {
    this.#lastOutputAt = this.#now();
    this.#replay.append(chunk);
    this.#batcher.push(chunk);
    this.#events.emit("data", chunk);
  }

  #writeToPty(data: string | Uint8Array): void {
    if (this.#hasExited) return;
    this.#pty.write(data);
  }

  #assertUsable(action: string): void {
    if (!this.#isDisposed) return;
    throw new ElwoodError(
      "session_not_running",
      `Cannot ${action}: the terminal was disposed. Start or resume a session to get a new one.`,
    );
  }
}

/** The one rule for a terminal size, wherever a size enters (options, resize, xterm). */
export function assertTerminalSize(value: unknown): ElwoodTerminalSize {
  const size = (
    typeof value === "object" && value !== null ? value : {}
  ) as Partial<ElwoodTerminalSize>;
  const isValid = (n: unknown): n is number =>
    Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 10_000;
  if (isValid(size.cols) && isValid(size.rows)) return { cols: size.cols, rows: size.rows };
  throw new ElwoodError(
    "invalid_options",
    `A terminal size needs whole numbers of columns and rows from 1 to 10000; got ${String(size.cols)}×${String(size.rows)}.`,
    { details: { cols: size.cols, rows: size.rows } },
  );
}
