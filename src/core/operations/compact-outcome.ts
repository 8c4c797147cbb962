// For a CLI with no compaction-end hook: the outcome line it draws once compaction ends,
// counted only if it is new since the command was typed. An earlier compaction's line may
// still be on screen, moved up by what came after it; it is told apart by the lines above.
import type { CompactOutcomeFacts } from "../contract/operation-facts.js";

export type CompactOutcome = { readonly kind: "done" } | { readonly kind: "failed"; line: string };

/** Lines that pin an old outcome line's place: it and the ones right above it. */
const PIN_LINES = 3;

/**
 * The first outcome line in `now` that was not in `baseline` (the idle screen before the
 * command was typed), or undefined. History only scrolls up (what the command draws below
 * it, a suggestion list or a spinner, goes again), so an old outcome line is at or above its
 * baseline row; everything below its pinned place is new. A pin that scrolled off the top
 * (wholly or in part) leaves only its first rows to skip.
 */
export function newCompactOutcome(
  baseline: readonly string[],
  now: readonly string[],
  facts: CompactOutcomeFacts,
): CompactOutcome | undefined {
  const isOutcome = (line: string) => facts.done.test(line) || facts.failed.test(line);
  const oldRow = baseline.findLastIndex(isOutcome);
  const from = oldRow === -1 ? 0 : rowsToSkip(baseline, now, oldRow);
  for (const line of now.slice(from)) {
    if (facts.failed.test(line)) return { kind: "failed", line: line.trim() };
    if (facts.done.test(line)) return { kind: "done" };
  }
  return undefined;
}

/** How many of `now`'s rows hold the old outcome line or lie above it. */
function rowsToSkip(baseline: readonly string[], now: readonly string[], oldRow: number): number {
  const pin = baseline.slice(Math.max(0, oldRow - PIN_LINES + 1), oldRow + 1);
  for (let row = Math.min(oldRow, now.length - 1); row >= pin.length - 1; row -= 1) {
    const start = row - pin.length + 1;
    if (pin.every((line, offset) => now[start + offset] === line)) return row + 1;
  }
  return pin.length - 1;
}
