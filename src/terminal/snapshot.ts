// Reads the visible screen out of the headless xterm (api.md "Size, terminal handle,
// replay"): one right-trimmed string per row, the joined text, and the cursor.

import type { ElwoodUnsubscribe } from "../events/emitter.js";
import type { HeadlessTerminal } from "./xterm-module.js";

export interface TerminalCursor {
  readonly x: number;
  readonly y: number;
  readonly isVisible: boolean;
}

export interface TerminalSnapshot {
  readonly lines: readonly string[];
  readonly text: string;
  readonly cursor: TerminalCursor;
}

export function readSnapshot(xterm: HeadlessTerminal, isCursorVisible: boolean): TerminalSnapshot {
  const buffer = xterm.buffer.active;
  const lines: string[] = [];
  for (let row = 0; row < xterm.rows; row += 1) {
    lines.push(
      buffer
        .getLine(buffer.baseY + row)
        ?.translateToString(true)
        .trimEnd() ?? "",
    );
  }
  return {
    lines,
    text: lines.join("\n"),
    cursor: { x: buffer.cursorX, y: buffer.cursorY, isVisible: isCursorVisible },
  };
}

// xterm's public API does not expose DECTCEM, so watch `CSI ? 25 h/l` and RIS ourselves;
// each handler returns false so xterm's own handling still runs.
export function trackCursorVisibility(
  xterm: HeadlessTerminal,
  onChange: (isVisible: boolean) => void,
): ElwoodUnsubscribe {
  const modeHandler = (isVisible: boolean) => (params: (number | number[])[]) => {
    if (params.includes(25)) onChange(isVisible);
    return false;
  };
  const disposables = [
    xterm.parser.registerCsiHandler({ prefix: "?", final: "h" }, modeHandler(true)),
    xterm.parser.registerCsiHandler({ prefix: "?", final: "l" }, modeHandler(false)),
    xterm.parser.registerEscHandler({ final: "c" }, () => {
      onChange(true);
      return false;
    }),
  ];
  return () => {
    for (const disposable of disposables) disposable.dispose();
  };
}
