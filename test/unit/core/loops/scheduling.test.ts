// Loop timing rules over a fake clock and a fake session (C-LOOP-05, 06, 07, 08, 09, 12, 13).
import { describe, expect, test } from "vitest";
import { LoopService } from "../../../../src/core/loops/loop-service.js";
import type { LoopDefinition } from "../../../../src/state/loop-sidecar.js";
import { FakeClock, fakeSession, flush, kinds } from "./fake-loop-host.js";

const MIN = 60_000;
const DAY = 86_400_000;

async function setup(options: { ready?: boolean; restored?: LoopDefinition[] } = {}) {
  const session = fakeSession(new FakeClock());
  session.isReady = options.ready ?? true;
  const service = new LoopService(session, options.restored ?? []);
  return { session, service, clock: session.clock };
}

/** The session becomes ready again (a turn ended). */
function ready(session: ReturnType<typeof fakeSession>, service: LoopService): void {
  session.isReady = true;
  service.onReady();
  service.dispatch();
}

describe("fixed loops", () => {
  test("C-LOOP-05 C-LOOP-07: first due one full interval plus jitter after creation", async () => {
    const { session, service, clock } = await setup();
    const loop = await service.create({ mode: "fixed", intervalMs: 2 * MIN, message: "tick" });
    expect(loop.jitterMs).toBeLessThanOrEqual(12_000);
    expect(loop.state).toBe("scheduled");
    expect(loop.nextDueAt).toBe(loop.createdAt + 2 * MIN + loop.jitterMs);
    clock.advanceTo(loop.createdAt + 2 * MIN + loop.jitterMs - 1);
    expect(session.submitted).toEqual([]);
    clock.advance(1);
    await flush();
    expect(session.submitted).toEqual([
      { message: "tick", at: loop.createdAt + 2 * MIN + loop.jitterMs },
    ]);
    const fired = session.events.find((event) => event.kind === "fired");
    expect(fired).toMatchObject({
      kind: "fired",
      loopId: loop.id,
      scheduledDueAt: loop.createdAt + 2 * MIN + loop.jitterMs,
      submittedAt: loop.createdAt + 2 * MIN + loop.jitterMs,
      snapshot: { id: loop.id, state: "submitted" },
    });
  });

  test("C-LOOP-05: the first clock starts at creation even when the sidecar write is slow", async () => {
    const { session, service, clock } = await setup();
    session.writeLoops = async () => {
      clock.advance(700);
    };
    const loop = await service.create({ mode: "fixed", intervalMs: MIN, message: "tick" });
    expect(loop.nextDueAt).toBe(loop.createdAt + MIN + loop.jitterMs);
  });

  test("C-LOOP-08 C-LOOP-09: a due loop waits for readiness, submits once; the next clock starts at the actual submission", async () => {
    const { session, service, clock } = await setup();
    const loop = await service.create({ mode: "fixed", intervalMs: MIN, message: "tick" });
    session.isReady = false; // a long caller turn
    clock.advance(10 * MIN); // ten occurrences missed
    expect((await service.list())[0]?.state).toBe("due");
    expect(session.submitted).toEqual([]);
    const readyAt = clock.now();
    ready(session, service);
    await flush();
    expect(session.submitted).toHaveLength(1); // missed runs never pile up
    const fired = session.events.find((event) => event.kind === "fired");
    expect(fired).toMatchObject({
      scheduledDueAt: loop.createdAt + MIN + loop.jitterMs,
      submittedAt: readyAt,
    });
    // The turn ends quickly; the next clock runs from the submission, not the old phase.
    ready(session, service);
    const [after] = await service.list();
    expect(after).toMatchObject({ state: "scheduled", nextDueAt: readyAt + MIN + loop.jitterMs });
    clock.advanceTo(readyAt + MIN + loop.jitterMs);
    await flush();
    expect(session.submitted).toHaveLength(2);
  });

  test("C-LOOP-09: a fixed clock that runs out during its own turn fires at that turn's ready, once", async () => {
    const { session, service, clock } = await setup();
    await service.create({ mode: "fixed", intervalMs: MIN, message: "tick" });
    clock.advance(MIN + 6_000);
    await flush();
    expect(session.submitted).toHaveLength(1);
    clock.advance(5 * MIN); // the loop's own turn runs for five minutes
    expect((await service.list())[0]?.state).toBe("due");
    ready(session, service);
    await flush();
    expect(session.submitted).toHaveLength(2);
  });
});

describe("idle loops", () => {
  test("C-LOOP-06: due after five quiet minutes plus jitter", async () => {
    const { session, service, clock } = await setup();
    const loop = await service.create({ mode: "idle", message: "nudge" });
    expect(loop.jitterMs).toBeLessThanOrEqual(30_000);
    expect(loop.nextDueAt).toBe(loop.createdAt + 5 * MIN + loop.jitterMs);
    clock.advance(5 * MIN + loop.jitterMs - 1);
    await flush();
    expect(session.submitted).toEqual([]);
    clock.advance(1);
    await flush();
    expect(session.submitted.map((s) => s.message)).toEqual(["nudge"]);
  });

  test("C-LOOP-06: any non-loop activity resets every idle loop; a loop's own turn rearms only itself", async () => {
    const { session, service, clock } = await setup();
    const a = await service.create({ mode: "idle", message: "a" });
    const b = await service.create({ mode: "idle", message: "b" });
    clock.advance(4 * MIN);
    service.onNonLoopActivity(true); // the caller sent input while ready
    let [la, lb] = await service.list();
    expect(la?.nextDueAt).toBe(clock.now() + 5 * MIN + a.jitterMs);
    expect(lb?.nextDueAt).toBe(clock.now() + 5 * MIN + b.jitterMs);
    // A caller turn: activity while busy stops the idle clocks until the next ready.
    session.isReady = false;
    service.onNonLoopActivity(false);
    clock.advance(20 * MIN);
    expect(session.submitted).toEqual([]);
    expect((await service.list()).map((loop) => loop.state)).toEqual(["waiting", "waiting"]);
    const readyAt = clock.now();
    ready(session, service);
    [la, lb] = await service.list();
    expect(la?.nextDueAt).toBe(readyAt + 5 * MIN + a.jitterMs);
    // The earlier of the two fires; its own turn does not touch the peer's clock.
    const first = a.jitterMs <= b.jitterMs ? a : b;
    const peer = first === a ? b : a;
    clock.advanceTo(readyAt + 5 * MIN + first.jitterMs);
    await flush();
    expect(session.submitted.map((s) => s.message)).toEqual([first.message]);
    clock.advance(2 * MIN); // the loop turn runs two minutes
    const turnEnd = clock.now();
    ready(session, service);
    await flush();
    const listed = await service.list();
    const own = listed.find((loop) => loop.id === first.id);
    const other = listed.find((loop) => loop.id === peer.id);
    expect(own).toMatchObject({
      state: "scheduled",
      nextDueAt: turnEnd + 5 * MIN + first.jitterMs,
    });
    // The peer kept its clock through the loop turn and became due during it.
    expect(session.submitted.map((s) => s.message)).toEqual([first.message, peer.message]);
    expect(other?.state).toBe("submitted");
  });
});

describe("ordering and readiness", () => {
  test("C-LOOP-09: one submission per ready transition, by due time then id", async () => {
    const { session, service, clock } = await setup();
    session.isReady = false;
    const loops = [];
    for (let i = 0; i < 3; i += 1)
      loops.push(await service.create({ mode: "fixed", intervalMs: MIN, message: `m${i}` }));
    clock.advance(MIN + 30_000);
    expect((await service.list()).every((loop) => loop.state === "due")).toBe(true);
    const order = [...loops].sort((x, y) => x.jitterMs - y.jitterMs || (x.id < y.id ? -1 : 1));
    for (let i = 0; i < 3; i += 1) {
      ready(session, service);
      await flush();
      expect(session.submitted.map((s) => s.message)).toEqual(
        order.slice(0, i + 1).map((l) => l.message),
      );
    }
  });

  test("C-LOOP-09: equal due times break ties by id", async () => {
    const clock = new FakeClock();
    const session = fakeSession(clock);
    const definitions: LoopDefinition[] = ["loop-b", "loop-a"].map((id) => ({
      id,
      mode: "fixed",
      intervalMs: MIN,
      message: id,
      jitterMs: 100,
      createdAt: clock.now(),
      expiresAt: clock.now() + 7 * DAY,
    }));
    const restored = new LoopService(session, definitions);
    ready(session, restored);
    session.isReady = false;
    clock.advance(MIN + 100);
    ready(session, restored);
    await flush();
    expect(session.submitted.map((s) => s.message)).toEqual(["loop-a"]);
  });
});

describe("expiry and restore", () => {
  test("C-LOOP-13: expiry exactly seven days after creation beats a pending due state", async () => {
    const { session, service, clock } = await setup();
    const loop = await service.create({
      mode: "fixed",
      intervalMs: 6 * DAY,
      message: "weekly-ish",
    });
    expect(loop.expiresAt).toBe(loop.createdAt + 7 * DAY);
    session.isReady = false;
    clock.advanceTo(loop.createdAt + 6 * DAY + loop.jitterMs);
    expect((await service.list())[0]?.state).toBe("due");
    clock.advanceTo(loop.expiresAt);
    await flush();
    ready(session, service);
    await flush();
    expect(session.submitted).toEqual([]);
    expect(kinds(session.events)).toEqual(["created", "expired"]);
    expect(session.events[1]).toEqual({ kind: "expired", loopId: loop.id, at: loop.expiresAt });
    expect(await service.list()).toEqual([]);
    expect(session.writes.at(-1)).toEqual([]);
  });

  test("C-LOOP-13: a fixed interval near the horizon can expire without ever submitting", async () => {
    const { session, service, clock } = await setup();
    await service.create({ mode: "fixed", intervalMs: 604_799_999, message: "never" });
    clock.advance(8 * DAY);
    await flush();
    expect(session.submitted).toEqual([]);
    expect(kinds(session.events)).toEqual(["created", "expired"]);
  });

  test("C-LOOP-12 C-LOOP-13: restore prunes expired loops silently and starts fresh clocks at readiness", async () => {
    const clock = new FakeClock();
    const session = fakeSession(clock);
    const now = clock.now();
    const kept: LoopDefinition = {
      id: "loop-kept",
      mode: "fixed",
      intervalMs: MIN,
      message: "kept",
      jitterMs: 1_234,
      createdAt: now - 3 * DAY,
      expiresAt: now + 4 * DAY,
    };
    const gone: LoopDefinition = {
      ...kept,
      id: "loop-gone",
      createdAt: now - 8 * DAY,
      expiresAt: now - DAY,
    };
    const service = new LoopService(session, [kept, gone]);
    await flush();
    expect(session.events).toEqual([]);
    expect(session.writes.at(-1)?.map((loop) => loop.id)).toEqual(["loop-kept"]);
    const [waiting] = await service.list();
    expect(waiting).toMatchObject({ id: "loop-kept", jitterMs: 1_234, state: "waiting" });
    expect(waiting?.nextDueAt).toBeUndefined();
    clock.advance(10 * MIN); // no catch-up before readiness
    expect(session.submitted).toEqual([]);
    const readyAt = clock.now();
    ready(session, service);
    await flush();
    expect(session.submitted).toEqual([]);
    expect((await service.list())[0]?.nextDueAt).toBe(readyAt + MIN + 1_234);
  });

  test("C-LOOP-08: stop or exit discards transient due state; definitions wait", async () => {
    const { session, service, clock } = await setup();
    await service.create({ mode: "fixed", intervalMs: MIN, message: "x" });
    session.isReady = false;
    clock.advance(2 * MIN);
    expect((await service.list())[0]?.state).toBe("due");
    session.live = false;
    service.suspend();
    expect((await service.list())[0]?.state).toBe("waiting");
    expect(clock.pendingTimers).toBe(0);
  });
});
