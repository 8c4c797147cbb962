import { describe, expect, it } from "vitest";
import {
  DECIDED_PERMISSION_WINDOW_MS,
  STALE_WORK_AFTER_TURN_END_MS,
  TurnTracker,
} from "../../../src/core/turn-tracker.js";

function tracker() {
  let now = 10_000;
  return { turn: new TurnTracker(() => now), advance: (ms: number) => (now += ms) };
}

describe("TurnTracker", () => {
  it("C-API-31: a submission awaits acceptance and bumps the generation", () => {
    const { turn } = tracker();
    expect(turn.isAccepted).toBe(true);
    turn.beginSubmission();
    expect(turn.isAccepted).toBe(false);
    expect(turn.generation).toBe(1);
    turn.accept();
    expect(turn.isAccepted).toBe(true);
  });

  it("C-TURN-01: work painted right after a turn end is the old turn's, so idle cannot end the new one", () => {
    const { turn, advance } = tracker();
    turn.endTurn();
    turn.beginSubmission();
    expect(turn.noteWork()).toBe(false);
    expect(turn.mayEndOnIdle).toBe(false);
    advance(STALE_WORK_AFTER_TURN_END_MS);
    expect(turn.noteWork()).toBe(true);
    expect(turn.mayEndOnIdle).toBe(true);
  });

  it("C-ATTN-01: a permission a hook decided is not a human's job for a short window only", () => {
    const { turn, advance } = tracker();
    expect(turn.isPermissionDecided).toBe(false);
    turn.notePermissionDecided();
    expect(turn.isPermissionDecided).toBe(true);
    advance(DECIDED_PERMISSION_WINDOW_MS);
    expect(turn.isPermissionDecided).toBe(false);
  });
});
