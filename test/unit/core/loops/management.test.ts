// Loop management over a fake session: limit, list, cancel, events, failures, kill and
// teardown (C-LOOP-04, 10, 14, 15, 16, 17, 18, 19, 20).
import { describe, expect, test } from "vitest";
import { LoopService } from "../../../../src/core/loops/loop-service.js";
import { ElwoodError } from "../../../../src/errors.js";
import { FakeClock, fakeSession, flush, kinds } from "./fake-loop-host.js";

const MIN = 60_000;
const SECRET = "the-secret-loop-prompt";

function live() {
  const session = fakeSession(new FakeClock());
  session.isReady = true;
  return { session, service: new LoopService(session), clock: session.clock };
}

async function errorOf(promise: Promise<unknown>): Promise<ElwoodError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ElwoodError.is(error)) throw new Error(`expected an ElwoodError, got ${String(error)}`);
  return error;
}

describe("create and list", () => {
  test("C-LOOP-04: the 51st unexpired loop fails loop_limit_reached and changes nothing", async () => {
    const { session, service } = live();
    for (let i = 0; i < 50; i += 1) await service.create({ mode: "idle", message: `m${i}` });
    const before = await service.list();
    const writes = session.writes.length;
    const error = await errorOf(service.create({ mode: "idle", message: "one too many" }));
    expect(error.name).toBe("loop_limit_reached");
    expect(await service.list()).toEqual(before);
    expect(session.writes.length).toBe(writes);
  });

  test("C-LOOP-04 C-LOOP-13: expired loops do not count against the limit", async () => {
    const { service, clock } = live();
    for (let i = 0; i < 50; i += 1) await service.create({ mode: "idle", message: `m${i}` });
    clock.advance(7 * 86_400_000);
    await flush();
    await expect(service.create({ mode: "idle", message: "fresh" })).resolves.toMatchObject({
      mode: "idle",
    });
  });

  test("C-LOOP-15: immutable snapshots ordered by createdAt then id, with every field", async () => {
    const { service, clock } = live();
    const b = await service.create({ mode: "fixed", intervalMs: 2 * MIN, message: "fixed one" });
    const a = await service.create({ mode: "idle", message: "idle one" });
    clock.advance(1);
    const c = await service.create({ mode: "idle", message: "later" });
    const list = await service.list();
    const sameTime = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(list.map((loop) => loop.id)).toEqual([...sameTime.map((loop) => loop.id), c.id]);
    expect(Object.isFrozen(list)).toBe(true);
    expect(list.every((loop) => Object.isFrozen(loop))).toBe(true);
    const fixed = list.find((loop) => loop.id === b.id);
    expect(fixed).toEqual({
      id: b.id,
      message: "fixed one",
      mode: "fixed",
      intervalMs: 2 * MIN,
      jitterMs: b.jitterMs,
      createdAt: b.createdAt,
      expiresAt: b.createdAt + 604_800_000,
      state: "scheduled",
      nextDueAt: b.createdAt + 2 * MIN + b.jitterMs,
    });
    expect("intervalMs" in (list.find((loop) => loop.id === a.id) ?? {})).toBe(false);
  });

  test("C-LOOP-10 C-LOOP-19: a failed sidecar write is loop_persistence_failed and adds nothing", async () => {
    const { session, service } = live();
    session.failWrites = true;
    const error = await errorOf(service.create({ mode: "idle", message: SECRET }));
    expect(error.name).toBe("loop_persistence_failed");
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(
      SECRET,
    );
    expect(await service.list()).toEqual([]);
    expect(session.events).toEqual([]);
  });
});

describe("cancel", () => {
  test("C-LOOP-17: cancelling removes the loop and every future run, not a submitted turn", async () => {
    const { session, service, clock } = live();
    const loop = await service.create({ mode: "fixed", intervalMs: MIN, message: "x" });
    clock.advance(MIN + loop.jitterMs);
    await flush();
    expect(session.submitted).toHaveLength(1);
    await service.cancel(loop.id);
    session.isReady = true;
    service.onReady();
    clock.advance(30 * MIN);
    service.dispatch();
    await flush();
    expect(session.submitted).toHaveLength(1);
    expect(session.events.at(-1)).toEqual({
      kind: "cancelled",
      loopId: loop.id,
      at: clock.now() - 30 * MIN,
      reason: "caller",
    });
    expect(session.writes.at(-1)).toEqual([]);
  });

  test("C-LOOP-18: unknown, cancelled or expired ids fail loop_not_found and touch no other loop", async () => {
    const { service, clock } = live();
    const keep = await service.create({ mode: "idle", message: "keep" });
    const short = await service.create({ mode: "fixed", intervalMs: MIN, message: "short" });
    await service.cancel(short.id);
    for (const id of ["nope", short.id, "", keep.id.toUpperCase()]) {
      expect((await errorOf(service.cancel(id))).name).toBe("loop_not_found");
    }
    clock.advance(604_800_000);
    await flush();
    expect((await errorOf(service.cancel(keep.id))).name).toBe("loop_not_found");
    const other = await service.create({ mode: "idle", message: "other" });
    expect((await errorOf(service.cancel("nope"))).name).toBe("loop_not_found");
    expect((await service.list()).map((loop) => loop.id)).toEqual([other.id]);
  });
});

describe("events and failures", () => {
  test("C-LOOP-16: created/fired/cancelled/expired/failed never carry the message", async () => {
    const { session, service, clock } = live();
    const a = await service.create({ mode: "fixed", intervalMs: MIN, message: SECRET });
    await service.create({ mode: "idle", message: SECRET });
    clock.advance(MIN + a.jitterMs);
    await flush();
    session.failSubmissions = new Error(SECRET);
    session.isReady = true;
    service.onReady();
    clock.advance(MIN + 30_000);
    await flush();
    await service.cancel(a.id);
    clock.advance(604_800_000);
    await flush();
    expect(new Set(kinds(session.events))).toEqual(
      new Set(["created", "fired", "failed", "cancelled", "expired"]),
    );
    expect(JSON.stringify(session.events)).not.toContain(SECRET);
    const created = session.events[0];
    expect(created).toMatchObject({
      kind: "created",
      loopId: a.id,
      at: a.createdAt,
      snapshot: { id: a.id, state: "scheduled" },
    });
    expect(created && "snapshot" in created && "message" in created.snapshot).toBe(false);
  });

  test("C-LOOP-10: a live submission failure emits redacted failed(submission) and rearms from a fresh cadence", async () => {
    const { session, service, clock } = live();
    const loop = await service.create({ mode: "fixed", intervalMs: MIN, message: SECRET });
    session.failSubmissions = new ElwoodError("input_queue_full", "full");
    clock.advance(MIN + loop.jitterMs);
    await flush();
    const failed = session.events.find((event) => event.kind === "failed");
    expect(failed).toMatchObject({
      kind: "failed",
      loopId: loop.id,
      phase: "submission",
      code: "loop_submission_failed",
      snapshot: { id: loop.id, state: "scheduled", nextDueAt: clock.now() + MIN + loop.jitterMs },
    });
    expect(JSON.stringify(failed)).not.toContain(SECRET);
    expect(kinds(session.events)).not.toContain("fired");
    session.failSubmissions = undefined;
    session.isReady = true;
    clock.advance(MIN + loop.jitterMs);
    await flush();
    expect(session.submitted).toHaveLength(1);
  });

  test("C-LOOP-10: a scheduling failure emits failed(scheduling); the loop waits for the next ready", async () => {
    const clock = new FakeClock();
    let shouldThrow = true;
    const flaky = {
      now: () => clock.now(),
      set: (callback: () => void, ms: number) => {
        if (shouldThrow) throw new Error("no timers");
        return clock.set(callback, ms);
      },
    };
    const session = fakeSession(clock);
    const service = new LoopService({ ...session, clock: flaky as unknown as FakeClock });
    session.isReady = true;
    await service.create({ mode: "idle", message: "x" });
    const failed = session.events.find((event) => event.kind === "failed");
    expect(failed).toMatchObject({ phase: "scheduling", code: "loop_submission_failed" });
    expect((await service.list())[0]?.state).toBe("waiting");
    shouldThrow = false;
    service.onReady();
    expect((await service.list())[0]?.state).toBe("scheduled");
  });

  test("C-LOOP-10: when the session went away the definition waits for resume, no failed event", async () => {
    const { session, service, clock } = live();
    const loop = await service.create({ mode: "fixed", intervalMs: MIN, message: "x" });
    session.failSubmissions = new ElwoodError("session_not_running", "gone");
    session.submit = async () => {
      session.live = false;
      service.suspend();
      throw new ElwoodError("session_not_running", "gone");
    };
    clock.advance(MIN + loop.jitterMs);
    await flush();
    expect(kinds(session.events)).toEqual(["created"]);
    expect((await service.list())[0]?.state).toBe("waiting");
  });
});

describe("session lifecycle", () => {
  test("C-LOOP-20: list and cancel work on a stopped session; create needs a live one", async () => {
    const { session, service, clock } = live();
    const a = await service.create({ mode: "idle", message: "a" });
    const b = await service.create({ mode: "idle", message: "b" });
    session.live = false;
    service.suspend();
    expect((await service.list()).map((loop) => loop.state)).toEqual(["waiting", "waiting"]);
    await service.cancel(a.id);
    expect((await service.list()).map((loop) => loop.id)).toEqual([b.id]);
    expect((await errorOf(service.create({ mode: "idle", message: "c" }))).name).toBe(
      "session_not_running",
    );
    // Expiry on a stopped session is pruned silently.
    clock.advance(604_800_000);
    expect(await service.list()).toEqual([]);
    expect(kinds(session.events)).not.toContain("expired");
  });

  test("C-LOOP-14: kill and teardown remove the state and announce each live loop", async () => {
    for (const reason of ["kill", "teardown"] as const) {
      const { session, service } = live();
      const a = await service.create({ mode: "idle", message: "a" });
      let removed = 0;
      session.live = false;
      service.suspend();
      await service.clear(reason, async () => {
        removed += 1;
      });
      expect(removed).toBe(1);
      expect(session.events.at(-1)).toMatchObject({ kind: "cancelled", loopId: a.id, reason });
      expect(await service.list()).toEqual([]);
      expect((await errorOf(service.cancel(a.id))).name).toBe("loop_not_found");
    }
  });

  test("C-LOOP-14: a create racing a kill never writes the sidecar back afterwards", async () => {
    const { session, service } = live();
    const timeline: string[] = [];
    const write = session.writeLoops;
    session.writeLoops = async (loops) => {
      await write(loops);
      timeline.push("write");
    };
    const creating = service.create({ mode: "idle", message: "late" });
    const cleared = service.clear("kill", async () => {
      timeline.push("remove");
    });
    const [created] = await Promise.allSettled([creating, cleared]);
    await flush();
    expect(timeline.at(-1)).toBe("remove");
    if (created.status === "fulfilled") expect(timeline).toEqual(["write", "remove"]);
    else expect(timeline).toEqual(["remove"]);
    expect(await service.list()).toEqual([]);
  });
});

describe("LoopService: loop activity vs non-loop activity", () => {
  test("C-LOOP-06: a loop turn does not reset peers; a caller turn does; the ready rearms", async () => {
    const clock = new FakeClock();
    const events: string[] = [];
    let ready = true;
    const loops = new LoopService({
      clock,
      writeLoops: async () => {},
      emit: (event) => events.push(event.kind),
      isLive: () => true,
      canSubmitNow: () => ready,
      submit: async () => {
        ready = false;
      },
    });
    const idle = await loops.create({ mode: "idle", message: "idle" });
    clock.advance(60_000);
    loops.onStatus("running", "loop"); // some other loop's turn
    loops.onStatus("blocked", undefined); // a dialog inside that loop turn
    expect((await loops.list())[0]?.nextDueAt).toBe(idle.nextDueAt);
    loops.onStatus("ready", undefined);
    loops.onStatus("running", "message"); // the caller's turn
    expect((await loops.list())[0]?.state).toBe("waiting");
    clock.advance(60_000);
    loops.onStatus("ready", undefined);
    expect((await loops.list())[0]?.nextDueAt).toBe(clock.now() + 300_000 + idle.jitterMs);
    loops.onCallerInput();
    clock.advance(1);
    loops.onCallerInput();
    expect((await loops.list())[0]?.nextDueAt).toBe(clock.now() + 300_000 + idle.jitterMs);
  });
});
