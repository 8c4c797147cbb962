// Whose turn-end hook is this (issue 43 item 1; prd/internals.md "The turn owner"): the turn
// owner's ledger, move by move, with the states and verdicts written out as literals.
import { describe, expect, test } from "vitest";
import {
  TURN_END_LEDGER,
  TurnEndLedger,
  type TurnEndLedgerEvent,
} from "../../../../src/core/turn/turn-end-ledger.js";

function run(events: readonly TurnEndLedgerEvent[]) {
  const ledger = new TurnEndLedger();
  return events.map((event) => [event, ledger.apply(event), ledger.state] as const);
}

describe("the turn-end ledger", () => {
  test("every state has exactly one move for every event", () => {
    const states = ["clear", "hook_owed", "outcome_owed", "outcome_and_hook_owed"];
    const events = [
      "prompt_taken",
      "ended_without_hook",
      "turn_end_hook",
      "turn_end_outcome",
      "blocking_turn_end_outcome",
    ];
    for (const from of states) {
      for (const on of events) {
        const moves = TURN_END_LEDGER.filter((move) => move.from === from && move.on === on);
        expect(moves, `${from} on ${on}`).toHaveLength(1);
      }
    }
    expect(TURN_END_LEDGER).toHaveLength(20);
  });

  test("nothing owed: a turn-end hook and its answer are the open turn's", () => {
    expect(run(["turn_end_hook", "turn_end_outcome"])).toEqual([
      ["turn_end_hook", "current turn", "clear"],
      ["turn_end_outcome", "current turn", "clear"],
    ]);
  });

  test("the 64x2 race: a Stop late after an idle end is skipped with its answer, and the next turn's own Stop ends it", () => {
    expect(
      run([
        "ended_without_hook",
        // The next prompt is typed; the late Stop comes before its prompt hook.
        "turn_end_hook",
        "turn_end_outcome",
        "prompt_taken",
        "turn_end_hook",
        "turn_end_outcome",
      ]),
    ).toEqual([
      ["ended_without_hook", "none", "hook_owed"],
      ["turn_end_hook", "late: skipped", "outcome_owed"],
      ["turn_end_outcome", "late: skipped", "clear"],
      ["prompt_taken", "none", "clear"],
      ["turn_end_hook", "current turn", "clear"],
      ["turn_end_outcome", "current turn", "clear"],
    ]);
  });

  test("a late Stop whose handler blocks: the ended turn works again and its next Stop is skipped too", () => {
    expect(
      run(["ended_without_hook", "turn_end_hook", "blocking_turn_end_outcome", "turn_end_hook"]),
    ).toEqual([
      ["ended_without_hook", "none", "hook_owed"],
      ["turn_end_hook", "late: skipped", "outcome_owed"],
      ["blocking_turn_end_outcome", "late: skipped", "hook_owed"],
      ["turn_end_hook", "late: skipped", "outcome_owed"],
    ]);
  });

  test("the prompt hook clears whatever was owed", () => {
    expect(run(["ended_without_hook", "prompt_taken", "turn_end_hook"])).toEqual([
      ["ended_without_hook", "none", "hook_owed"],
      ["prompt_taken", "none", "clear"],
      ["turn_end_hook", "current turn", "clear"],
    ]);
  });

  test("two late hooks before their answers: both answers are skipped, then the next is the open turn's", () => {
    expect(
      run([
        "ended_without_hook",
        "turn_end_hook",
        "ended_without_hook",
        "turn_end_hook",
        "turn_end_outcome",
        "turn_end_outcome",
        "turn_end_outcome",
      ]),
    ).toEqual([
      ["ended_without_hook", "none", "hook_owed"],
      ["turn_end_hook", "late: skipped", "outcome_owed"],
      ["ended_without_hook", "none", "outcome_and_hook_owed"],
      ["turn_end_hook", "late: skipped", "outcome_owed"],
      ["turn_end_outcome", "late: skipped", "outcome_owed"],
      ["turn_end_outcome", "late: skipped", "clear"],
      ["turn_end_outcome", "current turn", "clear"],
    ]);
  });

  test("an answer owed while another ended turn's hook is owed: skipped, and the hook stays owed", () => {
    expect(
      run(["ended_without_hook", "turn_end_hook", "ended_without_hook", "turn_end_outcome"]),
    ).toEqual([
      ["ended_without_hook", "none", "hook_owed"],
      ["turn_end_hook", "late: skipped", "outcome_owed"],
      ["ended_without_hook", "none", "outcome_and_hook_owed"],
      ["turn_end_outcome", "late: skipped", "hook_owed"],
    ]);
  });

  test("a hook owed but no answer owed: an answer is the open turn's", () => {
    expect(run(["ended_without_hook", "turn_end_outcome"])).toEqual([
      ["ended_without_hook", "none", "hook_owed"],
      ["turn_end_outcome", "current turn", "hook_owed"],
    ]);
  });
});
