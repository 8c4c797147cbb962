// What the runtime knows about the turn in flight: whether the agent has accepted the
// last submission, which submission is newest (a turn end only completes its own), and
// whether fresh work was on screen since it, so the previous turn's spinner clearing
// after its turn-end hook cannot end the next turn.

/** A working row painted this soon after a turn end is the old turn's leftover. */
export const STALE_WORK_AFTER_TURN_END_MS = 1000;

/** How long after a hook decided a permission its on-screen prompt is not a human's job. */
export const DECIDED_PERMISSION_WINDOW_MS = 1500;

export class TurnTracker {
  readonly #now: () => number;
  #isAwaitingAcceptance = false;
  #generation = 0;
  #lastTurnEndAt = 0;
  #sawWorkSinceSubmission = false;
  #permissionDecidedAt = Number.NEGATIVE_INFINITY;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get isAccepted(): boolean {
    return !this.#isAwaitingAcceptance;
  }

  /** Bumped at every physical submission. */
  get generation(): number {
    return this.#generation;
  }

  beginSubmission(): void {
    this.#isAwaitingAcceptance = true;
    this.#generation += 1;
    this.#sawWorkSinceSubmission = false;
  }

  accept(): void {
    this.#isAwaitingAcceptance = false;
  }

  /** Records working evidence; false when it is the previous turn's leftover. */
  noteWork(): boolean {
    if (this.#now() - this.#lastTurnEndAt < STALE_WORK_AFTER_TURN_END_MS) return false;
    this.#sawWorkSinceSubmission = true;
    return true;
  }

  /** An idle screen may end the turn only after fresh work was seen. */
  get mayEndOnIdle(): boolean {
    return this.#sawWorkSinceSubmission;
  }

  notePermissionDecided(): void {
    this.#permissionDecidedAt = this.#now();
  }

  get isPermissionDecided(): boolean {
    return this.#now() - this.#permissionDecidedAt < DECIDED_PERMISSION_WINDOW_MS;
  }

  endTurn(): void {
    this.#lastTurnEndAt = this.#now();
  }
}
