// The idle edge that ends visible work (C-TURN-03): it fires when the idle composer comes
// back after work, even when frames with neither came between. Under load Claude painted
// its spinner for /login, then the login dialog (neither working nor an idle composer),
// then the composer: with no edge, status stayed `running` with no turn and the next
// send() waited forever (test/e2e/login.test.ts hung for its whole 180 s).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import { DecidedPermission } from "../../../../src/core/screen/decided-permission.js";
import { ScreenWatcher } from "../../../../src/core/screen/screen-watcher.js";
import { quietEdges, watcherWorld } from "./watcher-context.js";

const frame = (isWorking: boolean, hasIdleComposer: boolean) =>
  ({ dialog: undefined, isWorking, hasIdleComposer, isInterrupted: false }) as ScreenReading;
const WORKING = frame(true, false);
const NEITHER = frame(false, false);
const IDLE = frame(false, true);

describe("C-TURN-03 the screen watcher's idle edge", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function watch(frames: readonly ScreenReading[]) {
    let shown = frames[0] ?? IDLE;
    const { context } = watcherWorld({ read: () => shown, renders: () => 1, hasBeenReady: true });
    const edges = { ...quietEdges(), idle: 0, working: 0 };
    edges.onIdleEdge = () => {
      edges.idle += 1;
    };
    edges.onWorkingEdge = () => {
      edges.working += 1;
    };
    const watcher = new ScreenWatcher({
      context,
      autotrust: false,
      cwd: "/",
      edges,
      decidedPermission: new DecidedPermission(Date.now),
    });
    const play = async () => {
      for (const next of frames) {
        shown = next;
        watcher.scheduleEvaluation();
        await vi.advanceTimersByTimeAsync(200);
      }
    };
    return { edges, play };
  }

  it("work, then a frame with neither (a dialog Elwood does not know), then the idle composer: one edge", async () => {
    const { edges, play } = watch([IDLE, WORKING, NEITHER, NEITHER, IDLE]);
    await play();
    expect(edges.working).toBe(1);
    expect(edges.idle).toBe(1);
  });

  it("no work since the last idle composer: a frame with neither and the composer again is no edge", async () => {
    const { edges, play } = watch([IDLE, WORKING, IDLE, NEITHER, IDLE]);
    await play();
    expect(edges.working).toBe(1);
    expect(edges.idle).toBe(1);
  });
});
