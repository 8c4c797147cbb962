// Small asynchronous reads of /proc/<pid>: the facts the bridge's peer check needs about
// one process (parent, session, command line, open sockets, children). Every read is
// best effort: a process that exits while it is looked at simply has no facts.

import { readdir, readFile, readlink } from "node:fs/promises";

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

export async function processStat(pid: number): Promise<ProcessStat | undefined> {
  try {
    return parseProcessStat(await readFile(`/proc/${pid}/stat`, "latin1"));
  } catch {
    return undefined;
  }
}

/** The argv the process was started with (after its last exec). */
export async function commandLine(pid: number): Promise<readonly string[]> {
  try {
    const text = await readFile(`/proc/${pid}/cmdline`, "utf8");
    const parts = text.split("\0");
    if (parts.at(-1) === "") parts.pop();
    return parts;
  } catch {
    return [];
  }
}

/** True when one of the process's descriptors is `socket:[inode]`. */
export async function holdsSocket(pid: number, inode: string): Promise<boolean> {
  const dir = `/proc/${pid}/fd`;
  let fds: string[];
  try {
    fds = await readdir(dir);
  } catch {
    return false;
  }
  const target = `socket:[${inode}]`;
  const links = await Promise.all(fds.map((fd) => readlink(`${dir}/${fd}`).catch(() => "")));
  return links.includes(target);
}

// A process's children are listed per thread that forked them, so every task counts.
export async function childrenOf(pid: number): Promise<number[]> {
  let tasks: string[];
  try {
    tasks = await readdir(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const lists = await Promise.all(
    tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, "latin1").catch(() => "")),
  );
  const children = new Set<number>();
  for (const list of lists) {
    for (const entry of list.trim().split(/\s+/)) {
      const child = Number(entry);
      if (entry.length > 0 && Number.isInteger(child)) children.add(child);
    }
  }
  return [...children];
}
