import { describe, expect, it } from "vitest";
import { ControlQueue, type QueueOperation } from "../../../../src/core/context/control-queue.js";
import { ElwoodError } from "../../../../src/errors.js";

function harness(options: { maxOperations?: number; maxBytes?: number } = {}) {
  let isReady = false;
  const log: string[] = [];
  const queue = new ControlQueue({
    isReady: () => isReady,
    consumeReady: () => {
      isReady = false;
    },
    ...options,
  });
  const op = (kind: string, operationClass: QueueOperation["operationClass"], bytes = 1) =>
    queue.enqueue({
      kind,
      operationClass,
      bytes,
      run: async () => {
        log.push(kind);
      },
    });
  return {
    queue,
    log,
    op,
    ready() {
      isReady = true;
      queue.pump();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("ControlQueue", () => {
  it("C-API-07: holds readiness-waiting ops until ready and sends one per ready transition, FIFO", async () => {
    const h = harness();
    const first = h.op("m1", "readiness");
    const second = h.op("m2", "readiness");
    await settle();
    expect(h.log).toEqual([]);
    h.ready();
    await first;
    await settle();
    expect(h.log).toEqual(["m1"]);
    h.ready();
    await second;
    expect(h.log).toEqual(["m1", "m2"]);
  });

  it("C-API-07: immediate ops overtake a not-ready readiness head but never interleave", async () => {
    const h = harness();
    const waiting = h.op("message", "readiness");
    await h.op("prompt", "immediate");
    expect(h.log).toEqual(["prompt"]);
    h.ready();
    await waiting;
    expect(h.log).toEqual(["prompt", "message"]);
  });

  it("rejects over the operation limit with input_queue_full and keeps existing order", async () => {
    const h = harness({ maxOperations: 2 });
    const a = h.op("a", "readiness");
    const b = h.op("b", "readiness");
    await expect(h.op("c", "readiness")).rejects.toMatchObject({ name: "input_queue_full" });
    h.ready();
    await a;
    h.ready();
    await b;
    expect(h.log).toEqual(["a", "b"]);
  });

  it("rejects over the byte limit before anything runs", async () => {
    const h = harness({ maxBytes: 10 });
    await expect(h.op("big", "immediate", 11)).rejects.toBeInstanceOf(ElwoodError);
    expect(h.log).toEqual([]);
  });

  it("close() rejects waiting ops and every later call with the given error", async () => {
    const h = harness();
    const waiting = h.op("m", "readiness");
    h.queue.close(new ElwoodError("session_not_running", "gone"));
    await expect(waiting).rejects.toMatchObject({ name: "session_not_running" });
    await expect(h.op("later", "immediate")).rejects.toMatchObject({ name: "session_not_running" });
    expect(h.log).toEqual([]);
  });
});

describe("ControlQueue: a waiting op withdrawn by its caller", () => {
  it("leaves the queue, frees its reservation, rejects with the reason and never runs", async () => {
    const h = harness({ maxBytes: 10 });
    const giveUp = new AbortController();
    const log: string[] = [];
    const withdrawn = h.queue.enqueue({
      kind: "message",
      operationClass: "readiness",
      bytes: 10,
      signal: giveUp.signal,
      run: async () => {
        log.push("withdrawn ran");
      },
    });
    const reason = new ElwoodError("wait_timeout", "gave up");
    giveUp.abort(reason);
    await expect(withdrawn).rejects.toBe(reason);
    // The 10 bytes are free again, and the ready transition goes to the next op.
    const next = h.op("next", "readiness", 10);
    h.ready();
    await next;
    expect(h.log).toEqual(["next"]);
    expect(log).toEqual([]);
    expect(h.queue.isIdle).toBe(true);
  });

  it("an op given up before it was admitted is refused at once", async () => {
    const h = harness();
    const giveUp = new AbortController();
    giveUp.abort(new ElwoodError("wait_timeout", "gave up"));
    const op = { kind: "m", operationClass: "immediate" as const, bytes: 1, signal: giveUp.signal };
    await expect(h.queue.enqueue({ ...op, run: async () => {} })).rejects.toMatchObject({
      name: "wait_timeout",
    });
    expect(h.queue.size).toBe(0);
  });

  it("an op already writing is finished, not torn in half", async () => {
    const h = harness();
    const giveUp = new AbortController();
    let finishWrite: () => void = () => {};
    const writing = h.queue.enqueue({
      kind: "m",
      operationClass: "immediate",
      bytes: 1,
      signal: giveUp.signal,
      run: () =>
        new Promise<void>((resolve) => {
          finishWrite = resolve;
        }),
    });
    await settle();
    giveUp.abort(new ElwoodError("wait_timeout", "gave up"));
    finishWrite();
    await expect(writing).resolves.toBeUndefined();
  });
});
