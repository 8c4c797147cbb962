// Reads the OS process table for tests that prove nothing leaks (C-LIFE-10): /proc on
// Linux, `ps -A -o pid=,ppid=,pgid=,stat=` elsewhere. Zombies count as dead.
//
// Leak checks find a session's processes by what they inherit (the agent HOME, the launch
// tag), not by parentage: a tool process the CLI detached, or one re-parented to init
// after its parent died, is no longer a descendant of the test, but still carries both.

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** One-letter state; "Z" is a zombie: exited, waiting to be reaped. */
  readonly state: string;
}

export function listProcesses(): ProcessEntry[] {
  return process.platform === "linux" ? listFromProc() : listFromPs();
}

function listFromProc(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const entry = parseProcStat(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (entry !== undefined) entries.push(entry);
    } catch {
      // The process exited between readdir and read.
    }
  }
  return entries;
}

// The command name may contain spaces and parentheses, so fields start after the last ")".
export function parseProcStat(stat: string): ProcessEntry | undefined {
  const close = stat.lastIndexOf(")");
  if (close < 0) return undefined;
  const pid = Number.parseInt(stat, 10);
  const [state, ppid, pgid] = stat
    .slice(close + 2)
    .split(" ")
    .slice(0, 3);
  if (state === undefined || ppid === undefined || pgid === undefined) return undefined;
  return { pid, ppid: Number(ppid), pgid: Number(pgid), state };
}

function listFromPs(): ProcessEntry[] {
  const output = execFileSync("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat="], { encoding: "utf8" });
  return output
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4)
    .map(([pid, ppid, pgid, stat]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      state: (stat ?? "?").charAt(0),
    }));
}

function isLive(entry: ProcessEntry): boolean {
  return entry.state !== "Z" && entry.state !== "X";
}

/** Live descendants of `pid` (children, grandchildren, …), not including `pid` itself. */
export function descendantsOf(pid: number): ProcessEntry[] {
  const table = listProcesses().filter(isLive);
  const found: ProcessEntry[] = [];
  const frontier = [pid];
  while (frontier.length > 0) {
    const parent = frontier.pop();
    for (const entry of table) {
      if (entry.ppid !== parent || found.some((known) => known.pid === entry.pid)) continue;
      found.push(entry);
      frontier.push(entry.pid);
    }
  }
  return found;
}

/** Live processes whose process group is `pgid`. */
export function processesInGroup(pgid: number): ProcessEntry[] {
  return listProcesses().filter((entry) => entry.pgid === pgid && isLive(entry));
}

/** True while `pid` exists and is not a zombie. */
export function isProcessAlive(pid: number): boolean {
  return listProcesses().some((entry) => entry.pid === pid && isLive(entry));
}

/** Polls `condition` until true or `timeoutMs` passes; tests assert on the result. */
export async function waitFor(
  condition: () => boolean,
  options: { readonly timeoutMs?: number; readonly intervalMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
  return condition();
}

/**
 * Live processes (never this one) whose environment holds `name=value` as a whole
 * variable. Needs /proc/<pid>/environ (Linux); elsewhere it throws rather than report a
 * leak check as clean that never looked.
 */
export function processesWithEnv(name: string, value: string): number[] {
  if (process.platform !== "linux") {
    throw new Error("processesWithEnv reads /proc/<pid>/environ, which only Linux has");
  }
  const needle = Buffer.from(`${name}=${value}\0`);
  const found: number[] = [];
  for (const entry of listProcesses()) {
    if (entry.pid === process.pid || !isLive(entry)) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry.pid}/environ`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (let at = environ.indexOf(needle); at >= 0; at = environ.indexOf(needle, at + 1)) {
      if (at === 0 || environ[at - 1] === 0) {
        found.push(entry.pid);
        break;
      }
    }
  }
  return found;
}

/** The process's session id and process group id (Linux /proc). */
export function sessionAndGroupOf(pid: number): { readonly sid: number; readonly pgid: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pgid: Number(fields[2]), sid: Number(fields[3]) };
}

/** Live processes started with `HOME=<home>`: agents, their shells, tools and hook clients. */
export function processesInHome(home: string): number[] {
  return processesWithEnv("HOME", home);
}

/** A process's command line, for failure messages that say what survived. */
export function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return "?";
  }
}

/**
 * Waits (bounded) until nothing runs with `HOME=<home>`, then returns what is left as
 * "pid command" lines, so `expect(…).toEqual([])` names any survivor.
 */
export async function survivorsInHome(home: string, timeoutMs = 10_000): Promise<string[]> {
  await waitFor(() => processesInHome(home).length === 0, { timeoutMs, intervalMs: 50 });
  return processesInHome(home).map((pid) => `${pid} ${commandLineOf(pid)}`);
}
