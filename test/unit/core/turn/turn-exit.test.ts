// A CLI exiting by itself mid-turn fails the turn with one message, whether the status
// change or a pending submission's rejection reaches the turn owner first (C-API-48/49:
// the CI run that caught the race saw the submission's wording for Codex). Fake clock,
// scripted Claude behind the real session.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import { FakeClaude, ready } from "../../../support/fake-agents/fake-claude.js";
import { track } from "../../../support/fake-agents/track.js";

describe("the CLI exits by itself mid-turn", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("C-API-48 C-API-49: the status arriving first fails the turn 'exited by itself'", async () => {
    const cli = await ready({ thinkMs: 60_000 });
    const sent = track(cli.session.send("EXIT-mid-turn"));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cli.session.status).toBe("running");
    cli.exit(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent.settled).toBe(true);
    expect(sent.error).toBeInstanceOf(ElwoodError);
    expect(sent.error).toMatchObject({
      name: "session_not_running",
      details: { status: "exited", exitCode: 1 },
    });
    expect((sent.error as Error).message).toMatch(/exited by itself/);
  });

  test("C-API-48 C-API-49: a submission rejected for the exit first reads the same, exit code kept", async () => {
    const cli = new FakeClaude();
    // Queued before the first ready: the exit closes the queue under it.
    const sent = track(cli.session.send("EXIT-while-queued"));
    await vi.advanceTimersByTimeAsync(100);
    cli.exit(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent.error).toMatchObject({
      name: "session_not_running",
      details: { status: "exited", exitCode: 0 },
    });
    expect((sent.error as Error).message).toMatch(/exited by itself/);
  });

  test("a session the caller stopped keeps its own not-running error", async () => {
    const cli = new FakeClaude();
    const sent = track(cli.session.send("STOPPED-while-queued"));
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([cli.session.stop(), vi.advanceTimersByTimeAsync(5_000)]);
    expect(sent.error).toMatchObject({
      name: "session_not_running",
      details: { status: "stopped" },
    });
    expect((sent.error as Error).message).not.toMatch(/exited by itself/);
  });
});
