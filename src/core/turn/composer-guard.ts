// "A human and a program in one composer never mix" (issue 25, prd/runtime.md "A person's
// draft"): keys from outside the queue (sendKeys: the serve page, the API, an attached
// terminal) may leave a person's unsent text in the composer, and no program prompt is
// typed over it. The screen is the truth — the draft with the adapter's placeholders taken
// out — but only once keys came from outside since the composer was last seen empty: an
// unknown placeholder, or the agent's own leftover, never holds a program that no person
// typed over. A prompt waits until the composer is free; a draft left untouched for
// `waitMs` fails it with composer_occupied, and nothing was written. The person's text is
// never cleared here.
import { ElwoodError } from "../../errors.js";
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { type DraftCleanup, draftCleanupFor } from "../screen/draft-cleanup.js";
import { renderedWithin } from "../screen/safe-screen.js";

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

export type ComposerVerdict =
  /** No person's text is in the composer: a program prompt may be typed. */
  | "free"
  /** A person's text is in the composer: typing now would merge with it. */
  | "occupied"
  /** Keys just went in (their echo may not show yet), or no composer is visible. */
  | "unsettled";

/**
 * How long after the last key an empty composer proves the keys left nothing: a CLI echoes
 * a key within a frame or two, a loaded machine may take a few hundred ms; with no frame
 * rendered since the key, longer.
 */
const ECHO_MS = 300;
const UNRENDERED_ECHO_MS = 2000;

/** The composer's typed text (ScreenReading.composerDraft) and the frames rendered so far. */
interface ComposerLook {
  readonly draft: string | undefined;
  readonly renders: number;
}

export interface KeysSince {
  /** Keys came from outside since the composer was last seen empty. */
  readonly isPending: boolean;
  readonly msSinceLastKey: number;
  /** A frame was rendered after the last key, so its echo (if any) is on screen. */
  readonly hasRenderedSince: boolean;
}

/** The decision, from one look at the screen and what is known of the keys. */
export function judgeComposer(draft: string | undefined, keys: KeysSince): ComposerVerdict {
  if (!keys.isPending) return "free";
  if (draft === undefined) return "unsettled";
  if (draft.length > 0) return "occupied";
  const settledMs = keys.hasRenderedSince ? ECHO_MS : UNRENDERED_ECHO_MS;
  return keys.msSinceLastKey >= settledMs ? "free" : "unsettled";
}

/**
 * What a terminal answers by itself rather than a person typing (a browser terminal on the
 * serve page forwards these as keys): focus in/out, a cursor position report, device
 * attributes, a mode or keyboard-protocol report, a mouse report, an OSC reply (colours).
 */
const TERMINAL_REPORT =
  /\x1b\[(?:[IO]|\d+;\d+R|[?>=][\d;]*c|\?[\d;]*\$y|\?\d*u|<\d+;\d+;\d+[Mm])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

const asText = (input: string | Uint8Array) =>
  typeof input === "string" ? input : Buffer.from(input).toString("utf8");

/** Input made only of a terminal's own reports: no person pressed anything. */
export function isTerminalReport(input: string | Uint8Array): boolean {
  return asText(input).replace(TERMINAL_REPORT, "").length === 0;
}

/** Input that cannot put text in the composer: a lone Escape (an interrupt), or reports only. */
export function typesNothing(input: string | Uint8Array): boolean {
  return asText(input) === KEYS.escape || isTerminalReport(input);
}

/**
 * What the session knows of keys from outside: when the last came and whether the
 * composer was seen empty since. Input that types nothing is not counted (typesNothing);
 * every other key may leave text (a letter, a paste, an arrow recalling history).
 */
export class HumanKeys {
  #count = 0;
  #lastAt = Number.NEGATIVE_INFINITY;
  #rendersAtLast = 0;
  #isPending = false;

  note(input: string | Uint8Array, now: number, renders: number): void {
    if (typesNothing(input)) return;
    this.#count += 1;
    this.#lastAt = now;
    this.#rendersAtLast = renders;
    this.#isPending = true;
  }

  /** How many keyed inputs came so far: a mark to tell whether more came after it. */
  get count(): number {
    return this.#count;
  }

  get lastAt(): number {
    return this.#lastAt;
  }

  /** Judges one look; a free composer forgets the keys, which left nothing behind. */
  judge(look: ComposerLook, now: number): ComposerVerdict {
    const verdict = judgeComposer(look.draft, {
      isPending: this.#isPending,
      msSinceLastKey: now - this.#lastAt,
      hasRenderedSince: look.renders > this.#rendersAtLast,
    });
    if (verdict === "free") this.#isPending = false;
    return verdict;
  }
}

/** What waits: its kind, and whether it took the ready transition (it gives it back). */
export interface GuardedSubmission {
  readonly kind: string;
  readonly holdsReadiness: boolean;
  /** A caller that gave up (its turn's timeout): the prompt is not typed at all. */
  readonly signal?: AbortSignal | undefined;
}

/** The session's one guard (shared by turns and commands): the wait before a program's first key. */
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
   * Resolves once the composer is free (a due cleanup of our own draft first, then a
   * person's draft) with the mark that tells keys that came after it.
   */
  async waitForFree(submission: GuardedSubmission): Promise<number> {
    const { screen, status, events, lifetime, clock } = this.#context;
    const { kind, signal, holdsReadiness } = submission;
    // The agent idles while the prompt waits: a readiness-waiting submission gives back the
    // ready transition it consumed (`running` would be a lie) and takes it again to type.
    const releaseReady = () => status.apply("composer_occupied", `${kind} waits`);
    let wasOccupied = false;
    let occupiedSince: number | undefined;
    // Whatever ends the wait untyped (the bound, a caller giving up) gives `ready` back once.
    const giveUp = (error: unknown): never => {
      if (!wasOccupied && holdsReadiness) releaseReady();
      throw error;
    };
    // Our own unsubmitted draft goes first: the judge below sees only a person's text.
    // Once a person typed over it, the whole draft is theirs and is never erased.
    if (this.#keys.count !== this.#keysAtFailedDraft) this.#cleanup.forget();
    await this.#cleanup.beforeTyping(kind).catch(giveUp);
    for (;;) {
      if (signal?.aborted === true) giveUp(signal.reason);
      // One look at the composer, bounded like every pre-write render wait (C-API-56).
      await renderedWithin(this.#context);
      const look = { draft: screen.read().composerDraft, renders: screen.renderCount };
      const verdict = this.#keys.judge(look, clock.now());
      if (verdict === "free") {
        if (!wasOccupied || !holdsReadiness) return this.#keys.count;
        // The person may have sent their draft: their turn runs first.
        if (status.status === "ready") {
          status.apply("submitted", `${kind} composer free`);
          return this.#keys.count;
        }
        occupiedSince = undefined;
      } else if (verdict === "occupied") {
        const now = clock.now();
        occupiedSince ??= now;
        if (!wasOccupied) {
          wasOccupied = true;
          // Tells watchers, once per submission, why its prompt waits.
          events.emitWarning({
            source: "terminal",
            code: "composer_occupied",
            message:
              "A person's unsent text is in the agent's composer; the program's prompt waits until it is sent or cleared.",
            submission: kind,
            waitMs: this.#waitMs,
          });
          if (holdsReadiness) releaseReady();
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
