// Process figures for the soak and reliability benchmarks: heap after a full GC, RSS,
// open fds, process listeners, active handles and timers, and live child processes.
// Flat figures at start, middle and end mean no leak.

import { readdirSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { descendantsOf } from "../../../test/support/process-table.js";

// A GC the bench can call without the caller remembering --expose-gc.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

export interface ProcessFigures {
  readonly heapMiB: number;
  readonly rssMiB: number;
  readonly fds: number;
  /** Listeners registered on `process` (signal, exit, uncaughtException…), all events. */
  readonly listeners: number;
  readonly handles: number;
  readonly timers: number;
  readonly children: number;
}

/**
 * Takes the figures after two full GCs. Descendant processes whose pid is in `ignored`
 * (the bench's own helpers: tsx's esbuild service, the model-server child) do not count.
 */
export function processFigures(ignored: ReadonlySet<number> = new Set()): ProcessFigures {
  collectGarbage();
  collectGarbage();
  const memory = process.memoryUsage();
  const resources = process.getActiveResourcesInfo();
  const fds = process.platform === "linux" ? readdirSync("/proc/self/fd").length : Number.NaN;
  const listeners = process
    .eventNames()
    .reduce((sum, name) => sum + process.listenerCount(name), 0);
  return {
    heapMiB: memory.heapUsed / 2 ** 20,
    rssMiB: memory.rss / 2 ** 20,
    fds,
    listeners,
    handles: resources.filter((kind) => kind !== "Timeout" && kind !== "Immediate").length,
    timers: resources.filter((kind) => kind === "Timeout").length,
    children: descendantsOf(process.pid).filter((entry) => !ignored.has(entry.pid)).length,
  };
}

/** Pids of every live descendant now: taken before sessions start, they are the bench's own. */
export function currentDescendants(): Set<number> {
  return new Set(descendantsOf(process.pid).map((entry) => entry.pid));
}

export function printFigures(label: string, figures: ProcessFigures, extra = ""): void {
  const { heapMiB, rssMiB, fds, listeners, handles, timers, children } = figures;
  const cell = (value: number, width = 4) => String(value).padStart(width);
  console.log(
    `${label.padEnd(26)} heap ${heapMiB.toFixed(1).padStart(6)} MiB  rss ${rssMiB.toFixed(0).padStart(5)} MiB  fds ${cell(fds)}  listeners ${cell(listeners, 3)}  handles ${cell(handles, 3)}  timers ${cell(timers, 3)}  children ${cell(children, 3)}${extra}`,
  );
}
