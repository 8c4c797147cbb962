// What may be typed into an agent's terminal (api.md "Sanitization", C-API-40; "Paste
// and Enter mechanics"): message text is data and must never escape paste mode.

const PASTE_MARKERS = /\x1b\[20[01]~/g;
// C0 except TAB (09), LF (0a), CR (0d); and C1 (U+0080–U+009F).
const CONTROL_CHARACTERS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x80-\x9f]/g;

export const PASTE_START = "\x1b[200~";
export const PASTE_END = "\x1b[201~";

/** Removes paste markers, then every C0/C1 control but TAB, LF and CR (C-API-40). */
export function sanitizePastedText(text: string): string {
  return text.replace(PASTE_MARKERS, "").replace(CONTROL_CHARACTERS, "");
}

/** One bracketed paste of `text`, sanitized so it cannot end the paste early. */
export function bracketedPaste(text: string): string {
  return `${PASTE_START}${sanitizePastedText(text)}${PASTE_END}`;
}

/** Raw key sequences for `sendKeys`-style input; these are never sanitized. */
export const KEYS = Object.freeze({
  enter: "\r",
  escape: "\x1b",
  tab: "\t",
  shiftTab: "\x1b[Z",
  backspace: "\x7f",
  delete: "\x1b[3~",
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  home: "\x1b[H",
  end: "\x1b[F",
  pageUp: "\x1b[5~",
  pageDown: "\x1b[6~",
  ctrlA: "\x01",
  ctrlC: "\x03",
  ctrlD: "\x04",
  ctrlE: "\x05",
  ctrlK: "\x0b",
  ctrlL: "\x0c",
  ctrlU: "\x15",
  ctrlW: "\x17",
} as const);

export type KeyName = keyof typeof KEYS;
