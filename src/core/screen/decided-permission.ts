// A permission prompt a PermissionRequest handler already answered may still paint (Claude
// 2.1.332: 100-350 ms idle, longer loaded); `blocked` for it would call a human for nothing.
// The answer covers the dialog within a bound, never a later prompt.

/** How long after a decision its dialog may still show (first paint and lingering). */
export const DECIDED_PERMISSION_WINDOW_MS = 5_000;

export class DecidedPermission {
  readonly #now: () => number;
  #decidedAt: number | undefined;
  #wasSeen = false;

  constructor(now: () => number) {
    this.#now = now;
  }

  noteDecided(): void {
    this.#decidedAt = this.#now();
    this.#wasSeen = false;
  }

  /** A new PermissionRequest arrived: whatever shows next is that request's dialog. */
  noteRequested(): void {
    this.#decidedAt = undefined;
  }

  /** A tool-permission dialog is on screen: how many more ms it counts as answered (0: none). */
  coverDialog(): number {
    if (this.#decidedAt === undefined) return 0;
    const remaining = this.#decidedAt + DECIDED_PERMISSION_WINDOW_MS - this.#now();
    if (remaining <= 0) {
      this.#decidedAt = undefined;
      return 0;
    }
    this.#wasSeen = true;
    return remaining;
  }

  /** A frame without a tool-permission dialog: an answered dialog that was seen is gone. */
  noteNoDialog(): void {
    if (this.#wasSeen) this.#decidedAt = undefined;
  }
}
