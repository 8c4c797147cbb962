// Reading the screen, with no side effects (issue 20): anything may look at the current
// frame through the adapter's fact tables; only the screen watcher acts on frames.
import type { ScreenFrame, ScreenReading } from "../contract/adapter.js";
import type { TerminalPort } from "../contract/ports.js";

export class ScreenReader {
  readonly #terminal: TerminalPort;
  readonly #readScreen: (frame: ScreenFrame) => ScreenReading;
  #renders = 0;

  constructor(options: {
    readonly terminal: TerminalPort;
    readonly readScreen: (frame: ScreenFrame) => ScreenReading;
  }) {
    this.#terminal = options.terminal;
    this.#readScreen = options.readScreen;
  }

  /** Frames rendered so far; a key's effect can only show on a later one. */
  get renderCount(): number {
    return this.#renders;
  }

  noteRender(): void {
    this.#renders += 1;
  }

  /** What the frame on screen now says (as far as it is rendered). */
  read(): ScreenReading {
    const snapshot = this.#terminal.snapshot();
    return this.#readScreen({
      lines: snapshot.lines,
      cursor: snapshot.cursor,
      title: this.#terminal.title,
    });
  }
}
