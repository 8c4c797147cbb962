// Setup for the unit tier, whose files share one worker process per CPU (`isolate: false`
// in vitest.config.ts: re-importing the sources for each of ~100 files cost four times the
// CPU of the tests themselves). Whatever a file changes in that process, the next file must
// not inherit: timers, spies, stubbed globals and environment variables are restored here.
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
