// A fake clock and a fake session for loop unit tests: time only moves when a test
// advances it, and "readiness" and "submissions" are plain fields the test controls.

import type { ElwoodLoopEvent } from "../../../../src/core/contract/loops.js";
import type { LoopHost } from "../../../../src/core/loops/loop-service.js";
import type { LoopClock } from "../../../../src/core/loops/scheduler.js";
import type { LoopDefinition } from "../../../../src/state/loop-sidecar.js";

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly callback: () => void;
}

export class FakeClock implements LoopClock {
  #now: number;
  #seq = 0;
  readonly #timers = new Set<Timer>();

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  set(callback: () => void, ms: number): () => void {
    const timer = { at: this.#now + ms, seq: this.#seq++, callback };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }

  /** Moves time forward, firing due timers in time order (ties in creation order). */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const next = [...this.#timers]
        .filter((timer) => timer.at <= end)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (next === undefined) break;
      this.#timers.delete(next);
      this.#now = Math.max(this.#now, next.at);
      next.callback();
    }
    this.#now = end;
  }

  advanceTo(at: number): void {
    this.advance(at - this.#now);
  }
}

export interface FakeSession extends LoopHost {
  readonly clock: FakeClock;
  readonly events: ElwoodLoopEvent[];
  readonly submitted: { message: string; at: number }[];
  readonly writes: LoopDefinition[][];
  isReady: boolean;
  live: boolean;
  /** Makes the next writes reject. */
  failWrites: boolean;
  /** Makes the next submissions reject with this error. */
  failSubmissions: Error | undefined;
}

let counter = 0;

/** Submissions "consume" readiness the way the control queue does (ready → running). */
export function fakeSession(clock = new FakeClock()): FakeSession {
  const session: FakeSession = {
    clock,
    events: [],
    submitted: [],
    writes: [],
    isReady: false,
    live: true,
    failWrites: false,
    failSubmissions: undefined,
    writeLoops: async (loops) => {
      if (session.failWrites) throw new Error("disk full");
      session.writes.push(loops.map((loop) => ({ ...loop })));
    },
    emit: (event) => session.events.push(event),
    isLive: () => session.live,
    canSubmitNow: () => session.live && session.isReady,
    submit: async (message) => {
      session.isReady = false;
      if (session.failSubmissions !== undefined) throw session.failSubmissions;
      session.submitted.push({ message, at: clock.now() });
    },
    newId: () => `loop-${String(++counter).padStart(4, "0")}`,
  };
  return session;
}

/** Lets queued promise callbacks (writes, submissions) settle. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export function kinds(events: readonly ElwoodLoopEvent[]): string[] {
  return events.map((event) => event.kind);
}
