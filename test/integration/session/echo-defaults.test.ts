// The default terminal size (C-API-16) through a real PTY with the echo CLI: a session
// started without `initialSize` runs in a 189 × 48 terminal (PTY and headless xterm).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EchoSession, startEcho } from "../../agents/echo/agent.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("default terminal size (C-API-16)", () => {
  it("C-API-16: without initialSize the options say 189 × 48 and the live terminal is 189 × 48", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "elwood-size-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    // Before start, the view reports the size the validated options default to.
    expect(new EchoSession({ cwd: root }).terminal.size).toEqual({ cols: 189, rows: 48 });
    const env = { ...process.env, ECHO_AGENT_HOME: path.join(root, "home") };
    const session = await startEcho({ cwd: root, stateDir: path.join(root, "state"), env });
    cleanups.push(() => session.teardown().catch(() => undefined));
    await session.waitForStatus((status) => status === "ready", 20_000);
    expect(session.terminal.size).toEqual({ cols: 189, rows: 48 });
    expect(session.terminal.snapshot().lines).toHaveLength(48);
    await session.teardown();
  });
});
