// Checks shared by the real-CLI lifecycle files: how a session ends (stop, kill or
// teardown) and what it may leave behind.
import { existsSync } from "node:fs";
import { expect } from "vitest";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { childPids, filesWithText } from "./claude-e2e.js";
import { waitFor } from "./process-table.js";

export type SessionEnd = "stop" | "kill" | "teardown";

/**
 * Ends `session` the `end` way, then checks its status, that no process started since
 * `spawnedBefore` outlives it, and that teardown (and only teardown) removes the session
 * dir and socket home.
 */
export async function endAndExpectGone(
  session: ElwoodAgentSession,
  end: SessionEnd,
  spawnedBefore: ReadonlySet<number>,
  paths: { readonly sessionDir: string; readonly socketHome: string },
): Promise<void> {
  await session[end]();
  expect(session.status).toBe(end === "stop" ? "stopped" : end === "kill" ? "killed" : "torn_down");
  const leftover = () => [...childPids()].filter((pid) => !spawnedBefore.has(pid));
  await waitFor(() => leftover().length === 0, { timeoutMs: 10_000 });
  expect(leftover(), `${end} left processes behind`).toEqual([]);
  if (end === "teardown") {
    expect(existsSync(paths.sessionDir)).toBe(false);
    expect(existsSync(paths.socketHome)).toBe(false);
  } else {
    expect(existsSync(paths.sessionDir)).toBe(true);
  }
}

/** The state dir holds files, and none of them contains any of `secrets`. */
export async function expectNoSecretsIn(
  stateDir: string,
  secrets: readonly string[],
): Promise<void> {
  const files = await filesWithText(stateDir);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    for (const secret of secrets) {
      expect(file.text.includes(secret), `${file.path} holds ${secret}`).toBe(false);
    }
  }
}
