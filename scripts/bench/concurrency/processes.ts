// Proves "no process left" for the concurrency bench without trusting the library's own
// bookkeeping: every live process is attributed to a session by the private HOME in its
// environment (each session has its own), and anything still descending from the bench
// or sharing a process group seen during the run counts too. Linux /proc only; elsewhere
// the descendant check alone applies.

import { readFileSync } from "node:fs";
import { descendantsOf, listProcesses } from "../../../test/support/process-table.js";

export interface LeftoverProcess {
  readonly pid: number;
  readonly pgid: number;
  readonly command: string;
  /** The session whose HOME the process carries, or undefined when none matched. */
  readonly session: number | undefined;
}

export class ProcessWatch {
  readonly #preexisting: ReadonlySet<number>;
  readonly #groups = new Set<number>();
  readonly #homes = new Map<string, number>();

  constructor() {
    // tsx's esbuild service and similar helpers of the runner are not the sessions' doing,
    // nor is whatever started the bench (npm, its shell, a script): they share the bench's
    // process group, which a child spawned without a group of its own (git init, a probe)
    // puts among the groups seen.
    this.#preexisting = new Set([
      ...descendantsOf(process.pid).map((entry) => entry.pid),
      ...ancestorsOf(process.pid),
    ]);
  }

  registerHome(home: string, session: number): void {
    this.#homes.set(home, session);
  }

  /** Records the process groups of every new descendant (the CLIs and their children). */
  sample(): void {
    for (const entry of descendantsOf(process.pid)) {
      if (!this.#preexisting.has(entry.pid)) this.#groups.add(entry.pgid);
    }
  }

  get groupsSeen(): number {
    return this.#groups.size;
  }

  /** Live processes that belong to a session: by HOME, by descent, or by process group. */
  leftovers(): LeftoverProcess[] {
    const found = new Map<number, LeftoverProcess>();
    const add = (pid: number, pgid: number) => {
      if (pid === process.pid || this.#preexisting.has(pid) || found.has(pid)) return;
      found.set(pid, { pid, pgid, command: commandOf(pid), session: this.#sessionOf(pid) });
    };
    for (const entry of descendantsOf(process.pid)) add(entry.pid, entry.pgid);
    for (const entry of listProcesses()) {
      if (entry.state === "Z" || entry.state === "X") continue;
      if (this.#groups.has(entry.pgid) || this.#sessionOf(entry.pid) !== undefined) {
        add(entry.pid, entry.pgid);
      }
    }
    return [...found.values()];
  }

  #sessionOf(pid: number): number | undefined {
    const home = environmentOf(pid)
      .find((entry) => entry.startsWith("HOME="))
      ?.slice(5);
    return home === undefined ? undefined : this.#homes.get(home);
  }
}

function ancestorsOf(pid: number): number[] {
  const byPid = new Map(listProcesses().map((entry) => [entry.pid, entry.ppid]));
  const ancestors: number[] = [];
  for (
    let parent = byPid.get(pid);
    parent !== undefined && parent > 1;
    parent = byPid.get(parent)
  ) {
    ancestors.push(parent);
  }
  return ancestors;
}

function environmentOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  } catch {
    return [];
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim().slice(0, 120);
  } catch {
    return "?";
  }
}
