// waitForStatus / waitForActivity: resolve on the first match, reject with wait_timeout
// (default 60 s, on the session's clock) or session_not_running, and always unsubscribe
// when settled (api.md §5.3). The match and timeout were checked at the session's boundary.
import { ElwoodError } from "../../errors.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { SessionContext } from "../context/session-context.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import type { ElwoodActivityEvent } from "../contract/types.js";

export const DEFAULT_WAIT_TIMEOUT_MS = 60_000;

type WaitContext = Pick<SessionContext, "events" | "status" | "clock">;

function notRunning(status: ElwoodSessionStatus): ElwoodError {
  return new ElwoodError(
    "session_not_running",
    `The session ended (status "${status}") before the awaited condition was met.`,
    { details: { status } },
  );
}

export function waitForStatus(
  context: WaitContext,
  match: (status: ElwoodSessionStatus) => boolean,
  timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS,
): Promise<ElwoodSessionStatus> {
  const status = context.status.status;
  if (match(status)) return Promise.resolve(status);
  return waitOn(context, "a status", timeoutMs, (resolve, reject) => [
    context.events.on("status", (event) => {
      if (match(event.status)) resolve(event.status);
      else if (isTerminalStatus(event.status)) reject(notRunning(event.status));
    }),
  ]);
}

export function waitForActivity(
  context: WaitContext,
  match: (event: ElwoodActivityEvent) => boolean,
  timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS,
): Promise<ElwoodActivityEvent> {
  const { events } = context;
  return waitOn(context, "an activity", timeoutMs, (resolve, reject) => [
    events.on("activity", (event) => {
      if (match(event)) resolve(event);
    }),
    events.on("status", (event) => {
      if (isTerminalStatus(event.status)) reject(notRunning(event.status));
    }),
  ]);
}

// One wait, settled once: by what `listen` subscribed, or the timeout; then every
// subscription goes.
function waitOn<T>(
  { status, clock }: WaitContext,
  what: string,
  timeoutMs: number,
  listen: (
    resolve: (value: T) => void,
    reject: (error: ElwoodError) => void,
  ) => ElwoodUnsubscribe[],
): Promise<T> {
  if (isTerminalStatus(status.status)) return Promise.reject(notRunning(status.status));
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void): void => {
      cancelTimer();
      for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
      finish();
    };
    const cancelTimer = clock.set(() => {
      const error = new ElwoodError(
        "wait_timeout",
        `Timed out after ${timeoutMs} ms waiting for ${what}.`,
        { details: { timeoutMs } },
      );
      settle(() => reject(error));
    }, timeoutMs);
    const subscriptions = listen(
      (value) => settle(() => resolve(value)),
      (error) => settle(() => reject(error)),
    );
  });
}
