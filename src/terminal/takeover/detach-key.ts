// The detach key of a terminal takeover (issue 25, prd/cli.md "elwood attach"): written
// `ctrl-<key>` (`ctrl-]` by default, `ctrl-q`, `ctrl-\`, …), parsed once into the bytes a
// terminal sends for it. A terminal in a keyboard-protocol mode the agent switched on
// (kitty `CSI u`, xterm modifyOtherKeys) sends an escape sequence instead of the control
// byte, so both spellings are matched.
import { ElwoodError } from "../../errors.js";

export const DEFAULT_DETACH_KEY = "ctrl-]";

export interface DetachKey {
  /** How it is shown to a person, e.g. "Ctrl-]". */
  readonly label: string;
  /** Every byte sequence that means this key, the plain control byte first. */
  readonly sequences: readonly Buffer[];
}

// Keys whose control byte is also an everyday key: Escape (Ctrl-[, the start of every
// arrow key), Tab (Ctrl-I), Enter (Ctrl-M), newline (Ctrl-J) and Backspace (Ctrl-H).
const REFUSED = new Set(["[", "i", "m", "j", "h"]);
const ALLOWED = /^[a-z@\\\]^_]$/;

/** Parses `ctrl-<key>`; anything else is `invalid_options` saying what is accepted. */
export function parseDetachKey(spelling: string = DEFAULT_DETACH_KEY): DetachKey {
  const match = /^(?:ctrl|c)-(.)$/i.exec(typeof spelling === "string" ? spelling.trim() : "");
  const key = match?.[1]?.toLowerCase();
  if (key === undefined || !ALLOWED.test(key) || REFUSED.has(key)) {
    throw new ElwoodError(
      "invalid_options",
      `The detach key must be written ctrl-<key> with a letter or one of @ \\ ] ^ _ (not ctrl-[, ctrl-i, ctrl-m, ctrl-j or ctrl-h, which ordinary keys send); got ${JSON.stringify(spelling)}. The default is ${DEFAULT_DETACH_KEY}.`,
      { details: { option: "detachKey" } },
    );
  }
  const code = key.toUpperCase().charCodeAt(0);
  const codepoint = key.charCodeAt(0);
  return {
    label: `Ctrl-${key.toUpperCase()}`,
    sequences: [
      Buffer.from([code & 0x1f]),
      Buffer.from(`\x1b[${codepoint};5u`),
      Buffer.from(`\x1b[27;5;${codepoint}~`),
    ],
  };
}

/** Where the detach key starts in `chunk`, or -1. */
export function findDetachKey(key: DetachKey, chunk: Buffer): number {
  let first = -1;
  for (const sequence of key.sequences) {
    const at = chunk.indexOf(sequence);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  return first;
}
