// No program prompt is typed over a person's unsent text (issue 25, prd/runtime.md "A
// person's draft"). The screen's draft is the truth, but only once keys came from outside
// since the composer was last seen empty: a leftover nobody typed over never holds a prompt.
import { ElwoodError } from "../../errors.js";
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { type DraftCleanup, draftCleanupFor } from "../screen/draft-cleanup.js";
import { renderedWithin } from "../screen/safe-screen.js";

const COMPOSER_GUARD_POLL_MS = 100;
/** The default `composerWaitMs`: how long an untouched draft holds a due prompt. */
export const DEFAULT_COMPOSER_WAIT_MS = 60_000;

function composerOccupied(waitMs: number, submission: string): ElwoodError {
  return new ElwoodError(
    "composer_occupied",
    `A person's unsent text stayed in the agent's composer for ${waitMs} ms, so the program's prompt was not typed over it (nothing was written). Send or clear that text, then send the prompt again.`,
    { details: { waitMs, submission } },
  );
}

export function typedMeanwhile(submission: string): ElwoodError {
  return new ElwoodError(
    "composer_occupied",
    "A person started typing in the agent's composer just as the program's prompt was due, so the prompt was not typed (nothing was written). Send or clear that text, then send the prompt again.",
    { details: { waitMs: 0, submission } },
  );
}

export function personKeptComposer(submission: string, waitMs: number): ElwoodError {
  return new ElwoodError(
    "composer_occupied",
    `A person typed into the agent's composer while the program's prompt was staged there, so the program did not submit it, and the text sat untouched for ${waitMs} ms. Send or clear the composer's text, then send the prompt again.`,
    { details: { waitMs, submission, rule: "person_typed_into_staged_prompt" } },
  );
}

/** `unsettled`: keys just went in (their echo may not show yet), or no composer is visible. */
export type ComposerVerdict = "free" | "occupied" | "unsettled";

// An empty composer this long after the last key proves it left nothing (a loaded machine
// echoes a key within a few hundred ms); with no frame rendered since the key, longer.
const ECHO_MS = 300;
const UNRENDERED_ECHO_MS = 2000;

/** `isPending`: keys came since the composer was last seen empty; `hasRenderedSince` shows their echo. */
export interface KeysSince {
  readonly isPending: boolean;
  readonly msSinceLastKey: number;
  readonly hasRenderedSince: boolean;
}

export function judgeComposer(draft: string | undefined, keys: KeysSince): ComposerVerdict {
  if (!keys.isPending) return "free";
  if (draft === undefined) return "unsettled";
  if (draft.length > 0) return "occupied";
  const settledMs = keys.hasRenderedSince ? ECHO_MS : UNRENDERED_ECHO_MS;
  return keys.msSinceLastKey >= settledMs ? "free" : "unsettled";
}

/**
 * What a terminal answers by itself (the serve page's browser terminal forwards these as
 * keys): focus, cursor position, device attributes, mode and keyboard reports, mouse, OSC.
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

/** Keys from outside that may leave text (an arrow recalls history): when, and whether seen since. */
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

  /** A mark to tell whether more keys came after it. */
  get count(): number {
    return this.#count;
  }

  get lastAt(): number {
    return this.#lastAt;
  }

  /** A free composer forgets the keys, which left nothing behind. */
  judge(look: { draft: string | undefined; renders: number }, now: number): ComposerVerdict {
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
  readonly signal?: AbortSignal | undefined;
}

/** The session's one guard, shared by turns and commands. */
export class ComposerGuard {
  readonly #context: SessionContext;
  readonly #keys = new HumanKeys();
  readonly waitMs: number;
  readonly #cleanup: DraftCleanup;
  /** A key after this count makes our failed draft a person's. */
  #keysAtFailedDraft = 0;

  constructor(context: SessionContext, waitMs: number) {
    this.#context = context;
    this.waitMs = waitMs;
    this.#cleanup = draftCleanupFor(context);
  }

  /** Our unsubmitted draft: erased now or before the next program keystroke; true once confirmed. */
  clearFailedDraft(): Promise<boolean> {
    this.#keysAtFailedDraft = this.#keys.count;
    return this.#cleanup.clearNow();
  }

  noteKeys(input: string | Uint8Array): void {
    this.#keys.note(input, this.#context.clock.now(), this.#context.screen.renderCount);
  }

  /** Milliseconds since the last key from outside, if any came after `mark` (from waitForFree). */
  msSinceKeysAfter(mark: number): number | undefined {
    return this.#keys.count === mark ? undefined : this.#context.clock.now() - this.#keys.lastAt;
  }

  /** Resolves once the composer is free, with the mark that tells keys that came after it. */
  async waitForFree(submission: GuardedSubmission): Promise<number> {
    const { screen, status, events, lifetime, clock } = this.#context;
    const { kind, signal, holdsReadiness } = submission;
    // The agent idles while the prompt waits: a readiness-waiting one gives back its ready.
    const releaseReady = () => status.apply("composer_occupied", `${kind} waits`);
    let wasOccupied = false;
    let occupiedSince: number | undefined;
    // Whatever ends the wait untyped (the bound, a caller giving up) gives `ready` back once.
    const giveUp = (error: unknown): never => {
      if (!wasOccupied && holdsReadiness) releaseReady();
      throw error;
    };
    // Our own draft goes first, unless a person typed over it: then it is theirs.
    if (this.#keys.count !== this.#keysAtFailedDraft) this.#cleanup.forget();
    await this.#cleanup.beforeTyping(kind).catch(giveUp);
    for (;;) {
      if (signal?.aborted === true) giveUp(signal.reason);
      await renderedWithin(this.#context);
      const look = { draft: screen.read().composerDraft, renders: screen.renderCount };
      const verdict = this.#keys.judge(look, clock.now());
      if (verdict !== "occupied") occupiedSince = undefined;
      if (verdict === "free") {
        if (!wasOccupied || !holdsReadiness) return this.#keys.count;
        // The person may have sent their draft: their turn runs first.
        if (status.status === "ready") {
          status.apply("submitted", `${kind} composer free`);
          return this.#keys.count;
        }
      } else if (verdict === "occupied") {
        const now = clock.now();
        occupiedSince ??= now;
        if (!wasOccupied) {
          wasOccupied = true;
          events.emitWarning({
            source: "terminal",
            code: "composer_occupied",
            message:
              "A person's unsent text is in the agent's composer; the program's prompt waits until it is sent or cleared.",
            submission: kind,
            waitMs: this.waitMs,
          });
          if (holdsReadiness) releaseReady();
        }
        // A person still typing keeps the prompt waiting; an abandoned draft fails it.
        if (now - Math.max(occupiedSince, this.#keys.lastAt) >= this.waitMs) {
          giveUp(composerOccupied(this.waitMs, kind));
        }
      }
      await lifetime.sleep(COMPOSER_GUARD_POLL_MS);
    }
  }
}
