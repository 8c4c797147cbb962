// The parent's copy of a worker-owned screen: the visible rows, cursor and title as of the
// worker's latest report. Reports carry only changed rows (./../parse-worker/protocol.ts).

import type { MirrorUpdate } from "../parse-worker/protocol.js";
import type { TerminalSnapshot } from "../snapshot.js";

export class ScreenMirror {
  #lines: string[];
  #cursor = { x: 0, y: 0, isVisible: true };
  #title = "";

  constructor(rows: number) {
    this.#lines = Array.from({ length: rows }, () => "");
  }

  get title(): string {
    return this.#title;
  }

  apply(update: MirrorUpdate): void {
    const lines = this.#lines.slice(0, update.rows);
    while (lines.length < update.rows) lines.push("");
    for (let index = 0; index + 1 < update.changed.length; index += 2) {
      const row = update.changed[index];
      const text = update.changed[index + 1];
      if (typeof row === "number" && typeof text === "string" && row < lines.length) {
        lines[row] = text;
      }
    }
    this.#lines = lines;
    this.#cursor = { x: update.cursorX, y: update.cursorY, isVisible: update.isCursorVisible };
    this.#title = update.title;
  }

  snapshot(): TerminalSnapshot {
    const lines = [...this.#lines];
    return { lines, text: lines.join("\n"), cursor: { ...this.#cursor } };
  }
}
