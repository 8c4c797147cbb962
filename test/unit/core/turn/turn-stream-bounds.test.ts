// A turn's buffered events are bounded (C-API-53): a consumer that stops reading while
// the agent keeps writing cannot grow the parent's memory without limit; past 10,000
// events (or 32 MiB) the turn fails with wait_timeout and the buffer is dropped. The stream
// only reports the overflow; the turn owner (core/turn/turns.ts) fails the turn, and with
// it the stream (issue 43: turn failures are decided there alone).
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { TranscriptItem } from "../../../../src/core/contract/adapter.js";
import type { ElwoodStreamEvent } from "../../../../src/core/contract/turn.js";
import type { ElwoodTurnEvent } from "../../../../src/core/contract/types.js";
import { TurnStream } from "../../../../src/core/turn/turn-stream.js";
import { ready } from "../../../support/fake-agents/fake-claude.js";

const message = (text: string): ElwoodStreamEvent => ({ type: "text", text });
const assistant = (text: string): TranscriptItem => ({ kind: "assistant_message", text, raw: {} });

/** Everything `events` yields from its pending `first` read on; how many, and how it ended. */
async function drain(
  events: AsyncIterator<ElwoodStreamEvent>,
  first = events.next(),
): Promise<{ count: number; error: unknown }> {
  let count = 0;
  try {
    for (let read = await first; !read.done; read = await events.next()) count += 1;
  } catch (error) {
    return { count, error };
  }
  return { count, error: undefined };
}

/** The agent writes `items` into its transcript mid-turn while the caller reads nothing. */
async function overflowThroughTheOwner(items: readonly TranscriptItem[]) {
  // The model thinks for 5 s: the flood comes while the turn is open.
  const cli = await ready({ thinkMs: 5_000 });
  const turns: ElwoodTurnEvent[] = [];
  cli.session.on("turn", (event) => turns.push(event));
  // The turn runs once its stream is read: one read is pending, and the flood comes in one
  // batch of transcript lines before the reader's next tick.
  const events = cli.session.stream("FLOOD")[Symbol.asyncIterator]();
  const first = events.next();
  first.catch(() => undefined);
  for (let spent = 0; spent < 4_000 && !turns.some((e) => e.kind === "accepted"); spent += 50) {
    await vi.advanceTimersByTimeAsync(50);
  }
  // The transcript's user line (10 ms after the submission) ties what follows to this turn.
  await vi.advanceTimersByTimeAsync(100);
  cli.runtime.handleTranscriptItems(items, "/tmp/fake-transcript.jsonl");
  const outcome = await drain(events, first);
  return { ...outcome, turns };
}

describe("TurnStream buffers (C-API-53)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("10,001 unread events fail the turn with wait_timeout and drop the buffer", async () => {
    const flood = Array.from({ length: 10_001 }, (_, index) => assistant(`part ${index}`));
    const { count, error, turns } = await overflowThroughTheOwner(flood);
    expect(count).toBe(0);
    expect(error).toMatchObject({ name: "wait_timeout" });
    expect(turns.filter((event) => event.kind === "failed")).toHaveLength(1);
  });

  test("more than 32 MiB of unread text fails the turn the same way", async () => {
    const chunk = "x".repeat(4 * 1024 * 1024);
    const flood = Array.from({ length: 9 }, () => assistant(chunk));
    const { count, error } = await overflowThroughTheOwner(flood);
    expect(count).toBe(0);
    expect(error).toMatchObject({ name: "wait_timeout" });
  });

  test("the stream reports the overflow once and buffers nothing more; the owner fails it", async () => {
    const stream = new TurnStream();
    let accepted = 0;
    for (let index = 0; index <= 10_000; index += 1) {
      if (stream.push(message(`part ${index}`))) accepted += 1;
    }
    expect(accepted).toBe(10_000);
    expect(stream.push(message("more"))).toBe(false);
    stream.fail(new Error("failed by the owner"));
    expect(stream.givenUp.aborted).toBe(true);
  });

  test("a consumer that keeps reading is never cut off", async () => {
    vi.useRealTimers();
    const stream = new TurnStream();
    const reading = drain(stream.events()[Symbol.asyncIterator]());
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
