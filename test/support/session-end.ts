// Checks shared by the real-CLI lifecycle files: how a session ends (stop, kill or
// teardown) and what it may leave behind.
import { existsSync } from "node:fs";
import { expect } from "vitest";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { filesWithText } from "./claude-e2e.js";
import { commandLineOf, processesInHome, survivorsInHome, waitFor } from "./process-table.js";

export type SessionEnd = "stop" | "kill" | "teardown";

/**
 * A shell command that leaves a process running in a session of its own: neither the
 * CLI's exit nor the group reap reaches it, and once its shell exits it is re-parented
 * away from the test's tree. Only the launch tag (C-LIFE-10) finds it; a leak check by
 * HOME sees it, one by parentage would not. `marker` names it on its command line.
 */
export function detachedCommand(marker: string): string {
  return `setsid node -e "setTimeout(() => {}, 600000) // ${marker}" </dev/null >/dev/null 2>&1 &`;
}

/** Waits until a process whose command line carries `marker` runs with `HOME=<home>`. */
export async function expectRunningInHome(home: string, marker: string): Promise<void> {
  const running = () => processesInHome(home).some((pid) => commandLineOf(pid).includes(marker));
  expect(await waitFor(running, { timeoutMs: 30_000, intervalMs: 100 }), marker).toBe(true);
}

/**
 * Ends `session` the `end` way, then checks its status, that nothing started with the
 * session's agent HOME outlives it (found by environment, so detached and re-parented
 * processes count), and that teardown (and only teardown) removes the session dir, the
 * private dir and the socket home.
 */
export async function endAndExpectGone(
  session: ElwoodAgentSession,
  end: SessionEnd,
  home: string,
  paths: { readonly sessionDir: string; readonly privateDir: string; readonly socketHome: string },
): Promise<void> {
  await session[end]();
  expect(session.status).toBe(end === "stop" ? "stopped" : end === "kill" ? "killed" : "torn_down");
  expect(await survivorsInHome(home), `${end} left processes behind`).toEqual([]);
  if (end === "teardown") {
    expect(existsSync(paths.sessionDir)).toBe(false);
    expect(existsSync(paths.privateDir)).toBe(false);
    expect(existsSync(paths.socketHome)).toBe(false);
  } else {
    expect(existsSync(paths.sessionDir)).toBe(true);
    expect(existsSync(paths.privateDir)).toBe(true);
  }
}

/** The folders hold files, and none of them contains any of `secrets`. */
export async function expectNoSecretsIn(
  dirs: string | readonly string[],
  secrets: readonly string[],
): Promise<void> {
  const files = [];
  for (const dir of typeof dirs === "string" ? [dirs] : dirs)
    files.push(...(await filesWithText(dir)));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    for (const secret of secrets) {
      expect(file.text.includes(secret), `${file.path} holds ${secret}`).toBe(false);
    }
  }
}
