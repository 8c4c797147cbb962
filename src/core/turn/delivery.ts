// Verified delivery of one prompt (issue 11; api.md "Paste and Enter mechanics", C-API-31,
// C-API-56): one paste, then Enter (again while our text stays staged), never a second
// paste. No proof of acceptance in time fails with prompt_not_accepted and the screen rule.
// The bound counts all waiting, a dialog's included (issue 49): only the wait for the last
// turn's working indicator, itself bounded, comes on top.
import { ElwoodError } from "../../errors.js";
import { bracketedPaste, KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import type { EnterTiming } from "../contract/adapter.js";
import { isScreenSafeNow, renderedWithin } from "../screen/safe-screen.js";
import { type ComposerState, classifyComposer, countEchoes } from "./composer.js";
import { type ComposerGuard, personKeptComposer, typedMeanwhile } from "./composer-guard.js";
import type { Turn } from "./turn.js";

export const DELIVERY_BOUNDS = {
  /** Pause between the paste and the first look for it. */
  enterSettleMs: 120,
  /** How long the first Enter waits for the paste to show in the composer. */
  pasteShowMs: 2000,
  observeIntervalMs: 250,
  maxEnters: 10,
  /**
   * Longest wait for proof of acceptance, from the delivery's start: time behind a dialog
   * counts (a dialog that never goes must not hold send() for ever), as does a prompt staged
   * while the agent still works.
   */
  acceptanceMs: 60_000,
  /** Longest wait, before the paste, for a working indicator left from the last turn to go; on top of acceptanceMs. */
  previousWorkMs: 15_000,
  /** Between two looks at a screen that is not safe to type into (a dialog, unrendered output). */
  heldRetryMs: 200,
} as const;

/** When Enter follows a paste (TurnSignals.enterTiming overrides it per CLI). */
export const DEFAULT_ENTER_TIMING: EnterTiming = {
  afterPasteShownMs: 0,
  /** Least time between two Enters when a frame rendered after the last one shows the text. */
  retryMs: 1000,
  /** The same with no frame since: a slow CLI takes a second Enter on its empty composer, harmlessly. */
  retryUnrenderedMs: 3000,
};

interface DeliveryObservation {
  readonly composer: ComposerState;
  readonly isWorking: boolean;
  readonly hasDialog: boolean;
  readonly echoes: number;
  readonly renders: number;
}

interface DeliveryTarget {
  readonly turn: Turn;
  readonly pasteChip: RegExp;
  readonly enterTiming: EnterTiming;
  /** A key from outside after `keysMark` gives a person the composer. */
  readonly guard: ComposerGuard;
  readonly keysMark: number;
  readonly holdsReadiness: boolean;
  /** A newer submission or a person's raw keys took over: checked right before every write. */
  isSuperseded(): boolean;
  accept(evidence: string): void;
}

/** `run()` resolves once the turn is accepted or superseded, or rejects with prompt_not_accepted. */
export class Delivery {
  readonly #context: SessionContext;
  readonly #target: DeliveryTarget;
  readonly #turn: Turn;
  readonly #bounds = DELIVERY_BOUNDS;
  readonly #startedAt: number;
  /** Time spent waiting for the last turn's working indicator: at most previousWorkMs. */
  #heldMs = 0;
  #echoBaseline = 0;
  #enters = 0;
  #lastEnter = { at: 0, renders: 0 };
  #sawStaged = false;
  /** A frame since the paste showed no working indicator: one seen now came up after it. */
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

  #isSuperseded(): boolean {
    return this.#target.isSuperseded() || this.#personIdleMs() !== undefined;
  }

  #personIdleMs(): number | undefined {
    return this.#target.guard.msSinceKeysAfter(this.#target.keysMark);
  }

  #personTookOver(): void {
    const { turn, holdsReadiness } = this.#target;
    if (holdsReadiness) this.#context.status.apply("composer_occupied", `${turn.kind} taken over`);
  }

  get #isPastBound(): boolean {
    return this.#context.clock.now() - this.#startedAt - this.#heldMs > this.#bounds.acceptanceMs;
  }

  // Nothing is typed over a dialog or unrendered output; a screen that never becomes safe
  // fails the delivery within its bound instead of holding it for ever.
  async #waitForSafeScreen(): Promise<void> {
    while (!(await isScreenSafeNow(this.#context))) {
      if (this.#context.screen.read().dialog !== undefined) this.#rule = "dialog_visible";
      if (this.#isPastBound) throw await this.#notAccepted();
      await this.#context.lifetime.sleep(this.#bounds.heldRetryMs);
    }
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

  /** A person typed into our staged prompt (issue 25): it is theirs to send; untouched, it fails. */
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

  async run(): Promise<void> {
    await this.#waitForSafeScreen();
    if (this.#target.holdsReadiness) await this.#waitForPreviousWork();
    this.#echoBaseline = (await this.#observe()).echoes;
    await this.#paste();
    this.#turn.markSubmitted();
    while (!this.#isDone) {
      if (this.#isPastBound) throw await this.#notAccepted();
      await this.#context.lifetime.sleep(this.#bounds.observeIntervalMs);
      if (!this.#isDone) await this.#step(await this.#observe());
    }
    const isOpen = !this.#turn.isAccepted && !this.#turn.isSettled;
    if (isOpen && this.#personIdleMs() !== undefined) await this.#handsOff();
  }

  // A turn-end hook can come while the CLI still shows the turn working (starved, it runs
  // the hook before it closes the turn). A prompt Entered then is taken into the running
  // turn: Codex 0.171 holds it "to be submitted after next tool call", which never comes
  // (64x2 bench). A person waits for the indicator to go; so do we, held time, bounded.
  async #waitForPreviousWork(): Promise<void> {
    const since = this.#context.clock.now();
    while (this.#context.clock.now() - since < this.#bounds.previousWorkMs) {
      await renderedWithin(this.#context);
      if (!this.#context.screen.read().isWorking || this.#isDone) break;
      await this.#context.lifetime.sleep(this.#bounds.observeIntervalMs);
    }
    this.#heldMs += this.#context.clock.now() - since;
  }

  async #paste(): Promise<void> {
    if (this.#isSuperseded()) {
      this.#personTookOver();
      throw typedMeanwhile(this.#turn.kind);
    }
    this.#context.terminal.sendInput(bracketedPaste(this.#turn.text));
    this.#sawStaged = false;
    await this.#context.lifetime.sleep(this.#bounds.enterSettleMs);
    const showBy = this.#context.clock.now() + this.#bounds.pasteShowMs;
    for (;;) {
      if (this.#isDone) return;
      const seen = await this.#observe();
      if (seen.composer === "staged") this.#sawStaged = true;
      if (seen.composer !== "empty" || this.#isOurWork(seen) || this.#context.clock.now() >= showBy)
        break;
      await this.#context.lifetime.sleep(this.#bounds.observeIntervalMs);
    }
    if ((await this.#observe()).composer === "doubled") throw await this.#doubled();
    const { afterPasteShownMs } = this.#target.enterTiming;
    if (afterPasteShownMs > 0) await this.#context.lifetime.sleep(afterPasteShownMs);
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
    this.#lastEnter = { at: this.#context.clock.now(), renders: seen.renders };
  }

  async #step(seen: DeliveryObservation): Promise<void> {
    const bounds = this.#bounds;
    if (seen.hasDialog) {
      // A dialog owns the keyboard; whatever it ate is re-checked once it is gone. The time
      // counts: the dialog may be a tool's paint that no one will ever answer (issue 49).
      this.#rule = "dialog_visible";
    } else if (seen.composer === "doubled") {
      throw await this.#doubled();
    } else if (seen.composer === "staged") {
      this.#sawStaged = true;
      this.#rule = "composer_holds_prompt";
      const since = this.#context.clock.now() - this.#lastEnter.at;
      const isFresh = seen.renders > this.#lastEnter.renders;
      const { retryMs, retryUnrenderedMs } = this.#target.enterTiming;
      const isDue = since >= (isFresh ? retryMs : retryUnrenderedMs);
      if (isDue && this.#enters < bounds.maxEnters) await this.#pressEnter();
    } else if (this.#isOurWork(seen)) {
      this.#target.accept("composer cleared and work started");
    } else if (seen.composer === "hidden") {
      this.#rule = "composer_not_visible";
    } else if (seen.echoes > this.#echoBaseline) {
      this.#rule = "prompt_echoed_without_acceptance_signal";
    } else {
      // Never pasted again: a paste that seems lost on a starved CLI is only late, and a
      // second copy was taken as a second prompt twice in a 32x4 run (stop 32).
      this.#rule = this.#sawStaged
        ? "prompt_left_composer_without_acceptance_signal"
        : "composer_empty_without_acceptance";
    }
  }

  // Work that came up after our paste: the previous turn's spinner, counted, accepted a lost
  // paste whose turn never ended (16x4 runs, stop 33).
  #isOurWork(seen: DeliveryObservation): boolean {
    return seen.isWorking && (this.#sawNoWork || this.#sawStaged);
  }

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
