// The parent's share of all CPU used during a run (issue 22): this process's user+system
// time against every CPU's busy time from /proc/stat over the same span (Linux; elsewhere
// the machine-wide figure is unknown and the share is reported as 0). Peak RSS is the
// parent's own high-water mark.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux Node supports

export interface CpuShareFigures {
  readonly parentSeconds: number;
  readonly allSeconds: number;
  readonly parentShare: number;
  readonly parentPeakRssMiB: number;
}

export class CpuShare {
  readonly #parentStart = process.cpuUsage();
  readonly #busyStart = machineBusyTicks();

  measure(): CpuShareFigures {
    const parent = process.cpuUsage(this.#parentStart);
    const parentSeconds = (parent.user + parent.system) / 1e6;
    const busyEnd = machineBusyTicks();
    const allSeconds =
      busyEnd === undefined || this.#busyStart === undefined
        ? 0
        : (busyEnd - this.#busyStart) / TICKS_PER_SECOND;
    return {
      parentSeconds,
      allSeconds,
      parentShare: allSeconds > 0 ? parentSeconds / allSeconds : 0,
      // resourceUsage().maxRSS is in KiB.
      parentPeakRssMiB: process.resourceUsage().maxRSS / 1024,
    };
  }
}

// Busy = every field of the aggregate `cpu` line but idle and iowait.
function machineBusyTicks(): number | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return user + nice + system + irq + softirq + steal;
  } catch {
    return undefined;
  }
}
