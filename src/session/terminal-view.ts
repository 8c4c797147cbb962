// `session.terminal` (issue 20 item 7): the read-only ElwoodTerminalView, before and after start.

import type { ElwoodTerminalSnapshot, ElwoodTerminalView } from "../core/contract/session.js";
import type { ElwoodTerminalSize } from "../core/contract/status.js";
import type { SessionRuntime } from "../core/runtime/runtime.js";

const BLANK: ElwoodTerminalSnapshot = {
  lines: [],
  text: "",
  cursor: { x: 0, y: 0, isVisible: false },
};

/** Before start: the initial size, no title, a blank screen; `onData` buffers like `on()`. */
export function terminalView(
  runtime: () => SessionRuntime | undefined,
  initialSize: ElwoodTerminalSize,
  onData: ElwoodTerminalView["onData"],
): ElwoodTerminalView {
  const terminal = () => runtime()?.context.terminal;
  return {
    get size() {
      return terminal()?.size ?? initialSize;
    },
    get title() {
      return terminal()?.title ?? "";
    },
    get renderFailed() {
      return terminal()?.renderFailed ?? false;
    },
    snapshot() {
      const screen = terminal()?.snapshot();
      if (screen === undefined) return BLANK;
      return { lines: [...screen.lines], text: screen.text, cursor: { ...screen.cursor } };
    },
    settled: () => terminal()?.settled() ?? Promise.resolve(),
    onData,
  };
}
