// Which Turn is current, and the timing facts that keep one turn's signals from touching
// another: a turn end only completes the newest submission, the previous turn's spinner
// clearing cannot end the next turn, and a permission a hook just decided is nobody's job.
import { classifyComposer, normalizeText, promptSignature } from "./composer.js";
import { DecidedPermission } from "./decided-permission.js";
import { Turn, type TurnListener } from "./turn.js";

/** A working row painted this soon after a turn end is the old turn's leftover. */
export const STALE_WORK_AFTER_TURN_END_MS = 1000;

export class TurnLedger {
  readonly #now: () => number;
  readonly #onChange: TurnListener;
  #current: Turn | undefined;
  #generation = 0;
  #lastTurnEndAt = 0;
  /** No turn has ended yet, so no spinner can be a leftover. */
  #idleSinceTurnEnd = true;
  #sawWorkSinceSubmission = false;
  #rawInputTurn: Turn | undefined;
  #isHookDriven = false;

  /** A permission prompt a hook handler already answered (./decided-permission.ts). */
  readonly decidedPermission: DecidedPermission;

  constructor(options: { readonly now?: () => number; readonly onChange?: TurnListener } = {}) {
    this.#now = options.now ?? Date.now;
    this.#onChange = options.onChange ?? (() => {});
    this.decidedPermission = new DecidedPermission(this.#now);
  }

  /** The newest submission, settled or not. */
  get current(): Turn | undefined {
    return this.#current;
  }

  /** Bumped at every physical submission. */
  get generation(): number {
    return this.#generation;
  }

  /** True when no submission waits for the agent's acceptance. */
  get isAccepted(): boolean {
    const turn = this.#current;
    return turn === undefined || turn.isAccepted || turn.isSettled;
  }

  /** A new submission becomes current; an older unsettled one stops being tracked. */
  begin(kind: string, text: string): Turn {
    this.#generation += 1;
    this.#sawWorkSinceSubmission = false;
    const turn = new Turn({ id: this.#generation, kind, text });
    turn.onChange((change) => this.#onChange(change));
    this.#current = turn;
    turn.announceStart();
    return turn;
  }

  /**
   * An acceptance signal for the current turn. A signal that carries the submitted text
   * (the prompt hook, a transcript user message) must match it: the agent accepting some
   * other prompt (typed into the TUI, or an older one) proves nothing about ours.
   */
  accept(evidence: string, submittedText?: string): void {
    const turn = this.#current;
    if (turn === undefined || turn.isSettled) return;
    if (submittedText !== undefined && !isSameSubmission(submittedText, turn.text)) return;
    turn.accept(evidence);
  }

  /** Raw input took over the composer (api.md): the current delivery presses nothing more. */
  yieldToRawInput(): void {
    this.#rawInputTurn = this.#current;
  }

  /** Whether `turn`'s delivery must stop writing: a newer turn or raw input took over. */
  isSuperseded(turn: Turn): boolean {
    return this.#current !== turn || this.#rawInputTurn === turn;
  }

  /**
   * The agent's turn hooks reach us (its prompt or turn-end hook was seen), so a turn's
   * end comes from the turn-end hook, not from the spinner clearing.
   */
  get isHookDriven(): boolean {
    return this.#isHookDriven;
  }

  noteTurnHook(): void {
    this.#isHookDriven = true;
  }

  /** A frame with no working indicator: a spinner after this is not the old turn's. */
  noteIdleFrame(): void {
    this.#idleSinceTurnEnd = true;
  }

  /**
   * Records working evidence; false when it is the previous turn's leftover: painted just
   * after the turn end, or on screen ever since it while our prompt is not yet accepted
   * (a CPU-starved Claude keeps its "running Stop hook" spinner up for seconds).
   */
  noteWork(): boolean {
    if (this.#now() - this.#lastTurnEndAt < STALE_WORK_AFTER_TURN_END_MS) return false;
    if (!this.#idleSinceTurnEnd && !this.isAccepted) return false;
    this.#sawWorkSinceSubmission = true;
    this.#current?.markRunning();
    return true;
  }

  /**
   * An idle screen may end the turn only after fresh work was seen, and never while the
   * turn's own prompt still sits unaccepted in the composer: delivery owns that one.
   */
  mayEndOnIdle(composerText: string | undefined): boolean {
    if (!this.#sawWorkSinceSubmission) return false;
    const turn = this.#current;
    if (turn === undefined || turn.isAccepted || turn.isSettled) return true;
    const composer = classifyComposer(composerText, turn.text);
    return composer !== "staged" && composer !== "doubled";
  }

  endTurn(): void {
    this.#lastTurnEndAt = this.#now();
    this.#idleSinceTurnEnd = false;
    this.#current?.end();
  }
}

// Both texts whitespace-collapsed: the hook or transcript may re-wrap or trim the prompt.
function isSameSubmission(submitted: string, ours: string): boolean {
  const shown = normalizeText(submitted);
  const mine = normalizeText(ours);
  if (shown.length === 0 || mine.length === 0) return true;
  return shown.includes(promptSignature(ours)) || mine.includes(shown);
}
