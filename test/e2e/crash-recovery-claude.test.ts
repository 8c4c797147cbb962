// Crash recovery of a Claude session: the parent SIGKILLed in each phase, and after a tool
// detached (the scenarios: ../support/crash-recovery.ts). One file per agent, so the
// e2e-alone group runs the two agents side by side (vitest.config.ts).
import { describe, test } from "vitest";
import { crashRecoveryScenarios, KILL_PHASES } from "../support/crash-recovery.js";

const scenarios = crashRecoveryScenarios("claude");

describe("parent SIGKILL, then startOrResume* from a new parent", () => {
  test.each(KILL_PHASES)(
    "C-API-26 C-LIFE-10: claude, killed %s: no survivor within 2 s, and the next startOrResume works",
    (phase) => scenarios.killedIn(phase),
  );
});

describe("parent SIGKILL after a tool detached", () => {
  test("C-LIFE-10 issue 21: claude, a tool ran `setsid sleep 600 &` and `nohup sleep 600 &`: 2 s after the parent SIGKILL no process of the launch survives", () =>
    scenarios.killedAfterToolDetached());
});
