// A turn-end hook whose text is still on its way to disk (Copilot reads it from its session
// record): the turn owner asks again on the session's clock (TurnSignals.turnEndTextRetry)
// instead of blocking the parent, and the turn waits meanwhile. Fake clock, scripted
// Claude behind the real session, its turn signals changed for the test.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { HookEventBase } from "../../../../src/bridge/catalogue.js";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";

const RETRY = { attempts: 20, intervalMs: 25 } as const;

/** The Stop hook's text, unknown for the first `unknownAsks` asks; every ask is counted. */
function textAfter(unknownAsks: number) {
  const asks: number[] = [];
  const turnEndTextOf = (event: HookEventBase) => {
    if (event.hook_event_name !== "Stop") return undefined;
    asks.push(Date.now());
    if (asks.length <= unknownAsks) return undefined;
    return claudeAdapter.signals.turnEndTextOf(event as never);
  };
  return { asks, signals: { turnEndTextOf, turnEndTextRetry: RETRY } };
}

async function readyCli(signals: ReturnType<typeof textAfter>["signals"]) {
  const cli = new FakeClaude({ transcriptLagMs: 2_000 }, { signals });
  cli.boot();
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("ready");
  return cli;
}

describe("a turn-end text not on disk when the hook comes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("is asked again every 25 ms until known, and the turn ends on that text", async () => {
    const { asks, signals } = textAfter(3);
    const cli = await readyCli(signals);
    let answer: string | undefined;
    void cli.session.send("late-text").then((text) => {
      answer = text;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asks).toHaveLength(4);
    expect(asks.slice(1).map((at, index) => at - (asks[index] ?? 0))).toEqual([25, 25, 25]);
    expect(answer).toBe("ANSWER late-text");
  });

  test("after 20 more asks the text is unknown: the turn still waits for its transcript text", async () => {
    const { asks, signals } = textAfter(Number.POSITIVE_INFINITY);
    const cli = await readyCli(signals);
    let answer: string | undefined;
    void cli.session.send("never-told").then((text) => {
      answer = text;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asks).toHaveLength(21);
    expect(answer).toBe("ANSWER never-told");
  });
});
