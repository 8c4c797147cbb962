// The per-session ring behind SSE replay (C-APP-05): consecutive ids, bounded memory,
// replay after an id, and an honest count of what a slow client missed.
import { describe, expect, test } from "vitest";
import { SessionEventLog } from "../../../src/serve/event-log.js";

describe("SessionEventLog", () => {
  test("C-APP-05: ids are consecutive from 1 and since(n) replays exactly what follows n", () => {
    const log = new SessionEventLog(10);
    const seen: number[] = [];
    const stop = log.subscribe((event) => seen.push(event.id));
    for (let index = 0; index < 5; index += 1) log.append("status", { index });
    stop();
    log.append("activity", {});
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(log.lastId).toBe(6);
    expect(log.since(0).events.map((event) => event.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.since(4)).toMatchObject({ missed: 0, events: [{ id: 5 }, { id: 6 }] });
    expect(log.since(6).events).toEqual([]);
  });

  test("keeps only the newest entries and reports how many a reconnect missed", () => {
    const log = new SessionEventLog(3);
    for (let index = 0; index < 8; index += 1) log.append("status", { index });
    expect(log.since(0)).toMatchObject({ missed: 5, events: [{ id: 6 }, { id: 7 }, { id: 8 }] });
    expect(log.since(5).missed).toBe(0);
    expect(log.since(4).missed).toBe(1);
  });
});

describe("SessionEventLog close", () => {
  test("ends live followers once, and a late follower hears it at once", () => {
    const log = new SessionEventLog();
    let closed = 0;
    log.onClose(() => {
      closed += 1;
    });
    log.append("exit", { exitCode: 0 });
    log.close();
    log.close();
    expect(closed).toBe(1);
    expect(log.isClosed).toBe(true);
    let late = false;
    log.onClose(() => {
      late = true;
    });
    expect(late).toBe(true);
    expect(log.since(0).events).toHaveLength(1);
  });
});
