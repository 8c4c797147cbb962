// The screen model behind an ElwoodTerminal: a headless xterm on this thread, or a mirror
// of one that a parse worker owns (prd/internals.md "terminal/"). The terminal feeds it
// batches through `write` and reads it only through this interface.

import type { ElwoodTerminalSize } from "../size.js";
import type { TerminalSnapshot } from "../snapshot.js";

export interface TerminalScreen {
  /** Parses `data` (UTF-8, the screen's to keep: see RenderSink); `parsed` runs once it is parsed. */
  write(data: Uint8Array, parsed: () => void): void;
  readonly title: string;
  /** False while parsed output has not reached what `snapshot()` reads (a worker's report is due). */
  readonly isCurrent: boolean;
  snapshot(): TerminalSnapshot;
  /** When the parser last answered anything, where it is shared (see RenderSink). */
  lastProgressAt?(): number;
  /** xterm's input path: the data goes to the PTY unchanged (C-PTY-04). */
  input(data: string): void;
  resize(size: ElwoodTerminalSize): void;
  /** Resolves once `snapshot()` reflects every parsed write and every resize so far. */
  settled(): Promise<void>;
  /** The terminal gave up on this screen (sticky renderFailed): settle waiters, stop parsing. */
  abandon(): void;
  dispose(): void;
}

/** Where a screen sends xterm's own output (query replies, input) and its failure. */
export interface ScreenHost {
  toPty(data: string | Uint8Array): void;
  /** A report arrived that was not a write's answer (e.g. a resize's): renders may be due. */
  reported(): void;
  fail(error: Error): void;
}
