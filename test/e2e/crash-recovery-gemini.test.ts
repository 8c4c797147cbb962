// Crash recovery of a Gemini session: the parent SIGKILLed in each phase, and after a tool
// detached (the scenarios: ../support/crash-recovery.ts), as for the other two agents.
import { describe, test } from "vitest";
import { crashRecoveryScenarios, KILL_PHASES } from "../support/crash-recovery.js";

const scenarios = crashRecoveryScenarios("gemini");

describe("parent SIGKILL, then startOrResume* from a new parent", () => {
  test.each(KILL_PHASES)(
    "C-API-26 C-LIFE-10: gemini, killed %s: no survivor within 2 s, and the next startOrResume works",
    (phase) => scenarios.killedIn(phase),
  );
});

describe("parent SIGKILL after a tool detached", () => {
  test("C-LIFE-10 issue 21: gemini, a tool ran `setsid sleep 600 &` and `nohup sleep 600 &`: 2 s after the parent SIGKILL no process of the launch survives", () =>
    scenarios.killedAfterToolDetached());
});
