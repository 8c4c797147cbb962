// A turn's buffered events are bounded (C-API-53): a consumer that stops reading while
// the agent keeps writing cannot grow the parent's memory without limit; past 10,000
// events (or 32 MiB) the turn fails with wait_timeout and the buffer is dropped.
import { describe, expect, test } from "vitest";
import type { TranscriptItem } from "../../../src/core/contract/adapter.js";
import { TurnRun } from "../../../src/core/turn/turn-run.js";

const message = (text: string) => ({ kind: "assistant_message", text }) as TranscriptItem;

async function drain(run: TurnRun): Promise<{ count: number; error: unknown }> {
  let count = 0;
  try {
    for await (const _ of run.events()) count += 1;
  } catch (error) {
    return { count, error };
  }
  return { count, error: undefined };
}

describe("TurnRun buffers (C-API-53)", () => {
  test("10,001 unread events fail the turn with wait_timeout and drop the buffer", async () => {
    const run = new TurnRun({ status: () => "running" });
    run.onAccepted();
    for (let index = 0; index <= 10_000; index += 1) run.onItem(message(`part ${index}`));
    const { count, error } = await drain(run);
    expect(count).toBe(0);
    expect(error).toMatchObject({ name: "wait_timeout" });
    expect(run.givenUp.aborted).toBe(true);
  });

  test("more than 32 MiB of unread text fails the turn the same way", async () => {
    const run = new TurnRun({ status: () => "running" });
    run.onAccepted();
    const chunk = "x".repeat(4 * 1024 * 1024);
    for (let index = 0; index < 9; index += 1) run.onItem(message(chunk));
    const { count, error } = await drain(run);
    expect(count).toBe(0);
    expect(error).toMatchObject({ name: "wait_timeout" });
  });

  test("a consumer that keeps reading is never cut off", async () => {
    let status: "running" | "ready" = "running";
    const run = new TurnRun({ status: () => status });
    run.onAccepted();
    const reading = drain(run);
    for (let index = 0; index < 20_000; index += 1) {
      run.onItem(message(`part ${index}`));
      if (index % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    run.onTurnEnd("part 19999");
    status = "ready";
    run.onStatus("ready");
    const { count, error } = await reading;
    expect(error).toBeUndefined();
    expect(count).toBe(20_000);
  });
});
