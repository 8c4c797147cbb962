// A screen that stopped following the PTY for good (the sticky renderFailed) says so once
// with a `render_failed` warning: before, such a session only looked stuck (issue 22
// bench: five Codex screens froze with no word, and every later turn overran). Fake clock,
// scripted Claude.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElwoodWarningEvent } from "../../../../src/core/contract/warnings.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";

describe("a frozen screen says so", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("render failure emits one render_failed warning from the terminal", async () => {
    const cli = new FakeClaude();
    const warnings: ElwoodWarningEvent[] = [];
    cli.session.on("warning", (warning) => warnings.push(warning));
    cli.boot();
    await vi.advanceTimersByTimeAsync(100);
    expect(cli.session.status).toBe("ready");
    expect(warnings).toEqual([]);
    cli.failRendering();
    await vi.advanceTimersByTimeAsync(10);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: "render_failed",
      source: "terminal",
      severity: "warning",
      agent: "claude",
    });
    expect(warnings[0]?.message).toMatch(/stopped following/);
  });
});
