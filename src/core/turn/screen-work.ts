// What the screen showed of the agent's work, for the turn owner (seeds §5.8, C-TURN-03):
// fresh work or a leftover, and how long the composer has been idle. Nothing here decides.
import type { SessionContext } from "../context/session-context.js";
import type { ScreenReading } from "../contract/adapter.js";
import type { Turn } from "./turn.js";

/** A working row painted this soon after a turn end is the old turn's leftover. */
const STALE_WORK_AFTER_TURN_END_MS = 1000;
/** A resume's replay may repaint a working row: work counts once the composer idled this long. */
const RESUME_REPLAY_QUIET_MS = 1000;

export class ScreenWork {
  readonly #context: SessionContext;
  readonly #settled: () => Promise<void>;
  #lastTurnEndAt = Number.NEGATIVE_INFINITY;
  /** No turn has ended yet, so no spinner can be a leftover. */
  #idleSinceTurnEnd = true;
  #sawWorkSinceSubmission = false;
  /** The turn the CLI took since the last turn end: a working row now is its own work. */
  #takenTurn: Turn | undefined;
  #isWorkingNow = false;
  #idleComposerSince: number | undefined;
  #isIdleEndArmed = false;
  #mayBeReplaying: boolean;

  /** `settled`: everything committed is read (it never rejects). */
  constructor(context: SessionContext, isResume: boolean, settled: () => Promise<void>) {
    this.#context = context;
    this.#mayBeReplaying = isResume;
    this.#settled = settled;
  }

  get sawWorkSinceSubmission(): boolean {
    return this.#sawWorkSinceSubmission;
  }

  onFrame(reading: Pick<ScreenReading, "isWorking" | "hasIdleComposer">, current?: Turn): void {
    this.#isWorkingNow = reading.isWorking;
    if (reading.isWorking) this.noteWork(current);
    else this.#idleSinceTurnEnd = true;
    if (reading.isWorking || !reading.hasIdleComposer) this.#idleComposerSince = undefined;
    else this.#idleComposerSince ??= this.#context.clock.now();
  }

  /**
   * False for the previous turn's leftover: painted just after its end, or up ever since while
   * our prompt is unaccepted (a starved Claude keeps its "running Stop hook" spinner for seconds).
   * Once the CLI has taken the current prompt after that end, its working row is this turn's
   * even inside the leftover window (issue 45: a prompt sent as the last one ended, then an
   * Escape as its model request came, all within a second; Claude put the prompt back in an
   * idle composer, and with no work counted that idle edge ended nothing).
   */
  noteWork(current: Turn | undefined): boolean {
    const now = this.#context.clock.now();
    const isTaken = current !== undefined && current === this.#takenTurn && !current.isSettled;
    if (!isTaken && now - this.#lastTurnEndAt < STALE_WORK_AFTER_TURN_END_MS) return false;
    if (this.#mayBeReplaying) {
      // A turn of ours ends the replay window; so does a long enough idle composer.
      const idleSince = this.#idleComposerSince;
      const quietLongEnough = idleSince !== undefined && now - idleSince >= RESUME_REPLAY_QUIET_MS;
      if (current === undefined && !quietLongEnough) return false;
      this.#mayBeReplaying = false;
    }
    const isAccepted = current === undefined || current.isAccepted || current.isSettled;
    if (!this.#idleSinceTurnEnd && !isAccepted) return false;
    this.#sawWorkSinceSubmission = true;
    return true;
  }

  /** The CLI took `turn` (the current one): work on screen from now on is its own. */
  noteAccepted(turn: Turn, current: Turn | undefined): void {
    if (turn !== current || turn.isSettled) return;
    this.#takenTurn = turn;
    if (this.#isWorkingNow) this.noteWork(current);
  }

  noteSubmission(): void {
    this.#sawWorkSinceSubmission = false;
    this.#idleComposerSince = undefined;
  }

  noteTurnEnd(): void {
    this.#takenTurn = undefined;
    this.#lastTurnEndAt = this.#context.clock.now();
    this.#idleSinceTurnEnd = false;
  }

  isIdleFor(ms: number): boolean {
    const { clock, status } = this.#context;
    const since = this.#idleComposerSince;
    return status.status === "running" && since !== undefined && clock.now() - since >= ms;
  }

  /** Calls `onIdleLong` once idle `graceMs` while running and everything committed is read. */
  armIdleEnd(graceMs: number, onIdleLong: () => void): void {
    if (this.#isIdleEndArmed) return;
    this.#isIdleEndArmed = true;
    const { clock, status } = this.#context;
    const check = () => {
      if (status.status !== "running") {
        this.#isIdleEndArmed = false;
      } else if (!this.isIdleFor(graceMs)) {
        const since = this.#idleComposerSince ?? clock.now();
        clock.set(check, Math.max(100, graceMs - (clock.now() - since)));
      } else {
        void this.#settled().then(() => {
          this.#isIdleEndArmed = false;
          onIdleLong();
        });
      }
    };
    clock.set(check, graceMs);
  }
}
