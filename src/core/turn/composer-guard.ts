// The wait before a program prompt's first keystroke (issue 25, prd/runtime.md "A person's
// draft"): while a person's unsent text is in the composer, nothing is typed. The prompt
// waits until the composer is free again (and, for a readiness-waiting submission, the
// agent ready), then goes in once; if the draft sits untouched for `waitMs` it fails with
// composer_occupied and nothing was written. The person's text is never cleared here.
import { ElwoodError } from "../../errors.js";
import type { SessionContext } from "../context/session-context.js";
import { type DraftCleanup, draftCleanupFor } from "../screen/draft-cleanup.js";
import { renderedWithin } from "../screen/safe-screen.js";
import { HumanKeys } from "./human-draft.js";

/** How often the screen is looked at while a person's draft holds the prompt. */
export const COMPOSER_GUARD_POLL_MS = 100;
/** The default `composerWaitMs`: how long an untouched draft holds a due prompt. */
export const DEFAULT_COMPOSER_WAIT_MS = 60_000;

/** An untouched draft held the prompt for `waitMs`: nothing was typed. */
function composerOccupied(waitMs: number, submission: string): ElwoodError {
  return new ElwoodError(
    "composer_occupied",
    `A person's unsent text stayed in the agent's composer for ${waitMs} ms, so the program's prompt was not typed over it (nothing was written). Send or clear that text, then send the prompt again.`,
    { details: { waitMs, submission } },
  );
}

/** A person typed between the wait and the program's first keystroke: nothing was typed. */
export function typedMeanwhile(submission: string): ElwoodError {
  return new ElwoodError(
    "composer_occupied",
    "A person started typing in the agent's composer just as the program's prompt was due, so the prompt was not typed (nothing was written). Send or clear that text, then send the prompt again.",
    { details: { waitMs: 0, submission } },
  );
}

/** A person typed into the program's staged prompt and left it: it was never submitted. */
export function personKeptComposer(submission: string, waitMs: number): ElwoodError {
  return new ElwoodError(
    "composer_occupied",
    `A person typed into the agent's composer while the program's prompt was staged there, so the program did not submit it, and the text sat untouched for ${waitMs} ms. Send or clear the composer's text, then send the prompt again.`,
    { details: { waitMs, submission, rule: "person_typed_into_staged_prompt" } },
  );
}

/** What waits: its kind, and whether it took the ready transition (it gives it back). */
export interface GuardedSubmission {
  readonly kind: string;
  readonly holdsReadiness: boolean;
  /** A caller that gave up (its turn's timeout): the prompt is not typed at all. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The session's one guard (built by the runtime, shared by turns and commands): the
 * record of keys from outside and the wait before a program's first keystroke.
 */
export class ComposerGuard {
  readonly #context: SessionContext;
  readonly #keys = new HumanKeys();
  readonly #waitMs: number;
  readonly #cleanup: DraftCleanup;
  /** The key count when our failed draft was left: a key after it makes the text a person's. */
  #keysAtFailedDraft = 0;

  constructor(context: SessionContext, waitMs: number) {
    this.#context = context;
    this.#waitMs = waitMs;
    this.#cleanup = draftCleanupFor(context);
  }

  /**
   * A program draft was left unsubmitted in the composer: erase it now if the screen is
   * safe, else before the next program keystroke. True once an empty composer confirmed it.
   */
  clearFailedDraft(): Promise<boolean> {
    this.#keysAtFailedDraft = this.#keys.count;
    return this.#cleanup.clearNow();
  }

  /** Keys from outside the queue (sendKeys), as they go to the terminal. */
  noteKeys(input: string | Uint8Array): void {
    this.#keys.note(input, this.#context.clock.now(), this.#context.screen.renderCount);
  }

  /** Milliseconds since the last key from outside, if any came after `mark` (from waitForFree). */
  msSinceKeysAfter(mark: number): number | undefined {
    return this.#keys.count === mark ? undefined : this.#context.clock.now() - this.#keys.lastAt;
  }

  /** How long a person's untouched draft may hold a program prompt. */
  get waitMs(): number {
    return this.#waitMs;
  }

  /**
   * Resolves with the key mark once the composer is free: a due cleanup of our own draft
   * first, then a person's draft. The mark lets delivery tell keys that came after it (it
   * then types nothing more).
   */
  async waitForFree(submission: GuardedSubmission): Promise<number> {
    const { screen, status, events, lifetime, clock } = this.#context;
    const { kind, signal, holdsReadiness } = submission;
    // The agent idles while the prompt waits: a readiness-waiting submission gives back the
    // ready transition it consumed (`running` would be a lie) and takes it again to type.
    const releaseReady = () => status.apply("composer_occupied", `${kind} waits`);
    // Our own unsubmitted draft goes first: the judge below sees only a person's text.
    // Once a person typed over it, the whole draft is theirs and is never erased.
    if (this.#keys.count !== this.#keysAtFailedDraft) this.#cleanup.forget();
    try {
      await this.#cleanup.beforeTyping(kind);
    } catch (error) {
      if (holdsReadiness) releaseReady();
      throw error;
    }
    let hasWarned = false;
    let hasReleased = false;
    let occupiedSince: number | undefined;
    // Whatever ends the wait untyped (the bound, a caller giving up) gives `ready` back once.
    const giveUp = (error: unknown): never => {
      if (!hasReleased && holdsReadiness) releaseReady();
      throw error;
    };
    for (;;) {
      if (signal?.aborted === true) giveUp(signal.reason);
      // One look at the composer, bounded like every pre-write render wait (C-API-56).
      await renderedWithin(this.#context);
      const look = { draft: screen.read().composerDraft, renders: screen.renderCount };
      const verdict = this.#keys.judge(look, clock.now());
      if (verdict === "free") {
        if (!hasReleased) return this.#keys.count;
        // The person may have sent their draft: their turn runs first.
        if (status.status === "ready") {
          status.apply("submitted", `${kind} composer free`);
          return this.#keys.count;
        }
        occupiedSince = undefined;
      } else if (verdict === "occupied") {
        const now = clock.now();
        occupiedSince ??= now;
        if (!hasWarned) {
          hasWarned = true;
          // Tells watchers, once per submission, why its prompt waits.
          events.emitWarning({
            source: "terminal",
            code: "composer_occupied",
            message:
              "A person's unsent text is in the agent's composer; the program's prompt waits until it is sent or cleared.",
            submission: kind,
            waitMs: this.#waitMs,
          });
        }
        if (!hasReleased && holdsReadiness) {
          hasReleased = true;
          releaseReady();
        }
        // A person still typing keeps the prompt waiting; an abandoned draft fails it.
        if (now - Math.max(occupiedSince, this.#keys.lastAt) >= this.#waitMs) {
          giveUp(composerOccupied(this.#waitMs, kind));
        }
      } else {
        occupiedSince = undefined;
      }
      await lifetime.sleep(COMPOSER_GUARD_POLL_MS);
    }
  }
}
