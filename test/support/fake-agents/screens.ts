// The captured screens (test/fixtures/screens) the fake CLIs paint from: each is one real
// frame of the pinned CLI, row by row, so a fake's frame differs from the real one only in
// the rows it rewrites (composer, working row, history).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TerminalSnapshot } from "../../../src/terminal/snapshot.js";

const SCREENS = join(import.meta.dirname, "../../fixtures/screens");

/** A captured screen's rows, e.g. screenFixture("codex-0.171.0-composer"). */
export function screenFixture(name: string): string[] {
  return readFileSync(join(SCREENS, `${name}.txt`), "utf8")
    .replace(/\n$/, "")
    .split("\n");
}

/** The frame a terminal port hands the runtime for `lines`. */
export function snapshotOf(
  lines: readonly string[],
  cursor: TerminalSnapshot["cursor"] = { x: 0, y: 0, isVisible: false },
): TerminalSnapshot {
  return { lines, text: lines.join("\n"), cursor };
}

/** The widest row of a screen: the columns its capture had. */
export function columnsOf(lines: readonly string[]): number {
  return Math.max(...lines.map((line) => line.length));
}
