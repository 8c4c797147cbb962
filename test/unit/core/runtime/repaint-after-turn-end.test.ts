// Issue 49: a dialog still on the screen when the CLI's own turn-end hook comes is not the
// CLI waiting on a person (a tool may have painted it, and CLIs repaint only what they
// change), so the session makes the CLI redraw its whole screen: one column narrower and
// back, with no key written. Fake clock, scripted Claude behind a fake PTY.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REPAINT_RESTORE_MS } from "../../../../src/core/runtime/terminal-size.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";

async function ready(): Promise<FakeClaude> {
  const cli = new FakeClaude({});
  cli.boot();
  await vi.advanceTimersByTimeAsync(200);
  expect(cli.session.status).toBe("ready");
  return cli;
}

function stop(cli: FakeClaude): void {
  cli.hook({ hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "x" });
  cli.outcome("Stop");
}

describe("C-ATTN-05 a turn-end hook over a blocked screen repaints it", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("blocked when Stop comes: one column narrower, then back; no key written", async () => {
    const cli = await ready();
    const size = cli.size;
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(cli.session.status).toBe("blocked");
    const writes = cli.writes.length;
    stop(cli);
    await vi.advanceTimersByTimeAsync(REPAINT_RESTORE_MS + 100);
    expect(cli.resizes.map((resize) => resize.size)).toEqual([
      { cols: size.cols - 1, rows: size.rows },
      size,
    ]);
    expect(cli.size).toEqual(size);
    expect(cli.writes.length).toBe(writes);
  });

  it("not blocked when Stop comes: no resize", async () => {
    const cli = await ready();
    stop(cli);
    await vi.advanceTimersByTimeAsync(REPAINT_RESTORE_MS + 100);
    expect(cli.resizes).toEqual([]);
  });

  it("a caller's resize meanwhile wins: the old size is not put back over it", async () => {
    const cli = await ready();
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(200);
    stop(cli);
    await cli.session.resize({ cols: 120, rows: 40 });
    await vi.advanceTimersByTimeAsync(REPAINT_RESTORE_MS + 100);
    expect(cli.size).toEqual({ cols: 120, rows: 40 });
  });
});
