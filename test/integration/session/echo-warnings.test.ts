// Warnings raised while a session starts (C-API-14) through a real PTY with the echo CLI:
// delivered on a later tick, so a listener attached right after `await start…` gets them;
// live-only, so a listener attached after that tick gets no replay.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setImmediate as nextTick } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { ElwoodWarningEvent } from "../../../src/core/contract/warnings.js";
import { startEcho, startOrResumeEcho } from "../../agents/echo/agent.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workspace(extraEnv: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "elwood-warnings-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const env = { ...process.env, ECHO_AGENT_HOME: path.join(root, "home"), ...extraEnv };
  return { cwd: root, stateDir: path.join(root, "state"), env };
}

// The `--version` probe is cached per CLI for the process: the unparseable one runs first.
describe("warnings raised before start returns (C-API-14)", () => {
  it("C-API-14 C-ERR-07: a preflight warning (unparseable --version) reaches a listener attached right after await, once, with no replay", async () => {
    const session = await startEcho(workspace({ ECHO_AGENT_VERSION_OUTPUT: "echo dev build\n" }));
    cleanups.push(() => session.teardown().catch(() => undefined));
    const early: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => early.push(warning));
    await nextTick();
    await nextTick();
    expect(early.map((warning) => warning.code)).toEqual(["version_unparseable"]);
    expect(early[0]).toMatchObject({ source: "lifecycle", severity: "warning" });
    const late: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => late.push(warning));
    await session.waitForStatus((status) => status === "ready", 20_000);
    expect(late).toEqual([]);
    expect(early).toHaveLength(1);
  });

  it("C-API-14: startOrResume's started_new_conversation is delivered after it resolves", async () => {
    const ws = workspace();
    const { session, resumed } = await startOrResumeEcho({ ...ws, elwoodSessionId: "never-seen" });
    cleanups.push(() => session.teardown().catch(() => undefined));
    const seen: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => seen.push(warning));
    await nextTick();
    await nextTick();
    expect(resumed).toBe(false);
    // (The version probe is cached per CLI, so the other test's warning may repeat here.)
    const lifecycle = seen.filter((warning) => warning.code === "started_new_conversation");
    expect(lifecycle).toMatchObject([
      { code: "started_new_conversation", previousElwoodSessionId: "never-seen" },
    ]);
  });
});
