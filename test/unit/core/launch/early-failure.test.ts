// The start-up window (lifecycle §1.3): a CLI that dies before any sign of life fails the
// start with the adapter's typed start error (C-CLAUDE-06, C-CODEX-13), a login banner
// with the more specific not-authenticated error, and a first hook or composer ends the
// window. Fake clock, scripted CLI behind the runtime's ports.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HookEventBase } from "../../../../src/bridge/catalogue.js";
import { claudeAdapter } from "../../../../src/claude/adapter.js";
import { codexAdapter } from "../../../../src/codex/adapter.js";
import type { AgentAdapter } from "../../../../src/core/contract/adapter.js";
import {
  EARLY_FAILURE_WINDOW_MS,
  waitForEarlyFailure,
} from "../../../../src/core/launch/early-failure.js";
import type { SessionRuntime } from "../../../../src/core/runtime/runtime.js";
import { ElwoodError } from "../../../../src/error-names.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";
import { FakeCodex } from "../../../support/fake-agents/fake-codex.js";
import { track } from "../../../support/fake-agents/track.js";

type AnyAdapter = AgentAdapter<unknown, unknown, HookEventBase>;

/** Starts the early-failure window over a fake CLI; `outcome` settles when the window does. */
function watch(
  cli: FakeClaude | FakeCodex,
  adapter: AnyAdapter = claudeAdapter as unknown as AnyAdapter,
) {
  return track(
    waitForEarlyFailure(adapter, (cli.runtime as unknown as SessionRuntime<HookEventBase>).context),
  );
}

describe("the start-up failure window", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-CLAUDE-06: Claude exiting before any sign of life fails claude_start_failed with the code and last screen", async () => {
    const cli = new FakeClaude();
    const window = watch(cli);
    cli.exit(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(window.settled).toBe(true);
    expect(ElwoodError.is(window.error, "claude_start_failed")).toBe(true);
    expect((window.error as ElwoodError).details).toMatchObject({ exitCode: 1 });
    expect(typeof (window.error as ElwoodError).details.screen).toBe("string");
  });

  it("C-CLAUDE-06: a not-logged-in banner fails with the more specific claude_not_authenticated", async () => {
    const cli = new FakeClaude();
    const window = watch(cli);
    cli.shownFixture = "claude-2.1.332-auth-failure";
    cli.render();
    await vi.advanceTimersByTimeAsync(10);
    expect(ElwoodError.is(window.error, "claude_not_authenticated")).toBe(true);
  });

  it("C-CLAUDE-06: a first hook or composer ends the window: a later exit is no start failure", async () => {
    const byHook = new FakeClaude();
    const hookWindow = watch(byHook);
    byHook.hook({ hook_event_name: "SessionStart", source: "startup" });
    await vi.advanceTimersByTimeAsync(10);
    expect(hookWindow).toEqual({ settled: true });
    const byComposer = new FakeClaude();
    const composerWindow = watch(byComposer);
    byComposer.render();
    await vi.advanceTimersByTimeAsync(10);
    expect(composerWindow).toEqual({ settled: true });
    byComposer.exit(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(composerWindow.error).toBeUndefined();
  });

  it("C-CLAUDE-06: a CLI that stays quiet passes the window after its bound, never waiting for readiness", async () => {
    const cli = new FakeClaude();
    const window = watch(cli);
    await vi.advanceTimersByTimeAsync(EARLY_FAILURE_WINDOW_MS - 10);
    expect(window.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(window).toEqual({ settled: true });
  });

  it("C-CODEX-13: Codex exiting before any sign of life fails codex_start_failed", async () => {
    const cli = new FakeCodex();
    const window = watch(cli, codexAdapter as unknown as AnyAdapter);
    cli.exit(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(ElwoodError.is(window.error, "codex_start_failed")).toBe(true);
    expect((window.error as ElwoodError).details).toMatchObject({ exitCode: 1 });
  });

  it("C-CODEX-13: Codex's painted composer ends the window: a later exit is no start failure", async () => {
    const cli = new FakeCodex();
    const window = watch(cli, codexAdapter as unknown as AnyAdapter);
    cli.boot();
    await vi.advanceTimersByTimeAsync(10);
    expect(window).toEqual({ settled: true });
    cli.exit(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(window.error).toBeUndefined();
  });
});
