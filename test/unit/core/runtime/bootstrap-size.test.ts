// Claude's narrow bootstrap (api.md "initialSize"): asked for fewer than 100 columns it
// starts at 100, and the caller's latest size is applied at first readiness, before any
// queued input; a PTY that refuses that resize leaves 100 columns, warns, and still lets
// the queue go. Fake clock, scripted Claude behind a fake PTY that records resizes.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElwoodWarningEvent } from "../../../../src/core/contract/warnings.js";
import { PASTE_START } from "../../../../src/terminal/input.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";

const firstPasteIndex = (cli: FakeClaude) =>
  cli.writes.findIndex((write) => write.startsWith(PASTE_START));

async function runUntil(condition: () => boolean, budgetMs = 30_000): Promise<void> {
  for (let spent = 0; !condition() && spent < budgetMs; spent += 50) {
    await vi.advanceTimersByTimeAsync(50);
  }
  expect(condition()).toBe(true);
}

describe("Claude's narrow bootstrap", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-36: 80 columns asked for boots at 100; the latest size asked for is applied at first ready, before the queued message", async () => {
    const cli = new FakeClaude({}, { requestedSize: { cols: 80, rows: 30 } });
    expect(cli.size).toEqual({ cols: 100, rows: 30 });
    const resizeEvents: unknown[] = [];
    cli.session.on("resize", (size) => resizeEvents.push(size));
    void cli.session.sendMessage("QUEUED-before-ready");
    // Before readiness a resize keeps the 100-column floor and remembers what was asked.
    await cli.session.resize({ cols: 72, rows: 28 });
    expect(cli.size).toEqual({ cols: 100, rows: 28 });
    expect(cli.writes).toEqual([]);
    cli.boot();
    await runUntil(() => cli.received.length === 1);
    expect(cli.size).toEqual({ cols: 72, rows: 28 });
    const restore = cli.resizes.at(-1);
    expect(restore?.size).toEqual({ cols: 72, rows: 28 });
    // Applied before the first byte of the queued message went in.
    expect(restore?.afterWrites).toBe(0);
    expect(firstPasteIndex(cli)).toBe(0);
    expect(resizeEvents).toEqual([
      { cols: 100, rows: 28 },
      { cols: 72, rows: 28 },
    ]);
    expect(cli.received).toEqual(["QUEUED-before-ready"]);
  });

  it("C-API-36: a size of 100 columns or more is used as asked, with nothing to restore", async () => {
    const cli = new FakeClaude({}, { requestedSize: { cols: 140, rows: 40 } });
    expect(cli.size).toEqual({ cols: 140, rows: 40 });
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    expect(cli.resizes).toEqual([]);
  });

  it("C-API-39: a PTY error on the restore keeps 100 columns, warns resize_restore_failed without content, and still releases the queue", async () => {
    const refused = Object.assign(new Error("ioctl TIOCSWINSZ: bad file descriptor /dev/pts/9"), {
      code: "EBADF",
    });
    const cli = new FakeClaude({}, { requestedSize: { cols: 80, rows: 30 }, resizeError: refused });
    const warnings: ElwoodWarningEvent[] = [];
    cli.session.on("warning", (warning) => warnings.push(warning));
    void cli.session.sendMessage("QUEUED-before-ready");
    cli.boot();
    await runUntil(() => cli.received.length === 1);
    expect(cli.size).toEqual({ cols: 100, rows: 30 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: "resize_restore_failed",
      source: "lifecycle",
      requestedCols: 80,
      requestedRows: 30,
      errorCode: "EBADF",
    });
    expect(JSON.stringify(warnings[0])).not.toContain("/dev/pts");
    expect(cli.received).toEqual(["QUEUED-before-ready"]);
  });
});
