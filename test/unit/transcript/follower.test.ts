// TranscriptFollower: interval polling with injected timers, flush before exit, give-up rules.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TranscriptCursor, type TranscriptFile } from "../../../src/transcript/cursor.js";
import { type FollowerTimers, TranscriptFollower } from "../../../src/transcript/follower.js";
import type { TranscriptRecord, TranscriptWarning } from "../../../src/transcript/types.js";

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "elwood-follow-"));
  path = join(dir, "t.jsonl");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A manual timer: tests fire ticks themselves and can see whether one is armed.
function manualTimers() {
  const state = { callback: undefined as (() => void) | undefined, cleared: 0 };
  const timers: FollowerTimers = {
    set: (callback) => {
      state.callback = callback;
      return () => {
        state.callback = undefined;
        state.cleared += 1;
      };
    },
  };
  return { timers, state };
}

function collect() {
  const records: TranscriptRecord[] = [];
  const warnings: TranscriptWarning[] = [];
  return {
    records,
    warnings,
    onRecords: (r: readonly TranscriptRecord[]) => records.push(...r),
    onWarning: (w: TranscriptWarning) => warnings.push(w),
  };
}

/** A follower over a one-record transcript whose consumer throws, and its warnings. */
function followerWithThrowingConsumer() {
  const warnings: TranscriptWarning[] = [];
  writeFileSync(path, '{"a":1}\n');
  const follower = new TranscriptFollower({
    cursor: new TranscriptCursor({ path }),
    onRecords: () => {
      throw new Error("listener bug");
    },
    onWarning: (w) => warnings.push(w),
  });
  return { follower, warnings };
}

describe("TranscriptFollower (C-CLAUDE-15)", () => {
  it("polls on its timer and delivers records as the file grows", async () => {
    const { timers, state } = manualTimers();
    const sink = collect();
    const follower = new TranscriptFollower({
      cursor: new TranscriptCursor({ path }),
      timers,
      ...sink,
    });
    follower.start();
    writeFileSync(path, '{"a":1}\n');
    state.callback?.();
    await follower.poll();
    appendFileSync(path, '{"a":2}\n');
    await follower.poll();
    expect(sink.records).toEqual([{ a: 1 }, { a: 2 }]);
    follower.stop();
    expect(state.callback).toBeUndefined();
  });

  it("flush() reads everything left, then stops", async () => {
    const { timers, state } = manualTimers();
    const sink = collect();
    writeFileSync(path, '{"a":1}\n'.repeat(50));
    const follower = new TranscriptFollower({
      cursor: new TranscriptCursor({ path, readBudgetBytes: 16 }),
      timers,
      ...sink,
    });
    follower.start();
    await follower.flush();
    expect(sink.records).toHaveLength(50);
    expect(follower.isStopped).toBe(true);
    expect(state.callback).toBeUndefined();
  });

  it("flush() reports what it could not read within its budget as an unread backlog", async () => {
    const sink = collect();
    writeFileSync(path, '{"a":1}\n'.repeat(50));
    const cursor = new TranscriptCursor({ path });
    const follower = new TranscriptFollower({ cursor, flushBudgetBytes: 80, ...sink });
    await follower.flush();
    expect(sink.records).toHaveLength(10);
    expect(sink.warnings).toEqual([
      { code: "transcript_records_dropped", reason: "unread_backlog", count: 1 },
    ]);
  });

  it("stops with transcript_poll_stopped after repeated read errors", async () => {
    const sink = collect();
    const failing = async (): Promise<TranscriptFile> => {
      throw Object.assign(new Error("x"), { code: "EACCES" });
    };
    const cursor = new TranscriptCursor({ path, openFile: failing });
    const follower = new TranscriptFollower({ cursor, maxConsecutiveErrors: 3, ...sink });
    for (let i = 0; i < 5; i++) await follower.poll();
    expect(sink.warnings.filter((w) => w.code === "transcript_read_error")).toHaveLength(3);
    expect(sink.warnings.at(-1)).toEqual({
      code: "transcript_poll_stopped",
      phase: "poll",
      reason: "repeated_read_errors",
    });
    expect(follower.isStopped).toBe(true);
  });

  it("contains a throwing consumer: the poll stops instead of rejecting", async () => {
    const { follower, warnings } = followerWithThrowingConsumer();
    await expect(follower.poll()).resolves.toBeUndefined();
    expect(warnings).toEqual([
      { code: "transcript_poll_stopped", phase: "poll", reason: "consumer_error" },
    ]);
  });

  it("a throwing consumer during flush is reported with phase final_flush", async () => {
    const { follower, warnings } = followerWithThrowingConsumer();
    await expect(follower.flush()).resolves.toBeUndefined();
    expect(warnings).toEqual([
      { code: "transcript_poll_stopped", phase: "final_flush", reason: "consumer_error" },
    ]);
  });
});

describe("TranscriptFollower pacing", () => {
  it("re-arms its timer at the new interval and keeps polling; a stopped follower stays stopped", () => {
    const intervals: number[] = [];
    let cleared = 0;
    const timers: FollowerTimers = {
      set: (_callback, ms) => {
        intervals.push(ms);
        return () => {
          cleared += 1;
        };
      },
    };
    const sink = collect();
    const follower = new TranscriptFollower({
      cursor: new TranscriptCursor({ path }),
      intervalMs: 100,
      timers,
      ...sink,
    });
    follower.setIntervalMs(1000);
    expect(intervals).toEqual([]);
    follower.start();
    follower.setIntervalMs(1000);
    follower.setIntervalMs(100);
    expect(intervals).toEqual([1000, 100]);
    expect(cleared).toBe(1);
    follower.stop();
    follower.setIntervalMs(1000);
    expect(intervals).toEqual([1000, 100]);
  });
});

describe("C-CODEX-20 a Codex rollout through the shared reader", () => {
  const rollout = readFileSync(
    join(import.meta.dirname, "../../fixtures/transcripts/codex-0.171.0-rollout.jsonl"),
    "utf8",
  );
  const lines = rollout.trimEnd().split("\n");

  it("C-CODEX-20: reads in small chunks, reports oversized and broken lines as transcript_records_dropped, and a second flush delivers nothing twice", async () => {
    const secret = "rollout-secret-in-a-dropped-line";
    const oversized = JSON.stringify({
      type: "response_item",
      payload: { text: `${secret}${"x".repeat(1024 * 1024)}` },
    });
    writeFileSync(
      path,
      `${lines[0]}\n${oversized}\n{"broken ${secret}\n${lines.slice(1).join("\n")}\n`,
    );
    const { timers } = manualTimers();
    const sink = collect();
    const follower = new TranscriptFollower({
      // 4 KiB reads: many chunks for the rollout, and a 1 MiB line that never fits one.
      cursor: new TranscriptCursor({ path, readBudgetBytes: 4096 }),
      timers,
      ...sink,
    });
    follower.start();
    await follower.poll();
    await follower.flush();
    await follower.flush();
    expect(sink.records).toEqual(lines.map((line) => JSON.parse(line)));
    const dropped = sink.warnings.filter((w) => w.code === "transcript_records_dropped");
    expect(dropped.map((w) => ("reason" in w ? w.reason : undefined)).sort()).toEqual([
      "oversized",
      "unparseable",
    ]);
    expect(JSON.stringify(sink.warnings)).not.toContain(secret);
    expect(follower.isStopped).toBe(true);
  });
});
