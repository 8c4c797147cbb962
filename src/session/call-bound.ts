// A call's `timeoutMs` covers everything it waits for, a lazy start included
// (prd/decisions.md "A call's bound covers the start"): the awaited work goes on after the
// call gave up, and whoever shares it still gets its outcome.
import type { SessionClock } from "../core/context/clock.js";
import { ElwoodError } from "../errors.js";

/** `pending`, or `wait_timeout` once `timeoutMs` passed; no bound when it is undefined. */
export async function withinCallBound<T>(
  clock: SessionClock,
  pending: Promise<T>,
  timeoutMs: number | undefined,
  waitingFor: string,
): Promise<T> {
  if (timeoutMs === undefined) return pending;
  return clock.within(pending, timeoutMs, () => {
    // Its failure is reported to whoever else awaits it; here it is no longer awaited.
    pending.catch(() => undefined);
    return new ElwoodError(
      "wait_timeout",
      `Timed out waiting for the turn (timeoutMs ${timeoutMs}); ${waitingFor}.`,
      { details: { timeoutMs } },
    );
  });
}
