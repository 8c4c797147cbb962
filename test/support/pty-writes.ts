// Records every write Elwood makes to a CLI's PTY, at the PTY itself (node-pty's write), for
// the e2e files that must prove which keys reached the CLI (issue 49: no key from screen
// content). Used through `vi.mock("node-pty", …)`; the PTY's terminal device is kept too, so
// a tool can be pointed at the CLI's own terminal.
import { readlinkSync } from "node:fs";
import { isTerminalReport } from "../../src/core/turn/composer-guard.js";

export interface RecordedPty {
  readonly pid: number;
  /** The PTY's terminal device ("/dev/pts/N"), which the CLI reads and draws on. */
  readonly device: string;
  /** Every write, in order, as text. */
  readonly writes: string[];
}

export const recordedPtys: RecordedPty[] = [];

type Spawn = (...args: unknown[]) => { pid: number; write(data: unknown): void };

function deviceOf(pty: { pid: number }): string {
  const named = (pty as { _pty?: unknown })._pty;
  if (typeof named === "string" && named.startsWith("/dev/")) return named;
  return readlinkSync(`/proc/${pty.pid}/fd/0`);
}

/** node-pty with `spawn` wrapped: each PTY it makes is added to `recordedPtys`. */
export function recordPtyWrites<T extends object>(original: T): T {
  const spawn = (original as unknown as { spawn: Spawn }).spawn;
  const recording: Spawn = (...args) => {
    const pty = spawn(...args);
    const record: RecordedPty = { pid: pty.pid, device: deviceOf(pty), writes: [] };
    recordedPtys.push(record);
    const write = pty.write.bind(pty);
    pty.write = (data: unknown) => {
      record.writes.push(
        typeof data === "string" ? data : Buffer.from(data as Uint8Array).toString("utf8"),
      );
      write(data);
    };
    return pty;
  };
  const replaced = { ...original, spawn: recording };
  return { ...replaced, default: replaced } as T;
}

/** Writes that a terminal answers by itself (cursor reports, device attributes) left out. */
export function keysWritten(writes: readonly string[]): string[] {
  return writes.filter((write) => !isTerminalReport(write));
}
