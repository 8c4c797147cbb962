// Whose turn-end hook is this (seeds §5.8; prd/internals.md "The turn owner"): the turn
// owner's one state machine for a turn that ended without its turn-end hook. The CLI runs
// its hooks one at a time and takes the next prompt only after that one, so a turn-end hook
// that comes with no prompt hook since is the ended turn's, arriving late: it must not
// accept or end the turn sent after it. In the 64x2 bench a Codex Stop settled 1 s after
// the next prompt was typed, "accepted" it though its Enter had not taken, and that turn
// failed wait_timeout with the prompt left in the composer. The table below is the machine:
// the ledger looks each move up in it, and prd/internals.md prints it (a unit test compares).

export type TurnEndLedgerState =
  /** Every turn-end hook so far belongs to the turn that was open when it came. */
  | "clear"
  /** A turn ended without its turn-end hook; the next one to come is that turn's. */
  | "hook_owed"
  /** A late turn-end hook came and was skipped; its handler's outcome is skipped too. */
  | "outcome_owed"
  /** Both: an outcome to skip, and another ended turn's hook still to come. */
  | "outcome_and_hook_owed";

export type TurnEndLedgerEvent =
  /** The CLI took a new prompt (its prompt hook): every late hook has come and been answered. */
  | "prompt_taken"
  /**
   * A turn ended on the idle screen without its turn-end hook, or on an interrupt after
   * which the adapter says the hook still comes (TurnSignals.turnEndHookFollowsInterrupt).
   */
  | "ended_without_hook"
  /** A turn-end (or turn-failed) hook reached the parent. */
  | "turn_end_hook"
  /** A turn-end hook's handler answered. */
  | "turn_end_outcome"
  /** ... and its answer blocks the turn: the agent goes back to work, and ends it again. */
  | "blocking_turn_end_outcome";

/** What the owner does with the signal: the open turn's, or a late one it skips. */
export type TurnEndVerdict = "current turn" | "late: skipped" | "none";

export interface TurnEndLedgerMove {
  readonly from: TurnEndLedgerState;
  readonly on: TurnEndLedgerEvent;
  readonly to: TurnEndLedgerState;
  readonly verdict: TurnEndVerdict;
  /** Stays in `from` while more skipped outcomes are owed (two late hooks before answers). */
  readonly countsDown?: true;
  readonly why: string;
}

const STATES: readonly TurnEndLedgerState[] = [
  "clear",
  "hook_owed",
  "outcome_owed",
  "outcome_and_hook_owed",
];

/** Every move of the machine, one row per (state, event). */
export const TURN_END_LEDGER: readonly TurnEndLedgerMove[] = [
  ...STATES.map(
    (from): TurnEndLedgerMove => ({
      from,
      on: "prompt_taken",
      to: "clear",
      verdict: "none",
      why: "the CLI answers the next prompt only after every earlier hook",
    }),
  ),
  {
    from: "clear",
    on: "ended_without_hook",
    to: "hook_owed",
    verdict: "none",
    why: "its hook may still come",
  },
  {
    from: "hook_owed",
    on: "ended_without_hook",
    to: "hook_owed",
    verdict: "none",
    why: "the CLI runs hooks one at a time: one owed hook at once",
  },
  {
    from: "outcome_owed",
    on: "ended_without_hook",
    to: "outcome_and_hook_owed",
    verdict: "none",
    why: "its hook may still come",
  },
  {
    from: "outcome_and_hook_owed",
    on: "ended_without_hook",
    to: "outcome_and_hook_owed",
    verdict: "none",
    why: "one owed hook at once",
  },
  {
    from: "clear",
    on: "turn_end_hook",
    to: "clear",
    verdict: "current turn",
    why: "nothing is owed: it ends the open turn",
  },
  {
    from: "hook_owed",
    on: "turn_end_hook",
    to: "outcome_owed",
    verdict: "late: skipped",
    why: "the ended turn's hook, arriving late",
  },
  {
    from: "outcome_owed",
    on: "turn_end_hook",
    to: "outcome_owed",
    verdict: "current turn",
    why: "no hook is owed: it ends the open turn",
  },
  {
    from: "outcome_and_hook_owed",
    on: "turn_end_hook",
    to: "outcome_owed",
    verdict: "late: skipped",
    why: "the ended turn's hook; two outcomes to skip now",
  },
  ...(["turn_end_outcome", "blocking_turn_end_outcome"] as const).flatMap(
    (on): TurnEndLedgerMove[] => {
      const blocks = on === "blocking_turn_end_outcome";
      return [
        {
          from: "clear",
          on,
          to: "clear",
          verdict: "current turn",
          why: blocks ? "the open turn goes back to work" : "it ends the open turn",
        },
        {
          from: "hook_owed",
          on,
          to: "hook_owed",
          verdict: "current turn",
          why: blocks ? "the open turn goes back to work" : "it ends the open turn",
        },
        {
          from: "outcome_owed",
          on,
          to: blocks ? "hook_owed" : "clear",
          verdict: "late: skipped",
          countsDown: true,
          why: blocks
            ? "the ended turn goes back to work, and its own end hook will come"
            : "the skipped hook's answer",
        },
        {
          from: "outcome_and_hook_owed",
          on,
          to: "hook_owed",
          verdict: "late: skipped",
          countsDown: true,
          why: "the skipped hook's answer; another ended turn's hook is still owed",
        },
      ];
    },
  ),
];

export class TurnEndLedger {
  #state: TurnEndLedgerState = "clear";
  /** Skipped hooks whose outcomes are still to come (at least 1 in the outcome states). */
  #outcomesOwed = 0;

  get state(): TurnEndLedgerState {
    return this.#state;
  }

  /** Applies `event`; returns what the signal is to the owner. */
  apply(event: TurnEndLedgerEvent): TurnEndVerdict {
    const move = TURN_END_LEDGER.find((row) => row.from === this.#state && row.on === event);
    if (move === undefined)
      throw new Error(`No turn-end ledger move for ${this.#state} on ${event}`);
    if (event === "prompt_taken") this.#outcomesOwed = 0;
    else if (move.verdict === "late: skipped" && event === "turn_end_hook") this.#outcomesOwed += 1;
    else if (move.countsDown === true) {
      this.#outcomesOwed -= 1;
      if (this.#outcomesOwed > 0) {
        // More skipped outcomes to come: stay in an outcome state (and keep an owed hook).
        this.#state =
          move.to === "hook_owed" || this.#state === "outcome_and_hook_owed"
            ? "outcome_and_hook_owed"
            : "outcome_owed";
        return move.verdict;
      }
    }
    this.#state = move.to;
    return move.verdict;
  }
}
