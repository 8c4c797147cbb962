// Verified delivery of one prompt (issue 11; api.md "Paste and Enter mechanics", C-API-31,
// C-API-56): one bracketed paste, Enter as a separate write once the paste shows, then
// watch until the agent accepts it. While our text stays staged, Enter is re-pressed on
// fresh frames; the paste itself is never repeated, so the model receives the prompt at
// most once. No proof of acceptance within the bound
// (time behind a dialog does not count) fails with prompt_not_accepted, naming the
// screen rule that held it.
import { ElwoodError } from "../../errors.js";
import { bracketedPaste, KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { renderedWithin, waitForSafeScreen } from "../screen/safe-screen.js";
import { type ComposerState, classifyComposer, countEchoes } from "./composer.js";
import { type ComposerGuard, personKeptComposer, typedMeanwhile } from "./composer-guard.js";
import type { Turn } from "./turn.js";

export const DELIVERY_BOUNDS = {
  /** Pause between the paste and the first look for it. */
  enterSettleMs: 120,
  /** How long the first Enter waits for the paste to show in the composer. */
  pasteShowMs: 2000,
  /** How often the screen is looked at while acceptance is unproven. */
  observeIntervalMs: 250,
  /** Least time between two Enters when a frame rendered after the last one shows the text. */
  enterRetryMs: 1000,
  /**
   * Least time between two Enters when no frame came after the last one: a CLI that
   * dropped the key may not repaint at all, and one that is only slow takes the second
   * Enter on its then-empty composer, where it does nothing.
   */
  enterRetryUnrenderedMs: 3000,
  maxEnters: 10,
  /** Longest wait for proof of acceptance, not counting time behind a dialog or a running turn. */
  acceptanceMs: 60_000,
} as const;

/** One look at the screen, after everything received so far was rendered. */
interface DeliveryObservation {
  readonly composer: ComposerState;
  readonly isWorking: boolean;
  readonly hasDialog: boolean;
  /** Rows outside the composer that show the prompt (the CLI's history echo). */
  readonly echoes: number;
  /** Frames rendered so far; a key's effect can only show on a later one. */
  readonly renders: number;
}

/** One submission's delivery: its turn, and what it needs beyond the session context. */
export interface DeliveryTarget {
  readonly turn: Turn;
  /** The adapter's paste chip, which stands in the composer for a long paste. */
  readonly pasteChip: RegExp;
  /** The session's guard; a key from outside after `keysMark` gives a person the composer. */
  readonly guard: ComposerGuard;
  readonly keysMark: number;
  /** A readiness-waiting submission: a person taking the composer leaves the agent idle. */
  readonly holdsReadiness: boolean;
  /**
   * A newer submission, or a person's raw keys, took over the composer: this one must not
   * press anything again. Checked right before every write, with no await in between.
   */
  isSuperseded(): boolean;
  /** Reports evidence that the agent took the prompt; the turn owner decides what it means. */
  accept(evidence: string): void;
}

/**
 * Delivers `target.turn.text`. Resolves once the turn is accepted (or superseded); marks
 * the turn written and submitted on the way. Rejects with prompt_not_accepted at the
 * bound, or with session_not_running once the session closed.
 */
export async function deliverTurn(context: SessionContext, target: DeliveryTarget): Promise<void> {
  await new Delivery(context, target).run();
}

class Delivery {
  readonly #context: SessionContext;
  readonly #target: DeliveryTarget;
  readonly #turn: Turn;
  readonly #bounds = DELIVERY_BOUNDS;
  readonly #startedAt: number;
  #heldMs = 0;
  #echoBaseline = 0;
  #enters = 0;
  #lastEnter = { at: 0, renders: 0 };
  /** The latest paste was seen staged in the composer. */
  #sawStaged = false;
  /**
   * A frame since the look just before the paste showed no working indicator, so any
   * working indicator seen now came up after it (#isOurWork).
   */
  #sawNoWork = false;
  #rule = "no_acceptance_signal";

  constructor(context: SessionContext, target: DeliveryTarget) {
    this.#context = context;
    this.#target = target;
    this.#turn = target.turn;
    this.#startedAt = context.clock.now();
  }

  get #isDone(): boolean {
    return this.#turn.isAccepted || this.#turn.isSettled || this.#isSuperseded();
  }

  // Keys from outside after the composer guard passed: a person has the composer now.
  #isSuperseded(): boolean {
    const { guard, keysMark } = this.#target;
    return this.#target.isSuperseded() || guard.keyCount !== keysMark;
  }

  #now(): number {
    return this.#context.clock.now();
  }

  // Milliseconds since a person's last key, if a person typed since the composer guard
  // passed (undefined otherwise): the composer is theirs, this delivery writes nothing more.
  #personIdleMs(): number | undefined {
    const { guard, keysMark } = this.#target;
    return guard.keyCount === keysMark ? undefined : guard.msSinceLastKey;
  }

  // A person took the composer (before our paste, or over it): the agent is left idle.
  #personTookOver(): void {
    const { turn, holdsReadiness } = this.#target;
    if (holdsReadiness) this.#context.status.apply("composer_occupied", `${turn.kind} taken over`);
  }

  // Time spent held behind a dialog or an unrendered screen is not the agent's delay.
  async #waitForSafeScreen(): Promise<void> {
    const since = this.#now();
    await waitForSafeScreen(this.#context);
    this.#heldMs += this.#now() - since;
  }

  async #observe(): Promise<DeliveryObservation> {
    const { terminal, screen } = this.#context;
    const { turn, pasteChip } = this.#target;
    await renderedWithin(this.#context);
    const { composerText, isWorking, dialog } = screen.read();
    if (!isWorking) this.#sawNoWork = true;
    return {
      composer: classifyComposer(composerText, turn.text, pasteChip),
      isWorking,
      hasDialog: dialog !== undefined,
      echoes: countEchoes(terminal.snapshot().lines, turn.text, composerText),
      renders: screen.renderCount,
    };
  }

  async run(): Promise<void> {
    await this.#deliver();
    const isOpen = !this.#turn.isAccepted && !this.#turn.isSettled;
    if (isOpen && this.#personIdleMs() !== undefined) await this.#handsOff();
  }

  /**
   * A person typed into the composer while our prompt was staged there (issue 25): the
   * text is theirs now. Nothing more is written — no Enter, no paste, no cleanup — and the
   * prompt is taken only if they send it; left untouched for personWaitMs, it fails.
   */
  async #handsOff(): Promise<void> {
    const waitMs = this.#target.guard.waitMs;
    this.#personTookOver();
    for (;;) {
      if (this.#turn.isAccepted || this.#turn.isSettled) return;
      const idleMs = this.#personIdleMs() ?? 0;
      if (idleMs >= waitMs) throw personKeptComposer(this.#turn.kind, waitMs);
      await this.#context.lifetime.sleep(this.#bounds.observeIntervalMs);
    }
  }

  async #deliver(): Promise<void> {
    await this.#waitForSafeScreen();
    this.#echoBaseline = (await this.#observe()).echoes;
    await this.#paste();
    this.#turn.markSubmitted();
    while (!this.#isDone) {
      if (this.#now() - this.#startedAt - this.#heldMs > this.#bounds.acceptanceMs) {
        throw await this.#notAccepted();
      }
      await this.#context.lifetime.sleep(this.#bounds.observeIntervalMs);
      if (this.#isDone) return;
      await this.#step(await this.#observe());
    }
  }

  // The one paste, a wait (bounded) for it to show, then the Enter as its own write.
  async #paste(): Promise<void> {
    if (this.#isSuperseded()) {
      // A person typed since the composer guard passed: ours would join their text.
      this.#personTookOver();
      throw typedMeanwhile(this.#turn.kind);
    }
    this.#context.terminal.sendInput(bracketedPaste(this.#turn.text));
    this.#sawStaged = false;
    this.#turn.markWritten();
    await this.#context.lifetime.sleep(this.#bounds.enterSettleMs);
    const showBy = this.#now() + this.#bounds.pasteShowMs;
    for (;;) {
      if (this.#isDone) return;
      const seen = await this.#observe();
      if (seen.composer === "staged") this.#sawStaged = true;
      if (seen.composer !== "empty" || this.#isOurWork(seen) || this.#now() >= showBy) break;
      await this.#context.lifetime.sleep(this.#bounds.observeIntervalMs);
    }
    if ((await this.#observe()).composer === "doubled") throw await this.#doubled();
    await this.#pressEnter();
  }

  async #pressEnter(): Promise<void> {
    await this.#waitForSafeScreen();
    if (this.#isDone) return;
    const seen = await this.#observe();
    // Keys that came while we looked: this Enter would submit a person's text with ours.
    if (this.#isDone) return;
    if (seen.composer === "doubled") throw await this.#doubled();
    if (seen.composer === "staged") this.#sawStaged = true;
    this.#context.terminal.sendInput(KEYS.enter);
    this.#enters += 1;
    this.#lastEnter = { at: this.#now(), renders: seen.renders };
  }

  async #step(seen: DeliveryObservation): Promise<void> {
    const bounds = this.#bounds;
    const now = this.#now();
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
    if (this.#isOurWork(seen)) {
      // Our text left the composer and the agent works: it took the prompt.
      this.#target.accept("composer cleared and work started");
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

  /**
   * Work that answers our paste: a working indicator that was not already up when we
   * pasted, or that outlived our text leaving the composer. The previous turn's spinner,
   * still up after its Stop hook, proves nothing: counted, it accepted a prompt whose
   * paste was lost, and that turn never ended (16x4 and 32x4 runs, stop 33).
   */
  #isOurWork(seen: DeliveryObservation): boolean {
    return seen.isWorking && (this.#sawNoWork || this.#sawStaged);
  }

  // Our text twice in the composer (a person's paste, a CLI's repeat): Enter would send it twice.
  #doubled(): Promise<ElwoodError> {
    this.#rule = "composer_holds_prompt_twice";
    return this.#notAccepted();
  }

  async #notAccepted(): Promise<ElwoodError> {
    const isStaged =
      this.#rule === "composer_holds_prompt" || this.#rule === "composer_holds_prompt_twice";
    const cleared = isStaged ? await this.#target.guard.clearFailedDraft() : undefined;
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
