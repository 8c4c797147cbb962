// What the screen showed of the agent's work, for the turn owner (./turns.ts) to decide
// on (seeds §5.8, C-TURN-03): whether a working row is fresh work or a leftover — of the
// turn that just ended, or of a resume's replay — whether work was seen since the newest
// submission, and how long the composer has been idle. Nothing here ends a turn.
import type { SessionContext } from "../context/session-context.js";
import type { ScreenReading } from "../contract/adapter.js";
import type { Turn } from "./turn.js";

/** A working row painted this soon after a turn end is the old turn's leftover. */
const STALE_WORK_AFTER_TURN_END_MS = 1000;
/**
 * After a resume's first ready, the CLI may still repaint the restored conversation, a
 * working row included; work counts once the composer has been idle this long (C-TURN-03).
 */
const RESUME_REPLAY_QUIET_MS = 1000;

export class ScreenWork {
  readonly #context: SessionContext;
  readonly #settleCommitted: () => Promise<void>;
  #lastTurnEndAt = Number.NEGATIVE_INFINITY;
  /** No turn has ended yet, so no spinner can be a leftover. */
  #idleSinceTurnEnd = true;
  #sawWorkSinceSubmission = false;
  /** Since when the screen has shown an idle composer (undefined: working, or no composer). */
  #idleComposerSince: number | undefined;
  #isIdleEndArmed = false;
  /** A resume whose replay may still be on screen (until RESUME_REPLAY_QUIET_MS of idle). */
  #mayBeReplaying: boolean;

  constructor(options: {
    readonly context: SessionContext;
    readonly isResume: boolean;
    /** Reads everything the agent committed so far (before an idle screen may end a turn). */
    readonly settleCommitted: () => Promise<void>;
  }) {
    this.#context = options.context;
    this.#mayBeReplaying = options.isResume;
    this.#settleCommitted = options.settleCommitted;
  }

  /** Work was seen since the newest submission (or since start, before any). */
  get sawWorkSinceSubmission(): boolean {
    return this.#sawWorkSinceSubmission;
  }

  /** Every evaluated frame; `current` is the newest turn. */
  onFrame(reading: Pick<ScreenReading, "isWorking" | "hasIdleComposer">, current?: Turn): void {
    if (reading.isWorking) this.noteWork(current);
    else this.#idleSinceTurnEnd = true;
    if (reading.isWorking || !reading.hasIdleComposer) this.#idleComposerSince = undefined;
    else this.#idleComposerSince ??= this.#context.clock.now();
  }

  /**
   * Records working evidence (the current turn is at work); false when it is the previous
   * turn's leftover: painted just after the turn end, or on screen ever since it while our
   * prompt is not yet accepted (a CPU-starved Claude keeps its "running Stop hook" spinner
   * up for seconds).
   */
  noteWork(current: Turn | undefined): boolean {
    const now = this.#context.clock.now();
    if (now - this.#lastTurnEndAt < STALE_WORK_AFTER_TURN_END_MS) return false;
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

  noteSubmission(): void {
    this.#sawWorkSinceSubmission = false;
    this.#idleComposerSince = undefined;
  }

  noteTurnEnd(): void {
    this.#lastTurnEndAt = this.#context.clock.now();
    this.#idleSinceTurnEnd = false;
  }

  /** The session is running and its composer has been idle at least `ms`. */
  isIdleFor(ms: number): boolean {
    const { clock, status } = this.#context;
    const since = this.#idleComposerSince;
    return status.status === "running" && since !== undefined && clock.now() - since >= ms;
  }

  /**
   * Calls `onIdleLong` once the composer has stayed idle `graceMs` while running (checked
   * again until it has, or the session leaves `running`) and everything committed is read.
   * One at a time.
   */
  armIdleEnd(graceMs: number, onIdleLong: () => void): void {
    if (this.#isIdleEndArmed) return;
    this.#isIdleEndArmed = true;
    const { clock, status } = this.#context;
    const check = () => {
      if (status.status !== "running") {
        this.#isIdleEndArmed = false;
        return;
      }
      if (!this.isIdleFor(graceMs)) {
        const since = this.#idleComposerSince ?? clock.now();
        clock.set(check, Math.max(100, graceMs - (clock.now() - since)));
        return;
      }
      void this.#settleCommitted()
        .catch(() => undefined)
        .then(() => {
          this.#isIdleEndArmed = false;
          onIdleLong();
        });
    };
    clock.set(check, graceMs);
  }
}
