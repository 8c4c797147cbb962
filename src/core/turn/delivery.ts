// Verified delivery of one prompt (issue 11; api.md "Paste and Enter mechanics", C-API-31,
// C-API-56): one bracketed paste, Enter as a separate write once the paste shows, then
// watch until the agent accepts it. While our text stays staged, Enter is re-pressed on
// fresh frames; the paste itself is never repeated, so the model receives the prompt at
// most once. No proof of acceptance within the bound
// (time behind a dialog does not count) fails with prompt_not_accepted, naming the
// screen rule that held it.
import { ElwoodError } from "../../errors.js";
import { bracketedPaste, KEYS } from "../../terminal/input.js";
import type { ComposerState } from "./composer.js";
import { personKeptComposer, typedMeanwhile } from "./composer-guard.js";
import type { Turn } from "./turn.js";

export interface DeliveryBounds {
  /** Pause between the paste and the first look for it. */
  readonly enterSettleMs: number;
  /** How long the first Enter waits for the paste to show in the composer. */
  readonly pasteShowMs: number;
  /** How often the screen is looked at while acceptance is unproven. */
  readonly observeIntervalMs: number;
  /** Least time between two Enters when a frame rendered after the last one shows the text. */
  readonly enterRetryMs: number;
  /**
   * Least time between two Enters when no frame came after the last one: a CLI that
   * dropped the key may not repaint at all, and one that is only slow takes the second
   * Enter on its then-empty composer, where it does nothing.
   */
  readonly enterRetryUnrenderedMs: number;
  readonly maxEnters: number;
  /** Longest wait for proof of acceptance, not counting time behind a dialog or a running turn. */
  readonly acceptanceMs: number;
}

export const DELIVERY_BOUNDS: DeliveryBounds = {
  enterSettleMs: 120,
  pasteShowMs: 2000,
  observeIntervalMs: 250,
  enterRetryMs: 1000,
  enterRetryUnrenderedMs: 3000,
  maxEnters: 10,
  acceptanceMs: 60_000,
};

/** One look at the screen, after everything received so far was rendered. */
export interface DeliveryObservation {
  readonly composer: ComposerState;
  readonly isWorking: boolean;
  readonly hasDialog: boolean;
  /** Rows outside the composer that show the prompt (the CLI's history echo). */
  readonly echoes: number;
  /** Frames rendered so far; a key's effect can only show on a later one. */
  readonly renders: number;
}

export interface DeliverySurface {
  write(data: string): void;
  /** Waits until the screen is rendered and free of dialogs; rejects once the session closed. */
  waitForSafeScreen(): Promise<void>;
  observe(): Promise<DeliveryObservation>;
  sleep(ms: number): Promise<void>;
  now(): number;
  /**
   * A newer submission, or a person's keys, took over the composer: this one must not
   * press anything again. Checked right before every write, with no await in between.
   */
  isSuperseded(): boolean;
  /**
   * Milliseconds since a person's last key, if a person typed since the composer guard
   * passed (undefined otherwise): the composer is theirs, this delivery writes nothing more.
   */
  personIdleMs(): number | undefined;
  /** How long a person's untouched text may hold the prompt (the session's composerWaitMs). */
  readonly personWaitMs: number;
  /** A person took the composer (before our paste, or over it): the agent is left idle. */
  personTookOver(): void;
  /** What is being submitted (message, loop, …), for errors. */
  readonly submission: string;
  /** Reports evidence that the agent took the prompt; the turn owner decides what it means. */
  accept(evidence: string): void;
  /**
   * Erases our unsubmitted text from the composer (api.md "Failed-draft cleanup"); true
   * once an empty composer confirmed it, else it runs before the next program keystroke.
   */
  clearDraft(): Promise<boolean>;
}

/**
 * Delivers `turn.text`. Resolves once the turn is accepted (or superseded); marks the turn
 * written and submitted on the way. Rejects with prompt_not_accepted at the bound, or with
 * the surface's error once the session closed.
 */
export async function deliverTurn(
  surface: DeliverySurface,
  turn: Turn,
  bounds: DeliveryBounds = DELIVERY_BOUNDS,
): Promise<void> {
  const delivery = new Delivery(surface, turn, bounds);
  await delivery.run();
}

class Delivery {
  readonly #surface: DeliverySurface;
  readonly #turn: Turn;
  readonly #bounds: DeliveryBounds;
  readonly #startedAt: number;
  #heldMs = 0;
  #echoBaseline = 0;
  #enters = 0;
  #lastEnter = { at: 0, renders: 0 };
  /** The latest paste was seen staged in the composer. */
  #sawStaged = false;
  #rule = "no_acceptance_signal";

  constructor(surface: DeliverySurface, turn: Turn, bounds: DeliveryBounds) {
    this.#surface = surface;
    this.#turn = turn;
    this.#bounds = bounds;
    this.#startedAt = surface.now();
  }

  get #isDone(): boolean {
    return this.#turn.isAccepted || this.#turn.isSettled || this.#surface.isSuperseded();
  }

  // Time spent held behind a dialog or an unrendered screen is not the agent's delay.
  async #waitForSafeScreen(): Promise<void> {
    const since = this.#surface.now();
    await this.#surface.waitForSafeScreen();
    this.#heldMs += this.#surface.now() - since;
  }

  async run(): Promise<void> {
    await this.#deliver();
    const isOpen = !this.#turn.isAccepted && !this.#turn.isSettled;
    if (isOpen && this.#surface.personIdleMs() !== undefined) await this.#handsOff();
  }

  /**
   * A person typed into the composer while our prompt was staged there (issue 25): the
   * text is theirs now. Nothing more is written — no Enter, no paste, no cleanup — and the
   * prompt is taken only if they send it; left untouched for personWaitMs, it fails.
   */
  async #handsOff(): Promise<void> {
    const surface = this.#surface;
    surface.personTookOver();
    for (;;) {
      if (this.#turn.isAccepted || this.#turn.isSettled) return;
      const idleMs = surface.personIdleMs() ?? 0;
      if (idleMs >= surface.personWaitMs) {
        throw personKeptComposer(surface.submission, surface.personWaitMs);
      }
      await surface.sleep(this.#bounds.observeIntervalMs);
    }
  }

  async #deliver(): Promise<void> {
    await this.#waitForSafeScreen();
    this.#echoBaseline = (await this.#surface.observe()).echoes;
    await this.#paste();
    this.#turn.markSubmitted();
    while (!this.#isDone) {
      if (this.#surface.now() - this.#startedAt - this.#heldMs > this.#bounds.acceptanceMs) {
        throw await this.#notAccepted();
      }
      await this.#surface.sleep(this.#bounds.observeIntervalMs);
      if (this.#isDone) return;
      await this.#step(await this.#surface.observe());
    }
  }

  // The one paste, a wait (bounded) for it to show, then the Enter as its own write.
  async #paste(): Promise<void> {
    const surface = this.#surface;
    if (surface.isSuperseded()) {
      // A person typed since the composer guard passed: ours would join their text.
      surface.personTookOver();
      throw typedMeanwhile(surface.submission);
    }
    surface.write(bracketedPaste(this.#turn.text));
    this.#sawStaged = false;
    this.#turn.markWritten();
    await surface.sleep(this.#bounds.enterSettleMs);
    const showBy = surface.now() + this.#bounds.pasteShowMs;
    for (;;) {
      if (this.#isDone) return;
      const seen = await surface.observe();
      if (seen.composer === "staged") this.#sawStaged = true;
      if (seen.composer !== "empty" || seen.isWorking || surface.now() >= showBy) break;
      await surface.sleep(this.#bounds.observeIntervalMs);
    }
    if ((await surface.observe()).composer === "doubled") throw await this.#doubled();
    await this.#pressEnter();
  }

  async #pressEnter(): Promise<void> {
    await this.#waitForSafeScreen();
    if (this.#isDone) return;
    const seen = await this.#surface.observe();
    // Keys that came while we looked: this Enter would submit a person's text with ours.
    if (this.#isDone) return;
    if (seen.composer === "doubled") throw await this.#doubled();
    if (seen.composer === "staged") this.#sawStaged = true;
    this.#surface.write(KEYS.enter);
    this.#enters += 1;
    this.#lastEnter = { at: this.#surface.now(), renders: seen.renders };
  }

  async #step(seen: DeliveryObservation): Promise<void> {
    const bounds = this.#bounds;
    const now = this.#surface.now();
    if (seen.hasDialog) {
      // A dialog owns the keyboard; whatever it ate is re-checked once it is gone.
      this.#heldMs += bounds.observeIntervalMs;
      this.#rule = "dialog_visible";
      return;
    }
    if (seen.composer === "doubled") throw await this.#doubled();
    if (seen.composer === "staged") {
      this.#sawStaged = true;
      this.#rule = "composer_holds_prompt";
      // A prompt typed into a running turn waits for the agent: not the agent's delay.
      if (seen.isWorking) this.#heldMs += bounds.observeIntervalMs;
      const isFresh = seen.renders > this.#lastEnter.renders;
      const since = now - this.#lastEnter.at;
      const isDue = since >= (isFresh ? bounds.enterRetryMs : bounds.enterRetryUnrenderedMs);
      if (isDue && this.#enters < bounds.maxEnters) await this.#pressEnter();
      return;
    }
    if (seen.isWorking) {
      // Our text left the composer and the agent works: it took the prompt.
      this.#surface.accept("composer cleared and work started");
      return;
    }
    if (seen.composer === "hidden") {
      this.#rule = "composer_not_visible";
      return;
    }
    if (seen.echoes > this.#echoBaseline) {
      // The CLI shows the prompt in its history: it was submitted; wait for its signal.
      this.#rule = "prompt_echoed_without_acceptance_signal";
      return;
    }
    // Our text never showed, or showed and left: either way the prompt is never pasted
    // again. A paste that seems lost on a starved CLI is only late; a second copy was
    // taken as a second prompt (Claude queues one sent while it works), twice in a 32x4
    // run (stop 32). The spec repeats only Enters; no proof within the bound fails it.
    this.#rule = this.#sawStaged
      ? "prompt_left_composer_without_acceptance_signal"
      : "composer_empty_without_acceptance";
  }

  // Our text twice in the composer (a person's paste, a CLI's repeat): Enter would send it twice.
  #doubled(): Promise<ElwoodError> {
    this.#rule = "composer_holds_prompt_twice";
    return this.#notAccepted();
  }

  async #notAccepted(): Promise<ElwoodError> {
    const isStaged =
      this.#rule === "composer_holds_prompt" || this.#rule === "composer_holds_prompt_twice";
    const cleared = isStaged ? await this.#surface.clearDraft() : undefined;
    const draft =
      cleared === undefined
        ? ""
        : cleared
          ? " Its text was cleared from the composer."
          : " Its text could not be cleared from the composer yet; the next prompt waits until it is.";
    return new ElwoodError(
      "prompt_not_accepted",
      `The agent did not accept the prompt within ${this.#bounds.acceptanceMs} ms (screen rule: ${this.#rule}).${draft} Check the terminal, then send it again.`,
      {
        details: {
          rule: this.#rule,
          acceptanceMs: this.#bounds.acceptanceMs,
          enters: this.#enters,
          ...(cleared === undefined ? {} : { draftCleared: cleared }),
        },
      },
    );
  }
}
