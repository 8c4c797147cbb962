// ElwoodTerminal: one PTY's output parsed into a headless xterm, with the live replay
// buffer, batching and backpressure, title, snapshot, and the input path (prd/internals.md
// "terminal/"; api.md "Size, terminal handle, replay"; C-PTY-03/04/05/07). The xterm runs
// on this thread or in a parse worker (./screen/placement.ts); callers cannot tell which.

import { ElwoodError } from "../errors.js";
import { type ElwoodUnsubscribe, TypedEmitter } from "../events/emitter.js";
import { OutputText } from "./output-text.js";
import { type ParseScheduler, sharedParseScheduler } from "./parse-scheduler.js";
import { type ParseWorkerPool, sharedParseWorkerPool } from "./parse-worker/pool.js";
import { isClosedPtyError, type PtyOutput, type PtyProcess } from "./pty-process.js";
import { RenderBatcher, type RenderBatcherLimits } from "./render-batcher.js";
import { DEFAULT_REPLAY_BYTES } from "./replay-buffer.js";
import { InlineScreen } from "./screen/inline.js";
import { placeParser, type TerminalParserPlacement } from "./screen/placement.js";
import type { ScreenHost, TerminalScreen } from "./screen/screen.js";
import { WORKER_BATCHES_IN_FLIGHT, WorkerScreen } from "./screen/worker-backed.js";
import { assertTerminalSize, DEFAULT_TERMINAL_SIZE, type ElwoodTerminalSize } from "./size.js";
import type { TerminalSnapshot } from "./snapshot.js";
import { utf8Bytes } from "./utf8.js";
import type { HeadlessTerminal } from "./xterm-module.js";

export { assertTerminalSize, DEFAULT_TERMINAL_SIZE, type ElwoodTerminalSize };

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
  /** Parse-time sharing between terminals parsed on this thread; process-wide by default. */
  readonly parseScheduler?: ParseScheduler;
  /** Clock for `lastOutputAt`/`isQuiet`; Date.now unless a test supplies one. */
  readonly now?: () => number;
  /** Internal: where the output is parsed; `auto` (by measurement) unless a test or bench forces it. */
  readonly parser?: TerminalParserPlacement;
  /** Internal: the parse workers for a worker-parsed terminal; the process-wide pool by default. */
  readonly parseWorkers?: Pick<ParseWorkerPool, "open">;
}

type TerminalEvents = { render: RenderEvent; renderFailed: unknown };

export class ElwoodTerminal {
  readonly #pty: PtyProcess;
  readonly #now: () => number;
  /** The output as text for `onData` listeners, with the replay. */
  readonly #text: OutputText;
  readonly #screen: TerminalScreen;
  readonly #batcher: RenderBatcher;
  readonly #releasePlacement: () => void;
  readonly #events = new TypedEmitter<TerminalEvents>();
  readonly #teardown: ElwoodUnsubscribe[] = [];
  #size: ElwoodTerminalSize;
  #hasExited = false;
  #renderSequence = 0;
  #unrenderedBytes = 0;
  #lastOutputAt: number | undefined;
  readonly #createdAt: number;
  #isDisposed = false;
  /** The screen as it was at disposal, so a finished session can still be read. */
  #finalSnapshot: TerminalSnapshot | undefined;

  constructor(options: ElwoodTerminalOptions) {
    this.#pty = options.pty;
    this.#now = options.now ?? Date.now;
    this.#createdAt = this.#now();
    this.#size = options.size ?? DEFAULT_TERMINAL_SIZE;
    this.#text = new OutputText({ replayBytes: options.replayBytes ?? DEFAULT_REPLAY_BYTES });
    const { placement, release } = placeParser(options.parser);
    this.#releasePlacement = release;
    const host: ScreenHost = {
      toPty: (data) => this.#writeToPty(data),
      reported: () => this.#renderIfCurrent(),
      fail: (error) => this.#batcher.fail(error),
    };
    const geometry = { size: this.#size, scrollback: options.scrollback ?? 1000, host };
    this.#screen = createScreen(placement, geometry, options.parseWorkers ?? sharedParseWorkerPool);
    const isInline = this.#screen instanceof InlineScreen;
    this.#batcher = new RenderBatcher({
      // A worker shares its own time between its terminals; the scheduler guards this thread.
      ...(isInline
        ? { scheduler: options.parseScheduler ?? sharedParseScheduler }
        : { maxInFlight: WORKER_BATCHES_IN_FLIGHT }),
      ...options.limits,
      sink: this.#screen,
      flow: { pause: () => this.#pty.pause(), resume: () => this.#pty.resume() },
      onParsed: ({ bytes }) => this.#onParsed(bytes),
      onFailed: (error) => {
        this.#screen.abandon();
        this.#events.emit("renderFailed", error);
      },
    });
    this.#wire();
  }

  /**
   * The headless xterm itself, only for a terminal parsed on this thread: a worker-parsed
   * one has none here (read `snapshot()`, `title` and `size` instead).
   */
  get xterm(): HeadlessTerminal {
    if (this.#screen instanceof InlineScreen) return this.#screen.xterm;
    throw new ElwoodError(
      "invalid_options",
      "This terminal is parsed in a worker thread and has no xterm instance here; read snapshot(), title and size instead.",
    );
  }

  get size(): ElwoodTerminalSize {
    return this.#size;
  }

  /** The latest OSC 0/2 title, or "" before any. */
  get title(): string {
    return this.#screen.title;
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
    return this.#finalSnapshot ?? this.#screen.snapshot();
  }

  /** Raw input through xterm's input path, which writes to the PTY (C-PTY-04). Never sanitized. */
  sendInput(data: string): void {
    this.#assertUsable("send input");
    this.#screen.input(data);
  }

  /** Renders `data` locally as if the PTY had printed it; it is not PTY output and not replayed. */
  writeOutput(data: string): void {
    this.#assertUsable("write output");
    this.#batcher.push(utf8Bytes(data));
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
    this.#screen.resize(next);
    this.#size = next;
  }

  /**
   * Resolves when every byte received so far is parsed and the snapshot shows it (and any
   * resize before it); never rejects, also after dispose.
   */
  settled(): Promise<void> {
    return this.#batcher.settled().then(() => this.#screen.settled());
  }

  /**
   * Replays the live buffer to `callback` at once, then streams raw PTY output, decoded:
   * no character is split between two calls.
   */
  onData(callback: (chunk: string) => void): ElwoodUnsubscribe {
    if (this.#isDisposed) return () => {};
    return this.#text.subscribe(callback);
  }

  onRender(callback: (event: RenderEvent) => void): ElwoodUnsubscribe {
    return this.#events.on("render", callback);
  }

  onRenderFailed(callback: (error: unknown) => void): ElwoodUnsubscribe {
    return this.#events.on("renderFailed", callback);
  }

  /** Idempotent: stops listening to the PTY (resuming it if paused) and disposes the screen. */
  dispose(): void {
    if (this.#isDisposed) return;
    this.#isDisposed = true;
    // The screen goes with the parser (maybe a worker's): keep what it last showed.
    this.#finalSnapshot = this.#screen.snapshot();
    for (const unsubscribe of this.#teardown.splice(0)) unsubscribe();
    this.#batcher.dispose();
    this.#text.dispose();
    this.#events.removeAllListeners();
    this.#screen.dispose();
    this.#releasePlacement();
  }

  #wire(): void {
    this.#teardown.push(
      this.#pty.onData((chunk) => this.#receive(chunk)),
      this.#pty.onExit(() => {
        this.#hasExited = true;
        // No more output comes to parse: the place among the live terminals is free now,
        // though the screen stays readable until dispose() (a session that exited by
        // itself may never be stopped).
        this.#releasePlacement();
      }),
    );
  }

  // A render means the snapshot shows the batch: a worker's unreported batches join the next.
  #onParsed(bytes: number): void {
    this.#unrenderedBytes += bytes;
    this.#renderIfCurrent();
  }

  #renderIfCurrent(): void {
    if (this.#unrenderedBytes === 0 || !this.#screen.isCurrent) return;
    this.#renderSequence += 1;
    const event = { sequence: this.#renderSequence, bytes: this.#unrenderedBytes };
    this.#unrenderedBytes = 0;
    this.#events.emit("render", event);
  }

  #receive(output: PtyOutput): void {
    this.#lastOutputAt = this.#now();
    const chunk = typeof output === "string" ? utf8Bytes(output) : output;
    // Batched first: a `data` listener's settled() covers the chunk it was given.
    this.#batcher.push(chunk);
    this.#text.receive(chunk);
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

// A worker that cannot even be started (e.g. a thread limit) leaves the terminal on this
// thread rather than failing the session's start.
function createScreen(
  placement: "inline" | "worker",
  geometry: ConstructorParameters<typeof InlineScreen>[0],
  workers: Pick<ParseWorkerPool, "open">,
): TerminalScreen {
  if (placement === "inline") return new InlineScreen(geometry);
  try {
    return new WorkerScreen({
      ...geometry,
      connect: (client, shape) => workers.open(client, shape),
    });
  } catch {
    return new InlineScreen(geometry);
  }
}
