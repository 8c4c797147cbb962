// Small reads of /proc/<pid>: the facts the bridge's peer check needs about one process
// (parent, session, command line, open sockets, children). Every read is best effort: a
// process that exits while it is looked at simply has no facts.
//
// These reads are synchronous on purpose. Each is a few hundred bytes the kernel formats
// from memory (tens of microseconds), and a check needs about a dozen in sequence; done
// asynchronously, every one is a round trip through the thread pool, which on a loaded
// machine waits for a core each time: measured here at load average 12 on 2 cores, one
// command-hook check took 70 ms p50 that way against under 2 ms like this (prd/bridge.md
// "Peer check", cost). The socket table, the one read that costs, stays asynchronous.

import { readdirSync, readFileSync, readlinkSync } from "node:fs";

export interface ProcessStat {
  readonly pid: number;
  readonly ppid: number;
  /** The session id (setsid): tools run in sessions of their own. */
  readonly sid: number;
}

/** Parses /proc/<pid>/stat text; the command name may hold spaces and parentheses. */
export function parseProcessStat(text: string): ProcessStat | undefined {
  const close = text.lastIndexOf(")");
  if (close === -1) return undefined;
  const pid = Number(text.slice(0, text.indexOf(" ")));
  // After "pid (comm) ": state ppid pgrp session …
  const fields = text.slice(close + 2).split(" ");
  const ppid = Number(fields[1]);
  const sid = Number(fields[3]);
  if (![pid, ppid, sid].every(Number.isInteger)) return undefined;
  return { pid, ppid, sid };
}

export function processStat(pid: number): ProcessStat | undefined {
  try {
    return parseProcessStat(readFileSync(`/proc/${pid}/stat`, "latin1"));
  } catch {
    return undefined;
  }
}

/** The argv the process was started with (after its last exec). */
export function commandLine(pid: number): readonly string[] {
  try {
    const parts = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (parts.at(-1) === "") parts.pop();
    return parts;
  } catch {
    return [];
  }
}

/** The inodes of every socket the process holds (`socket:[inode]` descriptors). */
export function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  const dir = `/proc/${pid}/fd`;
  let fds: string[];
  try {
    fds = readdirSync(dir);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    let link: string;
    try {
      link = readlinkSync(`${dir}/${fd}`);
    } catch {
      continue;
    }
    if (link.startsWith("socket:[")) inodes.add(link.slice("socket:[".length, -1));
  }
  return inodes;
}

// A process's children are listed per thread that forked them, so every task counts.
export function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = new Set<number>();
  for (const tid of tasks) {
    let list: string;
    try {
      list = readFileSync(`/proc/${pid}/task/${tid}/children`, "latin1");
    } catch {
      continue;
    }
    for (const entry of list.trim().split(/\s+/)) {
      const child = Number(entry);
      if (entry.length > 0 && Number.isInteger(child)) children.add(child);
    }
  }
  return [...children];
}
