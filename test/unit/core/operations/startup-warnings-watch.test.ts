// The start-up warnings watch (C-CODEX-09): MCP servers fail one by one, sometimes more
// than 8 s apart on a loaded machine, and Codex counts every warning its pager showed as
// seen. A read before the last failure finds no summary line; the watch keeps what it
// found, reads the next badge, and emits ONE warning naming every failed server. Fake
// clock, a fake Codex whose pager shows what has failed so far.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODEX_STARTUP_WARNINGS } from "../../../../src/codex/screen/startup-warnings.js";
import type { SessionContext } from "../../../../src/core/context/session-context.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import {
  STARTUP_WARNINGS_WINDOW_MS,
  StartupWarningsWatch,
} from "../../../../src/core/operations/startup-warnings.js";
import { fakeOperationContext } from "./fake-operation-context.js";

const facts = CODEX_STARTUP_WARNINGS;
const COMPOSER = "› Ask Codex to do anything";
const FOOTER = "  k keep & next · esc dismiss & close · f2 close";

interface Warning {
  readonly code: string;
  readonly failedServers?: readonly string[];
}

/** A Codex whose servers fail at given times; F2 shows the unseen ones and marks them seen. */
function fakeCodex(failures: readonly { readonly server: string; readonly atMs: number }[]) {
  const startedAt = Date.now();
  const seen = new Set<string>();
  let isPagerOpen = false;
  let shown: string[] = [];
  let page = 0;
  const failedNow = () =>
    failures.filter((failure) => Date.now() - startedAt >= failure.atMs).map((f) => f.server);
  const isAllDone = () => failedNow().length === failures.length;
  const lines = (): string[] => {
    if (isPagerOpen) {
      const server = shown[page] ?? "";
      const isLast = page === shown.length - 1;
      const summary =
        isLast && isAllDone() ? ` MCP startup incomplete (failed: ${failedNow().join(", ")})` : "";
      return [
        `  Warnings · ${page + 1} of ${shown.length} · MCP · ${server}`,
        `  MCP client for \`${server}\` failed to start: connection refused.${summary}`,
        FOOTER,
      ];
    }
    const unseen = failedNow().filter((server) => !seen.has(server));
    const badge = unseen.length === 0 ? "" : ` · ⚠ ${unseen.length} warnings · f2 to view`;
    return [COMPOSER, `  gpt-test${badge}`];
  };
  const terminal = {
    size: { cols: 120, rows: 40 },
    settled: async () => undefined,
    snapshot: () => {
      const now = lines();
      return { lines: now, text: now.join("\n"), cursor: { x: 0, y: 0, isVisible: false } };
    },
    sendInput(data: string | Uint8Array) {
      const key = String(data);
      if (key === facts.openKey && !isPagerOpen) {
        shown = failedNow().filter((server) => !seen.has(server));
        isPagerOpen = shown.length > 0;
        page = 0;
      } else if (key === facts.nextKey && isPagerOpen) {
        page = Math.min(shown.length - 1, page + 1);
      } else if (key === facts.closeKey && isPagerOpen) {
        for (const server of shown) seen.add(server);
        isPagerOpen = false;
      }
    },
  } as unknown as TerminalPort;
  const warnings: Warning[] = [];
  const statusListeners = new Set<(event: { status: string }) => void>();
  const events = {
    on: (_name: "status", listener: (event: { status: string }) => void) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    emitWarning: (warning: Warning) => warnings.push(warning),
  };
  const context = {
    ...fakeOperationContext({ displayName: "Codex", terminal }),
    events,
  } as unknown as SessionContext;
  const watch = new StartupWarningsWatch({
    context,
    facts: { ...facts, isWorthReading: async () => true },
    env: {},
    run: (_kind, read) => read(context),
  });
  return {
    watch,
    warnings,
    setStatus: (status: string) => {
      for (const listener of [...statusListeners]) listener({ status });
    },
  };
}

const mcpWarnings = (warnings: readonly Warning[]) =>
  warnings.filter((warning) => warning.code === "mcp_startup_incomplete");

describe("the start-up warnings watch across late MCP failures (C-CODEX-09)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("both failures before the first read: one warning naming both", async () => {
    const codex = fakeCodex([
      { server: "broken", atMs: 0 },
      { server: "remote", atMs: 500 },
    ]);
    codex.setStatus("ready");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(mcpWarnings(codex.warnings)).toHaveLength(1);
    expect(mcpWarnings(codex.warnings)[0]?.failedServers).toEqual(["broken", "remote"]);
  });

  it("the second failure 9 s after the first read: still one warning, naming both", async () => {
    const codex = fakeCodex([
      { server: "broken", atMs: 0 },
      { server: "remote", atMs: 12_000 },
    ]);
    codex.setStatus("ready");
    await vi.advanceTimersByTimeAsync(5_000);
    // The first read found `broken` without the summary line: nothing emitted yet.
    expect(mcpWarnings(codex.warnings)).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(mcpWarnings(codex.warnings)).toHaveLength(1);
    expect(mcpWarnings(codex.warnings)[0]?.failedServers).toEqual(["broken", "remote"]);
    await vi.advanceTimersByTimeAsync(STARTUP_WARNINGS_WINDOW_MS);
    expect(mcpWarnings(codex.warnings)).toHaveLength(1);
  });

  it("the first turn starts before the last failure: what was found is emitted then", async () => {
    const codex = fakeCodex([
      { server: "broken", atMs: 0 },
      { server: "remote", atMs: 30_000 },
    ]);
    codex.setStatus("ready");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(mcpWarnings(codex.warnings)).toEqual([]);
    codex.setStatus("running");
    await vi.advanceTimersByTimeAsync(100);
    expect(mcpWarnings(codex.warnings)).toHaveLength(1);
    expect(mcpWarnings(codex.warnings)[0]?.failedServers).toEqual(["broken"]);
  });
});
