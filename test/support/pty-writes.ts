// What reached a CLI's PTY, for the e2e files that must prove which keys Elwood wrote (issue
// 49: no key from screen content): the session's `terminal:input` event reports every write
// to the PTY as it went. And the CLI's terminal device, so a tool can be pointed at it.
import { readFileSync, readlinkSync } from "node:fs";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { isTerminalReport } from "../../src/core/turn/composer-guard.js";
import { descendantsOf } from "./process-table.js";

/** Every write to the session's PTY from now on, in order, as text. */
export function recordWrites(session: ElwoodAgentSession): string[] {
  const writes: string[] = [];
  session.on("terminal:input", (input) => writes.push(input));
  return writes;
}

/** Writes that a terminal answers by itself (cursor reports, device attributes) left out. */
export function keysWritten(writes: readonly string[]): string[] {
  return writes.filter((write) => !isTerminalReport(write));
}

/** The terminal device ("/dev/pts/N") of this process's descendants running with HOME `home`. */
export function terminalDeviceOf(home: string): string {
  for (const entry of descendantsOf(process.pid)) {
    try {
      const environ = readFileSync(`/proc/${entry.pid}/environ`, "latin1").split("\0");
      if (!environ.includes(`HOME=${home}`)) continue;
      const device = readlinkSync(`/proc/${entry.pid}/fd/0`);
      if (device.startsWith("/dev/pts/")) return device;
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  throw new Error(`no process with HOME=${home} has a terminal`);
}
