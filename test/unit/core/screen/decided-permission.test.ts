// A permission prompt a PermissionRequest handler already answered is not reported as
// blocked, even when a loaded CLI paints it late; a later prompt always is (C-HOOK-10,
// C-ATTN-01). The e2e side: test/e2e/claude-turns.test.ts ("PermissionRequest").
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import {
  DECIDED_PERMISSION_WINDOW_MS,
  DecidedPermission,
} from "../../../../src/core/screen/decided-permission.js";
import { ScreenWatcher } from "../../../../src/core/screen/screen-watcher.js";
import { loadScreen } from "./load-screen.js";
import { quietEdges, watcherWorld } from "./watcher-context.js";

function clock() {
  let now = 1_000;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("C-HOOK-10 C-ATTN-01 DecidedPermission", () => {
  it("covers the answered dialog painted late (2 s after the decision on a loaded CLI)", () => {
    const time = clock();
    const decided = new DecidedPermission(time.now);
    decided.noteDecided();
    time.advance(2_000);
    expect(decided.coverDialog()).toBe(DECIDED_PERMISSION_WINDOW_MS - 2_000);
  });

  it("nothing decided: a permission dialog is a human's", () => {
    const decided = new DecidedPermission(clock().now);
    expect(decided.coverDialog()).toBe(0);
  });

  it("a new PermissionRequest ends the cover: its dialog is that request's", () => {
    const time = clock();
    const decided = new DecidedPermission(time.now);
    decided.noteDecided();
    decided.noteRequested();
    expect(decided.coverDialog()).toBe(0);
  });

  it("the answered dialog seen and then gone: the next dialog is not covered", () => {
    const time = clock();
    const decided = new DecidedPermission(time.now);
    decided.noteDecided();
    time.advance(200);
    expect(decided.coverDialog()).toBeGreaterThan(0);
    decided.noteNoDialog();
    time.advance(200);
    expect(decided.coverDialog()).toBe(0);
  });

  it("frames without the dialog before it first paints keep the cover", () => {
    const time = clock();
    const decided = new DecidedPermission(time.now);
    decided.noteDecided();
    decided.noteNoDialog();
    time.advance(1_000);
    expect(decided.coverDialog()).toBeGreaterThan(0);
  });

  it("a dialog that outlasts the window is a human's after all", () => {
    const time = clock();
    const decided = new DecidedPermission(time.now);
    decided.noteDecided();
    expect(decided.coverDialog()).toBe(DECIDED_PERMISSION_WINDOW_MS);
    time.advance(DECIDED_PERMISSION_WINDOW_MS);
    expect(decided.coverDialog()).toBe(0);
  });
});

describe("C-HOOK-10 C-ATTN-01 the screen watcher and an answered permission prompt", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watcherOnPermissionDialog(decided: DecidedPermission) {
    const snapshot = loadScreen("claude-2.1.332-tool-permission");
    const frame = claudeAdapter.readScreen({
      lines: snapshot.lines,
      cursor: { x: 0, y: 0, isVisible: false },
      title: "",
    });
    expect(frame.dialog?.isToolPermission).toBe(true);
    const { context, blocks } = watcherWorld({
      read: () => frame,
      renders: () => 1,
      hasBeenReady: true,
    });
    const edges = quietEdges();
    const watcher = new ScreenWatcher({
      context,
      autotrust: true,
      cwd: "/",
      edges,
      decidedPermission: decided,
    });
    return { watcher, blocks };
  }

  it("painted 2 s after the handler allowed it: no block", async () => {
    const decided = new DecidedPermission(Date.now);
    decided.noteDecided();
    await vi.advanceTimersByTimeAsync(2_000);
    const { watcher, blocks } = watcherOnPermissionDialog(decided);
    watcher.scheduleEvaluation();
    await vi.advanceTimersByTimeAsync(100);
    expect(blocks).toEqual([]);
  });

  it("still on screen when the cover ends, with no new frame: blocked then", async () => {
    const decided = new DecidedPermission(Date.now);
    decided.noteDecided();
    const { watcher, blocks } = watcherOnPermissionDialog(decided);
    watcher.scheduleEvaluation();
    await vi.advanceTimersByTimeAsync(DECIDED_PERMISSION_WINDOW_MS - 500);
    expect(blocks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(blocks.length).toBe(1);
  });

  it("no handler answered: blocked at once", async () => {
    const { watcher, blocks } = watcherOnPermissionDialog(new DecidedPermission(Date.now));
    watcher.scheduleEvaluation();
    await vi.advanceTimersByTimeAsync(100);
    expect(blocks.length).toBe(1);
  });
});
