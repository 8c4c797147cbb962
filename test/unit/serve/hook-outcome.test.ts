// The one-word hook outcome the serve log shows (C-APP-06), for both agents' result shapes.
import { describe, expect, test } from "vitest";
import { hookOutcomeOf } from "../../../src/serve/hook-outcome.js";

describe("hookOutcomeOf", () => {
  test.each([
    [undefined, false, "none"],
    [null, false, "none"],
    [{}, false, "none"],
    [{ decision: "block", reason: "no" }, false, "block"],
    [{ continue: false, stopReason: "halt" }, false, "block"],
    [{ permissionDecision: "deny", permissionDecisionReason: "x" }, false, "deny"],
    [{ permissionDecision: "allow" }, false, "allow"],
    [{ behavior: "allow" }, false, "allow"],
    [{ behavior: "deny", message: "no" }, false, "deny"],
    [{ additionalContext: "remember this" }, false, "context"],
    [{ permissionDecision: "allow" }, true, "error"],
    [undefined, true, "error"],
  ])("C-APP-06: %j (failed open: %s) is %s", (decision, failedOpen, outcome) => {
    expect(hookOutcomeOf(decision, failedOpen)).toBe(outcome);
  });
});
