// `turn` events in order (issue 27): every turn that starts gets exactly one `ended` or
// `failed`, after all of its `content` — also when the caller's send() timed out before the
// agent answered (its late text must not follow its end), and when guidance was typed into
// a running turn (the first turn still ends). Fake clock, scripted Claude.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElwoodTurnEvent } from "../../../../src/core/contract/types.js";
import { type FakeClaude, ready } from "../../../support/fake-agents/fake-claude.js";
import { track } from "../../../support/fake-agents/track.js";

async function runUntil(condition: () => boolean, budgetMs = 60_000): Promise<void> {
  for (let spent = 0; !condition() && spent < budgetMs; spent += 50) {
    await vi.advanceTimersByTimeAsync(50);
  }
  expect(condition()).toBe(true);
}

function recordTurns(cli: FakeClaude): ElwoodTurnEvent[] {
  const events: ElwoodTurnEvent[] = [];
  cli.session.on("turn", (event) => events.push(event));
  return events;
}

/** Per turn: starts first, exactly one end (ended or failed), and nothing after it. */
function expectOrderedTurns(events: readonly ElwoodTurnEvent[]): Map<number, string[]> {
  const byTurn = new Map<number, string[]>();
  for (const event of events) {
    const kinds = byTurn.get(event.turnNumber) ?? [];
    kinds.push(event.kind);
    byTurn.set(event.turnNumber, kinds);
  }
  for (const [turnNumber, kinds] of byTurn) {
    const ends = kinds.filter((kind) => kind === "ended" || kind === "failed");
    expect(kinds[0], `turn ${turnNumber}: ${kinds.join(",")}`).toBe("started");
    expect(ends, `turn ${turnNumber}: ${kinds.join(",")}`).toHaveLength(1);
    expect(["ended", "failed"], `turn ${turnNumber}: ${kinds.join(",")}`).toContain(kinds.at(-1));
  }
  return byTurn;
}

describe("turn events in order (issue 27)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a send() that timed out: its turn fails once and its late text never follows; the next turn is whole", async () => {
    // The model takes 5 s; the caller waits 1 s.
    const cli = await ready({ thinkMs: 5_000 });
    const events = recordTurns(cli);
    const first = track(cli.session.send("SLOW-one", { timeoutMs: 1_000 }));
    await runUntil(() => first.settled, 10_000);
    expect((first.error as { name?: string } | undefined)?.name).toBe("wait_timeout");
    // The late answer arrives, and the agent gets back to ready.
    await runUntil(() => cli.session.status === "ready" && cli.received.length === 1, 20_000);
    await vi.advanceTimersByTimeAsync(2_000);
    let second: string | undefined;
    void cli.session.send("FAST-two").then((text) => {
      second = text;
    });
    await runUntil(() => second !== undefined, 30_000);
    expect(second).toBe("ANSWER FAST-two");
    const byTurn = expectOrderedTurns(events);
    const [firstTurn, secondTurn] = [...byTurn.values()];
    expect(firstTurn?.at(-1)).toBe("failed");
    expect(secondTurn).toEqual(["started", "accepted", "content", "ended"]);
  });

  it("guidance typed into a running turn: both turns end once, each after its content", async () => {
    const cli = await ready({ thinkMs: 1_000 });
    const events = recordTurns(cli);
    const message = track(cli.session.sendMessage("TURN-message"));
    await runUntil(() => message.settled && cli.session.status === "running");
    const guidance = track(cli.session.sendGuidance("STEER-guidance"));
    await runUntil(() => guidance.settled, 2_000);
    await runUntil(() => cli.received.length === 2 && cli.session.status === "ready", 30_000);
    await vi.advanceTimersByTimeAsync(2_000);
    const byTurn = expectOrderedTurns(events);
    expect([...byTurn.keys()]).toHaveLength(2);
    for (const kinds of byTurn.values()) expect(kinds.at(-1)).toBe("ended");
  });
});
