// Setup for the tiers whose files share one worker process (`isolate: false` in
// vitest.config.ts): re-importing the sources for every file cost more CPU than many of the
// files' own tests (unit: four times their CPU; integration and e2e: about 1.5 CPU-seconds
// a file). Whatever a file changes in that process, the next file must not inherit: timers,
// spies, stubbed globals and environment variables, the working directory, and the
// product's once-per-process caches (a CLI's `--version` and `--help`, an autoupdate
// attempt), which a file running first in a fresh process relies on.
import { afterAll, vi } from "vitest";
import { forgetAutoupdateOutcomes } from "../../src/shell/autoupdate.js";
import { clearVersionCache } from "../../src/shell/probe.js";

const startDir = process.cwd();

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (process.cwd() !== startDir) process.chdir(startDir);
  clearVersionCache();
  forgetAutoupdateOutcomes();
});
