// The scenario book's continuations: a repeat turn running in several conversations at
// once (one model server shared by many sessions) continues each from its own call ids.
import { describe, expect, test } from "vitest";
import { ScenarioBook } from "../../../../src/testing/model-server/scenario.js";

const toolThenSay = {
  match: /^soak/,
  repeat: true,
  steps: [{ tool: { name: "Bash", input: { command: "true" } } }, { say: "done" }],
} as const;

describe("scenario book continuations", () => {
  test("two conversations mid-way through the same repeat turn both continue", () => {
    const book = new ScenarioBook();
    book.add(toolThenSay);
    const first = book.planForPrompt("soak 1", "call_");
    const second = book.planForPrompt("soak 2", "call_");
    expect(first?.toolCallIds).toHaveLength(1);
    expect(second?.toolCallIds).toHaveLength(1);
    expect(first?.toolCallIds[0]).not.toBe(second?.toolCallIds[0]);
    expect(book.planForToolResults(first!.toolCallIds, "call_")?.steps).toEqual([{ say: "done" }]);
    expect(book.planForToolResults(second!.toolCallIds, "call_")?.steps).toEqual([{ say: "done" }]);
  });

  test("a reply's call ids are used up once its results came back", () => {
    const book = new ScenarioBook();
    book.add({
      match: "parallel",
      steps: [
        { tool: { name: "Bash", input: { command: "a" } } },
        { tool: { name: "Bash", input: { command: "b" } } },
        { say: "both done" },
      ],
    });
    const plan = book.planForPrompt("parallel", "call_");
    expect(plan?.toolCallIds).toHaveLength(2);
    expect(book.planForToolResults(plan!.toolCallIds, "call_")?.steps).toEqual([
      { say: "both done" },
    ]);
    for (const id of plan!.toolCallIds) expect(book.isPendingCall(id)).toBe(false);
    expect(book.planForToolResults(plan!.toolCallIds, "call_")).toBeUndefined();
  });
});
