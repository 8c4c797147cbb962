// A faster session clock for the loop e2e: the real CLI runs in real time, but the
// session's clock (its loop cadences among every timer) runs `factor` times faster, so a
// 60 s minimum interval fires after 60/factor seconds. Loop times (createdAt, nextDueAt,
// fired times) are reported on this scaled clock. Given to a session as SESSION_TIME.
import type { TimeSource } from "../../src/core/context/clock.js";

export function scaledTime(factor: number): TimeSource {
  const origin = Date.now();
  return {
    now: () => origin + Math.round((Date.now() - origin) * factor),
    setTimeout: (callback, ms) => setTimeout(callback, Math.ceil(ms / factor)),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
