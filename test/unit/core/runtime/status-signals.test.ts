// How the runtime's status follows the CLI's signals end to end (api.md "Status model",
// "Readiness"): a blocked Stop keeps the turn, a dialog blocks and clears, a process exit
// is announced and final. Fake clock, scripted Claude over the captured 2.1.332 screens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElwoodSessionStatus } from "../../../../src/core/contract/status.js";
import { type FakeClaude, ready } from "../../../support/fake-agents/fake-claude.js";

/** sendMessage(), running the fake clock until it resolved (its Enter is written). */
async function submit(cli: FakeClaude, text: string): Promise<void> {
  let isWritten = false;
  void cli.session.sendMessage(text).then(() => {
    isWritten = true;
  });
  for (let spent = 0; !isWritten && spent < 10_000; spent += 10) {
    await vi.advanceTimersByTimeAsync(10);
  }
  expect(isWritten).toBe(true);
}

function statusLog(cli: FakeClaude): ElwoodSessionStatus[] {
  const statuses: ElwoodSessionStatus[] = [];
  cli.session.on("status", (event) => statuses.push(event.status));
  return statuses;
}

describe("runtime status from CLI signals", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-HOOK-11: a Stop whose handler blocks keeps the turn running; the next unblocked Stop sets ready", async () => {
    const cli = await ready({
      stopReply: (index) => (index === 0 ? { decision: "block", reason: "keep going" } : undefined),
    });
    const statuses = statusLog(cli);
    await submit(cli, "WORK-message");
    // Long past the blocked Stop, Claude working on as asked: still the same turn.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cli.received).toEqual(["WORK-message"]);
    expect(cli.session.status).toBe("running");
    expect(statuses).not.toContain("ready");
    // Claude carries on as the handler asked and stops again, this time unblocked.
    cli.finishContinuedTurn("done");
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    expect(statuses).toEqual(["running", "ready"]);
  });

  it("C-HOOK-11: an unblocked Stop (no handler, or a handler that lets it stop) sets ready", async () => {
    const cli = await ready({ stopReply: () => ({ continue: true }) });
    const statuses = statusLog(cli);
    await submit(cli, "WORK-message");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(statuses).toEqual(["running", "ready"]);
  });

  it("C-ATTN-02: a dialog on an idle session blocks it, and clearing it to the composer gives ready", async () => {
    const cli = await ready();
    const statuses = statusLog(cli);
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("blocked");
    cli.showDialog(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("ready");
    expect(statuses).toEqual(["blocked", "ready"]);
  });

  it("C-ATTN-02: a dialog mid-turn blocks the running session; cleared, the turn runs on and ends ready", async () => {
    const cli = await ready();
    const statuses = statusLog(cli);
    await submit(cli, "WORK-message");
    await vi.advanceTimersByTimeAsync(150);
    expect(cli.session.status).toBe("running");
    expect(cli.isWorking).toBe(true);
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("blocked");
    cli.showDialog(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cli.session.status).toBe("ready");
    expect(statuses).toEqual(["running", "blocked", "running", "ready"]);
  });

  it("C-ATTN-02: a terminal status never changes: no dialog, hook or render moves an exited session", async () => {
    const cli = await ready();
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(cli.session.status).toBe("blocked");
    cli.exit(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("exited");
    const statuses = statusLog(cli);
    cli.showDialog(false);
    cli.showDialog(true);
    cli.hook({ hook_event_name: "UserPromptSubmit", prompt: "late" });
    cli.hook({ hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "x" });
    cli.outcome("Stop");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(cli.session.status).toBe("exited");
    expect(statuses).toEqual([]);
  });

  it("C-PTY-06: the process exiting fires one exit event with its code, then the status becomes exited", async () => {
    const cli = await ready();
    const seen: string[] = [];
    cli.session.on("terminal:exit", (event) => seen.push(`exit ${event.exitCode}`));
    cli.session.on("status", (event) => seen.push(`status ${event.status}`));
    cli.exit(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toEqual(["exit 3", "status exited"]);
    expect(cli.session.status).toBe("exited");
  });

  it("C-PTY-06: an exit mid-turn also ends in exited, and the exit event is not repeated by a later stop()", async () => {
    const cli = await ready();
    let exits = 0;
    cli.session.on("terminal:exit", () => {
      exits += 1;
    });
    await submit(cli, "WORK-message");
    await vi.advanceTimersByTimeAsync(150);
    expect(cli.session.status).toBe("running");
    cli.exit(137);
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("exited");
    let isStopped = false;
    void cli.session.stop().then(() => {
      isStopped = true;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isStopped).toBe(true);
    expect(exits).toBe(1);
  });
});
