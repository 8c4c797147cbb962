import { describe, expect, it } from "vitest";
import { ControlQueue, type QueueOperation } from "../../../src/core/control-queue.js";
import { ElwoodError } from "../../../src/errors.js";

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
