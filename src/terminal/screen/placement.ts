// Which thread parses a new terminal's output (prd/decisions.md "Terminal parsing off the
// main thread"): with few terminals alive the main thread is the faster place (no worker
// to start, no hop per batch); past that, parse workers keep the event loop free.

/** `auto` decides by how many terminals are alive; the others force a place (tests, benches). */
export type TerminalParserPlacement = "auto" | "inline" | "worker";

/** A new terminal parses on the main thread while fewer than this many others are alive. */
export const INLINE_PARSER_MAX_TERMINALS = 2;

let liveTerminals = 0;

/** Counts the terminal as alive until `release`; says where its output is parsed. */
export function placeParser(requested: TerminalParserPlacement = "auto"): {
  readonly placement: "inline" | "worker";
  readonly release: () => void;
} {
  const placement =
    requested === "auto"
      ? liveTerminals < INLINE_PARSER_MAX_TERMINALS
        ? "inline"
        : "worker"
      : requested;
  liveTerminals += 1;
  let isReleased = false;
  return {
    placement,
    release: () => {
      if (isReleased) return;
      isReleased = true;
      liveTerminals -= 1;
    },
  };
}
