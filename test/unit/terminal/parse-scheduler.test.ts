// Parse time is shared between terminals: only a few batches are in flight process-wide,
// so many busy terminals cannot stall the event loop together (TARGETS: loop p99).

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PARSE_SLOTS, ParseScheduler } from "../../../src/terminal/parse-scheduler.js";
import { RenderBatcher } from "../../../src/terminal/render-batcher.js";

describe("ParseScheduler", () => {
  it("starts at most `slots` tasks and hands a released slot to the next waiter in order", () => {
    const scheduler = new ParseScheduler({ slots: 1 });
    const started: string[] = [];
    const releases: (() => void)[] = [];
    for (const name of ["a", "b", "c"]) {
      scheduler.acquire((release) => {
        started.push(name);
        releases.push(release);
      });
    }
    expect(started).toEqual(["a"]);
    expect(scheduler.waiting).toBe(2);
    releases[0]?.();
    releases[0]?.(); // a double release frees only one slot
    expect(started).toEqual(["a", "b"]);
    expect(scheduler.inFlight).toBe(1);
  });

  it("a cancelled request never starts", () => {
    const scheduler = new ParseScheduler({ slots: 1 });
    let release: () => void = () => {};
    scheduler.acquire((granted) => {
      release = granted;
    });
    let didStart = false;
    const cancel = scheduler.acquire(() => {
      didStart = true;
    });
    cancel();
    release();
    expect(didStart).toBe(false);
    expect(scheduler.inFlight).toBe(0);
    expect(DEFAULT_PARSE_SLOTS).toBeGreaterThanOrEqual(1);
  });
});

describe("RenderBatcher with a shared scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a second terminal's batch waits until the first one's parse finished", () => {
    const scheduler = new ParseScheduler({ slots: 1 });
    const writes: { name: string; done: () => void }[] = [];
    const flow = { pause: () => {}, resume: () => {} };
    const create = (name: string) =>
      new RenderBatcher({
        scheduler,
        flow,
        sink: { write: (_data, done) => writes.push({ name, done }) },
      });
    const first = create("first");
    const second = create("second");
    first.push(Buffer.from("one"));
    second.push(Buffer.from("two"));
    vi.advanceTimersByTime(2);
    expect(writes.map((write) => write.name)).toEqual(["first"]);
    writes[0]?.done();
    expect(writes.map((write) => write.name)).toEqual(["first", "second"]);
  });

  it("disposing a terminal frees its slot for the others", () => {
    const scheduler = new ParseScheduler({ slots: 1 });
    const flow = { pause: () => {}, resume: () => {} };
    let secondWrites = 0;
    const first = new RenderBatcher({ scheduler, flow, sink: { write: () => {} } });
    const second = new RenderBatcher({
      scheduler,
      flow,
      sink: { write: () => secondWrites++ },
    });
    first.push(Buffer.from("stuck"));
    second.push(Buffer.from("waiting"));
    vi.advanceTimersByTime(2);
    expect(secondWrites).toBe(0);
    first.dispose();
    expect(secondWrites).toBe(1);
    second.dispose();
    expect(scheduler.inFlight).toBe(0);
  });
});
