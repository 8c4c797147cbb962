// A turn's buffered events are bounded (C-API-53): a consumer that stops reading while
// the agent keeps writing cannot grow the parent's memory without limit; past 10,000
// events (or 32 MiB) the turn fails with wait_timeout and the buffer is dropped.
import { describe, expect, test } from "vitest";
import type { ElwoodStreamEvent } from "../../../../src/core/contract/turn.js";
import { TurnStream } from "../../../../src/core/turn/turn-stream.js";

const message = (text: string): ElwoodStreamEvent => ({ type: "text", text });

async function drain(stream: TurnStream): Promise<{ count: number; error: unknown }> {
  let count = 0;
  try {
    for await (const _ of stream.events()) count += 1;
  } catch (error) {
    return { count, error };
  }
  return { count, error: undefined };
}

describe("TurnStream buffers (C-API-53)", () => {
  test("10,001 unread events fail the turn with wait_timeout and drop the buffer", async () => {
    const stream = new TurnStream();
    let accepted = 0;
    for (let index = 0; index <= 10_000; index += 1) {
      if (stream.push(message(`part ${index}`))) accepted += 1;
    }
    expect(accepted).toBe(10_000);
    const { count, error } = await drain(stream);
    expect(count).toBe(0);
    expect(error).toMatchObject({ name: "wait_timeout" });
    expect(stream.givenUp.aborted).toBe(true);
  });

  test("more than 32 MiB of unread text fails the turn the same way", async () => {
    const stream = new TurnStream();
    const chunk = "x".repeat(4 * 1024 * 1024);
    for (let index = 0; index < 9; index += 1) stream.push(message(chunk));
    const { count, error } = await drain(stream);
    expect(count).toBe(0);
    expect(error).toMatchObject({ name: "wait_timeout" });
  });

  test("a consumer that keeps reading is never cut off", async () => {
    const stream = new TurnStream();
    const reading = drain(stream);
    for (let index = 0; index < 20_000; index += 1) {
      expect(stream.push(message(`part ${index}`))).toBe(true);
      if (index % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    stream.end();
    const { count, error } = await reading;
    expect(error).toBeUndefined();
    expect(count).toBe(20_000);
  });
});
