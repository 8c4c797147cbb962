// Failed-draft cleanup (api.md): a program draft not submitted is erased before anything
// else is typed; it stays due until a later frame shows the composer empty.
import { ElwoodError } from "../../errors.js";
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { isScreenSafeNow, renderedWithin } from "./safe-screen.js";

/** How long a frame showing the empty composer may take after the cleanup's keys. */
const CLEANUP_CONFIRM_MS = 1000;
/** Rounds of keys, and the longest wait for a safe screen, before the next typing fails. */
const CLEANUP_ROUNDS = 3;
const CLEANUP_WAIT_MS = 10_000;
const UNSAFE_RETRY_MS = 200;
const CONFIRM_POLL_MS = 50;
const LOOK_RENDER_BOUND_MS = 250;

/**
 * Keys that clear a draft shown on `rows` screen rows, from the last row up: both CLIs kill
 * only the cursor's screen row, so each row gets Ctrl-U and Ctrl-K, joined by a Backspace.
 */
export function clearDraftKeys(rows: number): string {
  const row = `${KEYS.ctrlU}${KEYS.ctrlK}`;
  return Array.from({ length: Math.max(1, rows) }, () => row).join(KEYS.backspace);
}

interface DraftCleanupSurface {
  isSafeNow(): Promise<boolean>;
  /** The composer's draft (ScreenReading.composerDraft) and rows, once rendered (bounded). */
  look(): Promise<{ draft: string | undefined; rows: number; renders: number }>;
  write(data: string): void;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/** The session's one record of a program draft that may still sit in the composer. */
export class DraftCleanup {
  readonly #surface: DraftCleanupSurface;
  #isDue = false;

  constructor(surface: DraftCleanupSurface) {
    this.#surface = surface;
  }

  /** After a failed submission: clears now if the screen is safe; true once confirmed. */
  async clearNow(): Promise<boolean> {
    this.#isDue = true;
    if (!(await this.#surface.isSafeNow())) return false;
    return this.#round();
  }

  /**
   * Before a program's first keystroke. With no composer on screen (a dialog or picker owns
   * the keys) it stays due; a composer that will not empty rejects with wait_timeout.
   */
  async beforeTyping(submission: string): Promise<void> {
    if (!this.#isDue) return;
    const surface = this.#surface;
    const giveUpAt = surface.now() + CLEANUP_WAIT_MS;
    for (let round = 0; round < CLEANUP_ROUNDS; ) {
      if ((await surface.look()).draft === undefined) return;
      if (!(await surface.isSafeNow())) {
        if (surface.now() >= giveUpAt) break;
        await surface.sleep(UNSAFE_RETRY_MS);
        continue;
      }
      round += 1;
      if (await this.#round()) return;
    }
    throw new ElwoodError(
      "wait_timeout",
      `Timed out clearing an earlier prompt that was not submitted from the agent's composer (${CLEANUP_ROUNDS} tries, each confirmed within ${CLEANUP_CONFIRM_MS} ms), so the ${submission} was not typed over it (nothing was written). Clear the composer, then send it again.`,
      { details: { rounds: CLEANUP_ROUNDS, confirmMs: CLEANUP_CONFIRM_MS, submission } },
    );
  }

  /** A person typed over the draft: it is theirs now, never erased. */
  forget(): void {
    this.#isDue = false;
  }

  // One write sized to what shows, then a fresh frame with an empty composer within 1 s.
  async #round(): Promise<boolean> {
    const surface = this.#surface;
    const before = await surface.look();
    if (before.draft === undefined) return false;
    if (before.draft !== "") {
      surface.write(clearDraftKeys(before.rows));
      const deadline = surface.now() + CLEANUP_CONFIRM_MS;
      let seen = await surface.look();
      while (seen.renders <= before.renders || seen.draft !== "") {
        if (surface.now() >= deadline) return false;
        await surface.sleep(CONFIRM_POLL_MS);
        seen = await surface.look();
      }
    }
    this.#isDue = false;
    return true;
  }
}

export function draftCleanupFor(
  context: Pick<SessionContext, "terminal" | "screen" | "lifetime" | "clock">,
): DraftCleanup {
  const { terminal, screen, lifetime, clock } = context;
  return new DraftCleanup({
    isSafeNow: () => isScreenSafeNow(context),
    look: async () => {
      await renderedWithin(context, LOOK_RENDER_BOUND_MS);
      const { composerText, composerDraft } = screen.read();
      return {
        draft: composerDraft,
        rows: composerText === undefined ? 0 : composerText.split("\n").length,
        renders: screen.renderCount,
      };
    },
    write: (data) => terminal.sendInput(data),
    sleep: (ms) => lifetime.sleep(ms),
    now: () => clock.now(),
  });
}
