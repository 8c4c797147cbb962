// Never write into a screen that was not fully observed (C-API-56): a write waits until
// everything received is rendered, at most 1 s per look, and a screen that did not render
// in time, whose rendering failed, or that shows a dialog, holds the write, silently,
// until a later look finds it safe. Fake clock; the terminal is a stand-in port.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionContext } from "../../../../src/core/context/session-context.js";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import { waitForSafeScreen } from "../../../../src/core/screen/safe-screen.js";
import { ElwoodError } from "../../../../src/errors.js";

const IDLE: ScreenReading = {
  dialog: undefined,
  isWorking: false,
  isInterrupted: false,
  hasIdleComposer: true,
  composerText: "",
  composerDraft: "",
  isAuthFailure: false,
};

interface ScreenState {
  renderFailed: boolean;
  rendered: Promise<void>;
  reading: ScreenReading;
  live: boolean;
}

/** Starts one wait on a screen in the given state; the state can change while it waits. */
function screen(initial: Partial<ScreenState> = {}) {
  const state: ScreenState = {
    renderFailed: false,
    rendered: Promise.resolve(),
    reading: IDLE,
    live: true,
    ...initial,
  };
  const context = {
    terminal: {
      get renderFailed() {
        return state.renderFailed;
      },
      settled: () => state.rendered,
    },
    screen: { read: () => state.reading },
    lifetime: {
      assertLive: () => {
        if (!state.live) throw new ElwoodError("session_not_running", "gone");
      },
      sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    },
  } as unknown as Pick<SessionContext, "terminal" | "screen" | "lifetime">;
  let done = false;
  // Settles to "written" or the error; never an unhandled rejection.
  const wait: Promise<unknown> = waitForSafeScreen(context).then(
    () => "written",
    (error: unknown) => error,
  );
  void wait.then(() => {
    done = true;
  });
  return { state, wait, isDone: () => done };
}

describe("C-API-56 waitForSafeScreen", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-56: a rendered, dialog-free screen lets the write go at once", async () => {
    const look = screen();
    await vi.advanceTimersByTimeAsync(0);
    expect(look.isDone()).toBe(true);
  });

  it("C-API-56: output not rendered within 1 s holds the write until it is", async () => {
    let finishRender: () => void = () => {};
    const look = screen({
      rendered: new Promise<void>((resolve) => {
        finishRender = resolve;
      }),
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(look.isDone()).toBe(false);
    finishRender();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(look.isDone()).toBe(true);
  });

  it("C-API-56: a failed render holds the write for as long as the screen cannot be trusted", async () => {
    const look = screen({ renderFailed: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(look.isDone()).toBe(false);
    look.state.live = false;
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await look.wait).toMatchObject({ name: "session_not_running" });
  });

  it("C-API-56: a dialog on the rendered screen holds the write until it is gone", async () => {
    const look = screen({
      reading: {
        ...IDLE,
        hasIdleComposer: false,
        dialog: {
          ruleIds: ["claude-browser-tools"],
          kind: "startup_prompt",
          label: "browser_tools",
        },
      },
    });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(look.isDone()).toBe(false);
    look.state.reading = IDLE;
    await vi.advanceTimersByTimeAsync(500);
    expect(look.isDone()).toBe(true);
  });
});
