// `session.terminal` (issue 20 item 7): a read-only view of the session's screen — size,
// title, a snapshot, and the raw output with its replay — that cannot type, resize or
// dispose behind the session's back (all of which go through the session's own methods,
// so the control queue, the raw-input handover and the resize event always see them).

import type { ElwoodTerminalSnapshot, ElwoodTerminalView } from "../core/contract/session.js";
import type { ElwoodTerminalSize } from "../core/contract/status.js";
import type { SessionRuntime } from "../core/runtime/runtime.js";
import type { ElwoodUnsubscribe } from "../events/emitter.js";

export type { ElwoodTerminalView };

const BLANK: ElwoodTerminalSnapshot = {
  lines: [],
  text: "",
  cursor: { x: 0, y: 0, isVisible: false },
};

export class TerminalView implements ElwoodTerminalView {
  readonly #runtime: () => SessionRuntime | undefined;
  readonly #initialSize: ElwoodTerminalSize;
  readonly #on: (listener: (chunk: string) => void) => ElwoodUnsubscribe;

  constructor(options: {
    readonly runtime: () => SessionRuntime | undefined;
    readonly initialSize: ElwoodTerminalSize;
    /** Subscribes to `terminal:data` (buffered before start, like `on()`). */
    readonly on: (listener: (chunk: string) => void) => ElwoodUnsubscribe;
  }) {
    this.#runtime = options.runtime;
    this.#initialSize = options.initialSize;
    this.#on = options.on;
  }

  get size(): ElwoodTerminalSize {
    return this.#runtime()?.context.terminal.size ?? this.#initialSize;
  }

  /** The latest OSC 0/2 window title ("" before start). */
  get title(): string {
    return this.#runtime()?.context.terminal.title ?? "";
  }

  /** Sticky: a render failure holds queued input (api.md "terminal"). */
  get renderFailed(): boolean {
    return this.#runtime()?.context.terminal.renderFailed ?? false;
  }

  /** The screen as far as it is rendered: lines, text and cursor (blank before start). */
  snapshot(): ElwoodTerminalSnapshot {
    const terminal = this.#runtime()?.context.terminal;
    if (terminal === undefined) return BLANK;
    const { lines, text, cursor } = terminal.snapshot();
    return { lines: [...lines], text, cursor: { ...cursor } };
  }

  /** Resolves once every byte received so far is rendered; never rejects. */
  settled(): Promise<void> {
    return this.#runtime()?.context.terminal.settled() ?? Promise.resolve();
  }

  /** Raw output: the live replay buffer first, then every chunk as it arrives. */
  onData(listener: (chunk: string) => void): ElwoodUnsubscribe {
    return this.#on(listener);
  }
}
