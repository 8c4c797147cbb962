// The screen parsed on this thread: one headless xterm, read directly. The cheaper choice
// for a process with few terminals (prd/decisions.md "Terminal parsing off the main thread").

import type { ElwoodTerminalSize } from "../size.js";
import { readSnapshot, type TerminalSnapshot, trackCursorVisibility } from "../snapshot.js";
import { HeadlessTerminal } from "../xterm-module.js";
import type { ScreenHost, TerminalScreen } from "./screen.js";

export class InlineScreen implements TerminalScreen {
  readonly xterm: HeadlessTerminal;
  readonly isCurrent = true;
  readonly #teardown: (() => void)[] = [];
  #title = "";
  #isCursorVisible = true;

  constructor(options: {
    readonly size: ElwoodTerminalSize;
    readonly scrollback: number;
    readonly host: ScreenHost;
  }) {
    this.xterm = new HeadlessTerminal({
      cols: options.size.cols,
      rows: options.size.rows,
      scrollback: options.scrollback,
      allowProposedApi: true,
    });
    const title = this.xterm.onTitleChange((next) => {
      this.#title = next;
    });
    // xterm's input path: input() and the terminal's own query replies go to the PTY.
    const data = this.xterm.onData((chunk) => options.host.toPty(chunk));
    const binary = this.xterm.onBinary((chunk) => options.host.toPty(Buffer.from(chunk, "latin1")));
    this.#teardown.push(
      trackCursorVisibility(this.xterm, (isVisible) => {
        this.#isCursorVisible = isVisible;
      }),
      () => title.dispose(),
      () => data.dispose(),
      () => binary.dispose(),
    );
  }

  get title(): string {
    return this.#title;
  }

  write(data: Uint8Array, parsed: () => void): void {
    this.xterm.write(data, parsed);
  }

  snapshot(): TerminalSnapshot {
    return readSnapshot(this.xterm, this.#isCursorVisible);
  }

  input(data: string): void {
    this.xterm.input(data, true);
  }

  resize(size: ElwoodTerminalSize): void {
    this.xterm.resize(size.cols, size.rows);
  }

  settled(): Promise<void> {
    return Promise.resolve();
  }

  // A failed inline screen keeps its xterm readable until dispose, as before.
  abandon(): void {}

  dispose(): void {
    for (const undo of this.#teardown.splice(0)) undo();
    this.xterm.dispose();
  }
}
