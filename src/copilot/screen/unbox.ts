// Copilot 1.0.102 draws its dialogs inside rounded boxes ("│ Confirm folder trust │",
// boxes nested two deep), where the shared matcher reads a row's first and last glyphs.
// Only the side borders are taken off, so every row keeps its place (the cursor row and
// the composer row still agree); the box's top and bottom edges stay as they are.
import type { ScreenFrame } from "../../core/contract/adapter.js";

const LEFT_BORDERS = /^(\s*│ ?)+/;
const RIGHT_BORDERS = /\s*(│\s*)+$/;

export function unboxLine(line: string): string {
  if (!line.includes("│")) return line;
  return line.replace(LEFT_BORDERS, "").replace(RIGHT_BORDERS, "");
}

export function unboxFrame(frame: ScreenFrame): ScreenFrame {
  return { ...frame, lines: frame.lines.map(unboxLine) };
}
