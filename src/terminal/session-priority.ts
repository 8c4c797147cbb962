// A CLI's terminal session yields the CPU to its driver (Linux; prd/decisions.md "The
// driver keeps its share"). With autogroups on, Linux shares the CPU between sessions
// first: each CLI runs in a PTY session of its own, so at 64 sessions the parent got
// 1/65 of the machine (3% of all CPU used in the 64x2 bench), and hooks waited in it
// until the CLIs gave up on them. Raising the nice of the CLI's autogroup keeps the
// parent responsive when it needs the CPU and costs the CLIs nothing while it idles.
// The agent's tools run in sessions of their own (both CLIs setsid them), which start
// at nice 0, so only the TUI process itself is lowered.

import { readFileSync, writeFileSync } from "node:fs";

/** The autogroup nice a CLI's session gets: parent weight 1024 against 110 per CLI. */
export const CLI_SESSION_NICE = 10;

/** The child calls setsid right after fork; it has its own autogroup within this. */
const SETSID_WAIT_MS = 1_000;
const RETRY_MS = 5;

/**
 * Lowers the autogroup of `pid`'s session to `nice`, once the child is in a session of
 * its own. Never touches this process's own group (a child that has not yet called
 * setsid still shares it). Where autogroups do not exist, or the write is refused, it
 * does nothing: a priority is a preference, never a reason to fail a launch.
 */
export function lowerSessionPriority(pid: number, nice: number = CLI_SESSION_NICE): void {
  const own = autogroupOf("self");
  if (own === undefined) return;
  const deadline = Date.now() + SETSID_WAIT_MS;
  const attempt = (): void => {
    const theirs = autogroupOf(String(pid));
    if (theirs === undefined) return;
    if (theirs !== own) {
      try {
        writeFileSync(`/proc/${pid}/autogroup`, String(nice));
      } catch {
        // Refused or gone: the session runs at its default share.
      }
      return;
    }
    if (Date.now() < deadline) setTimeout(attempt, RETRY_MS).unref();
  };
  attempt();
}

/** `/autogroup-<id>` of a process, or undefined where there is none to read. */
export function autogroupOf(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/autogroup`, "utf8").split(" ")[0];
  } catch {
    return undefined;
  }
}
