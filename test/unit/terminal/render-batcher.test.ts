// Batching and backpressure between PTY output and the parser: ≤ 64 KiB per write,
// flushed within a few ms, pause at 256 KiB pending, resume below 128 KiB.

import { MessageChannel } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_BATCH_BYTES,
  DEFAULT_PAUSE_AT_BYTES,
  DEFAULT_RESUME_BELOW_BYTES,
  RenderBatcher,
  type RenderBatcherOptions,
} from "../../../src/terminal/render-batcher.js";

const KIB = 1024;
const bytes = (text: string) => Buffer.from(text, "utf8");
const text = (data: Uint8Array) => Buffer.from(data).toString("utf8");

/** A sink that records writes and completes them only when the test says so. */
function createHarness(overrides: Partial<RenderBatcherOptions> = {}) {
  const writes: { data: string; raw: Uint8Array; done: () => void }[] = [];
  const flow = { pauses: 0, resumes: 0 };
  const failures: unknown[] = [];
  const batcher = new RenderBatcher({
    sink: { write: (data, done) => writes.push({ data: text(data), raw: data, done }) },
    flow: { pause: () => flow.pauses++, resume: () => flow.resumes++ },
    onFailed: (error) => failures.push(error),
    ...overrides,
  });
  const completeNext = () => {
    const next = writes.find((write) => write.done !== noop);
    if (next === undefined) throw new Error("no write in flight");
    const done = next.done;
    next.done = noop;
    done();
  };
  return { batcher, writes, flow, failures, completeNext };
}
const noop = () => {};

describe("RenderBatcher", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the contract's limits by default", () => {
    expect(DEFAULT_BATCH_BYTES).toBe(64 * KIB);
    expect(DEFAULT_PAUSE_AT_BYTES).toBe(256 * KIB);
    expect(DEFAULT_RESUME_BELOW_BYTES).toBe(128 * KIB);
  });

  it("coalesces chunks and flushes within a few milliseconds, not synchronously", () => {
    const { batcher, writes } = createHarness();
    batcher.push(bytes("a"));
    batcher.push(bytes("b"));
    expect(writes).toHaveLength(0);
    vi.advanceTimersByTime(2);
    expect(writes.map((write) => write.data)).toEqual(["ab"]);
  });

  it("never writes more than 64 KiB at once and keeps one write in flight", () => {
    const { batcher, writes, completeNext } = createHarness();
    const input = "x".repeat(200 * KIB);
    batcher.push(bytes(input));
    vi.advanceTimersByTime(2);
    expect(writes).toHaveLength(1);
    while (writes.some((write) => write.done !== noop)) completeNext();
    expect(writes.length).toBe(4);
    for (const write of writes) expect(Buffer.byteLength(write.data)).toBeLessThanOrEqual(64 * KIB);
    expect(writes.map((write) => write.data).join("")).toBe(input);
  });

  it("cuts batches within the byte budget on character boundaries: a cut character starts the next batch", () => {
    // xterm 6.0.0 loses a character a write ends inside when 0x80 is among its held bytes.
    const { batcher, writes, completeNext } = createHarness({ batchBytes: 10 });
    const input = bytes("€".repeat(9)); // 27 bytes
    batcher.push(input);
    vi.advanceTimersByTime(2);
    while (writes.some((write) => write.done !== noop)) completeNext();
    expect(writes.map((write) => write.raw.length)).toEqual([9, 9, 9]);
    expect(writes.map((write) => write.data)).toEqual(["€€€", "€€€", "€€€"]);
    expect(Buffer.concat(writes.map((write) => write.raw))).toEqual(input);
  });

  it("PTY chunks that end inside a character: no batch ends inside one, and settled() still resolves", async () => {
    const { batcher, writes, completeNext } = createHarness();
    const input = bytes("a—b…c’d›e𐀀");
    for (let at = 0; at < input.length; at += 2) {
      batcher.push(input.subarray(at, at + 2));
      vi.advanceTimersByTime(2);
      while (writes.some((write) => write.done !== noop)) completeNext();
    }
    for (const write of writes) expect(write.data).not.toContain("\ufffd");
    expect(writes.map((write) => write.data).join("")).toBe("a—b…c’d›e𐀀");
    // Half a character at the end: nothing of it can show, and nothing is left to parse.
    batcher.push(bytes("—").subarray(0, 2));
    vi.advanceTimersByTime(2);
    expect(batcher.pendingBytes).toBe(0);
    await batcher.settled();
    batcher.push(bytes("—").subarray(2));
    vi.advanceTimersByTime(2);
    completeNext();
    expect(writes.at(-1)?.data).toBe("—");
  });

  it("each batch is a copy of its own: the pushed chunks stay intact when the sink moves a batch's memory", () => {
    const { batcher, writes, completeNext } = createHarness({ batchBytes: 4 });
    const chunk = bytes("abcdef");
    batcher.push(chunk);
    vi.advanceTimersByTime(2);
    while (writes.some((write) => write.done !== noop)) completeNext();
    for (const write of writes) {
      expect(write.raw.byteOffset).toBe(0);
      expect(write.raw.byteLength).toBe(write.raw.buffer.byteLength);
      expect(write.raw.buffer).not.toBe(chunk.buffer);
    }
    expect(writes.map((write) => write.data)).toEqual(["abcd", "ef"]);
  });

  it("pauses the PTY at 256 KiB pending and resumes only below 128 KiB", () => {
    const { batcher, flow, completeNext } = createHarness();
    const chunk = "y".repeat(64 * KIB);
    for (let index = 0; index < 3; index += 1) batcher.push(bytes(chunk));
    expect(flow.pauses).toBe(0);
    batcher.push(bytes(chunk)); // 4 × 64 KiB = 256 KiB
    expect(flow.pauses).toBe(1);
    expect(batcher.isPaused).toBe(true);
    batcher.push(bytes(chunk));
    expect(flow.pauses).toBe(1);
    vi.advanceTimersByTime(2);
    // 5 chunks pending; parsing 2 leaves 3 × 64 KiB = 192 KiB, still ≥ 128 KiB.
    for (let index = 0; index < 2; index += 1) completeNext();
    expect(batcher.pendingBytes).toBe(3 * 64 * KIB);
    expect(flow.resumes).toBe(0);
    completeNext(); // 128 KiB is not below 128 KiB
    expect(flow.resumes).toBe(0);
    completeNext(); // 64 KiB
    expect(flow.resumes).toBe(1);
    expect(batcher.isPaused).toBe(false);
  });

  it("settled() waits for bytes received so far, not for later ones", async () => {
    const { batcher, completeNext } = createHarness();
    let isSettled = false;
    batcher.push(bytes("first"));
    const settled = batcher.settled().then(() => {
      isSettled = true;
    });
    vi.advanceTimersByTime(2);
    batcher.push(bytes("second"));
    await Promise.resolve();
    expect(isSettled).toBe(false);
    completeNext();
    await settled;
    expect(isSettled).toBe(true);
    expect(batcher.pendingBytes).toBe("second".length);
  });

  it("settled() resolves at once when nothing is pending and after dispose", async () => {
    const { batcher } = createHarness();
    await expect(batcher.settled()).resolves.toBeUndefined();
    batcher.push(bytes("never parsed"));
    const pending = batcher.settled();
    batcher.dispose();
    batcher.dispose();
    await expect(pending).resolves.toBeUndefined();
    await expect(batcher.settled()).resolves.toBeUndefined();
  });

  it("a throwing parser fails the batcher for good, resumes the PTY and settles waiters", async () => {
    const { batcher, flow, failures } = createHarness({
      sink: {
        write: () => {
          throw new Error("parser exploded");
        },
      },
      pauseAtBytes: 4,
    });
    batcher.push(bytes("12345"));
    expect(flow.pauses).toBe(1);
    const settled = batcher.settled();
    vi.advanceTimersByTime(2);
    await expect(settled).resolves.toBeUndefined();
    expect(batcher.hasFailed).toBe(true);
    expect(flow.resumes).toBe(1);
    expect(failures).toHaveLength(1);
    batcher.push(bytes("more"));
    expect(batcher.hasFailed).toBe(true);
    expect(batcher.pendingBytes).toBe(0);
  });

  it("a parse that never completes counts as a failure after the stall timeout", () => {
    const { batcher, failures } = createHarness({ stallTimeoutMs: 1000 });
    batcher.push(bytes("stuck"));
    vi.advanceTimersByTime(2);
    expect(batcher.hasFailed).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(batcher.hasFailed).toBe(true);
    expect(failures).toHaveLength(1);
  });

  describe("with several batches in flight (a parse worker)", () => {
    function createPipelined(overrides: Partial<RenderBatcherOptions> = {}) {
      const writes: { data: string; done: () => void }[] = [];
      const flow = { pauses: 0, resumes: 0 };
      const failures: unknown[] = [];
      const batcher = new RenderBatcher({
        maxInFlight: 3,
        sink: { write: (data, done) => writes.push({ data: text(data), done }) },
        flow: { pause: () => flow.pauses++, resume: () => flow.resumes++ },
        onFailed: (error) => failures.push(error),
        ...overrides,
      });
      return { batcher, writes, flow, failures };
    }

    it("keeps up to maxInFlight full batches going, then sends the rest when the last returns", () => {
      const { batcher, writes } = createPipelined();
      batcher.push(bytes("x".repeat(64 * KIB * 4 + 10)));
      vi.advanceTimersByTime(2);
      expect(writes.map((write) => write.data.length)).toEqual([64 * KIB, 64 * KIB, 64 * KIB]);
      writes[0]?.done();
      expect(writes).toHaveLength(4);
      writes[1]?.done();
      writes[2]?.done();
      // 10 bytes are not a full batch: they wait while a batch is still in flight.
      expect(writes).toHaveLength(4);
      writes[3]?.done();
      expect(writes.map((write) => write.data.length)).toEqual([
        64 * KIB,
        64 * KIB,
        64 * KIB,
        64 * KIB,
        10,
      ]);
      expect(batcher.pendingBytes).toBe(10);
    });

    it("coalesces small chunks that arrive while a batch is in flight into one batch", () => {
      const { batcher, writes } = createPipelined();
      batcher.push(bytes("a"));
      vi.advanceTimersByTime(2);
      for (let index = 0; index < 100; index += 1) batcher.push(bytes("b".repeat(100)));
      vi.advanceTimersByTime(10);
      expect(writes.map((write) => write.data)).toEqual(["a"]);
      writes[0]?.done();
      expect(writes.map((write) => write.data.length)).toEqual([1, 10_000]);
    });

    it("a full batch's worth of queued output goes at once, without the flush delay", () => {
      const { batcher, writes } = createPipelined();
      batcher.push(bytes("a"));
      vi.advanceTimersByTime(2);
      const chunk = "c".repeat(4 * KIB);
      for (let index = 0; index < 15; index += 1) batcher.push(bytes(chunk));
      expect(writes).toHaveLength(1);
      batcher.push(bytes(chunk));
      expect(writes.map((write) => write.data.length)).toEqual([1, 64 * KIB]);
    });

    it("the stall timeout watches the oldest batch and restarts with each answer", () => {
      const { batcher, writes } = createPipelined({ stallTimeoutMs: 1000 });
      batcher.push(bytes("x".repeat(64 * KIB * 2)));
      vi.advanceTimersByTime(2);
      vi.advanceTimersByTime(900);
      writes[0]?.done();
      vi.advanceTimersByTime(900);
      expect(batcher.hasFailed).toBe(false);
      vi.advanceTimersByTime(100);
      expect(batcher.hasFailed).toBe(true);
    });

    it("a batch held up behind other terminals on a worker that keeps answering is slow, not stalled (issue 22 bench)", () => {
      let progressAt = Date.now();
      const watched = new RenderBatcher({
        maxInFlight: 3,
        stallTimeoutMs: 1000,
        sink: { write: () => {}, lastProgressAt: () => progressAt },
        flow: { pause: () => {}, resume: () => {} },
      });
      watched.push(bytes("slow"));
      vi.advanceTimersByTime(2);
      // 25 s without this batch's answer, while the worker answers others every 500 ms.
      for (let spent = 0; spent < 25_000; spent += 500) {
        vi.advanceTimersByTime(500);
        progressAt = Date.now();
      }
      expect(watched.hasFailed).toBe(false);
      // The worker falls silent: a stall after the timeout, counted from its last answer.
      vi.advanceTimersByTime(999);
      expect(watched.hasFailed).toBe(false);
      vi.advanceTimersByTime(2);
      expect(watched.hasFailed).toBe(true);
    });

    it("fail() from outside fails for good, resumes the PTY, settles waiters, ignores late answers", async () => {
      const parsed: number[] = [];
      const { batcher, writes, flow, failures } = createPipelined({
        pauseAtBytes: 4,
        onParsed: ({ bytes }) => parsed.push(bytes),
      });
      batcher.push(bytes("0123456789"));
      vi.advanceTimersByTime(2);
      const settled = batcher.settled();
      batcher.fail(new Error("the worker died"));
      batcher.fail(new Error("again"));
      await expect(settled).resolves.toBeUndefined();
      expect(failures.map((error) => (error as Error).message)).toEqual(["the worker died"]);
      expect(flow.resumes).toBe(1);
      writes[0]?.done();
      expect(batcher.hasFailed).toBe(true);
      expect(parsed).toEqual([]);
    });
  });
});

describe("the stall verdict after a starved event loop (real timers)", () => {
  it("a worker answer queued while this thread was blocked proves the parser alive: no render failure", async () => {
    // Stop 32's 64x1 run: 30 worker-parsed screens failed at once at load ~60. After the
    // parent's thread is starved, expired timers run before queued worker messages are
    // read, so the stall timer saw "no answer for 10 s" with the answers sitting unread.
    let progressAt = Date.now();
    const channel = new MessageChannel();
    channel.port2.on("message", () => {
      progressAt = Date.now();
    });
    const watched = new RenderBatcher({
      stallTimeoutMs: 50,
      sink: { write: () => {}, lastProgressAt: () => progressAt },
      flow: { pause: () => {}, resume: () => {} },
    });
    watched.push(bytes("slow"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The worker answers (for another terminal) while this thread is busy for 150 ms.
    channel.port1.postMessage("parsed");
    const blockedUntil = Date.now() + 150;
    while (Date.now() < blockedUntil) {
      // busy
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watched.hasFailed).toBe(false);
    // Then the worker falls silent: a stall, counted from that answer.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(watched.hasFailed).toBe(true);
    watched.dispose();
    channel.port1.close();
    channel.port2.close();
  });
});
