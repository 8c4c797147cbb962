// A faster loop clock for e2e: the real CLI runs in real time, but loop cadences are
// divided by `factor`, so a 60 s minimum interval fires after 60/factor seconds.
// Loop times (createdAt, nextDueAt, fired times) are reported on this scaled clock.
import type { LoopClock } from "../../src/core/loops/clock.js";

export function scaledLoopClock(factor: number): LoopClock {
  const origin = Date.now();
  return {
    now: () => origin + Math.round((Date.now() - origin) * factor),
    setTimer: (callback, ms) => {
      const handle = setTimeout(callback, Math.ceil(ms / factor));
      handle.unref();
      return () => clearTimeout(handle);
    },
  };
}
