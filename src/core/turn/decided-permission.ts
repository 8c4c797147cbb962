// A permission prompt that a PermissionRequest handler already answered is nobody's
// job: the CLI may still paint it (Claude 2.1.332 does, for 100-350 ms when idle and
// later on a loaded machine), and reporting `blocked` for it would call a human for
// nothing. The answer covers the dialog that shows within a bound of the decision, for
// as long as it stays, but never a later prompt: a new PermissionRequest, or the answered
// dialog going away, ends it; and a dialog that outlasts the bound is reported after all.

/** How long after a decision its dialog may still show (first paint and lingering). */
export const DECIDED_PERMISSION_WINDOW_MS = 5_000;

export class DecidedPermission {
  readonly #now: () => number;
  #decidedAt: number | undefined;
  #wasSeen = false;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** A handler answered the CLI's PermissionRequest. */
  noteDecided(): void {
    this.#decidedAt = this.#now();
    this.#wasSeen = false;
  }

  /** A new PermissionRequest arrived: whatever shows next is that request's dialog. */
  noteRequested(): void {
    this.#decidedAt = undefined;
  }

  /**
   * A tool-permission dialog is on screen: how many more ms it counts as answered
   * (0 when it is a human's to answer).
   */
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
