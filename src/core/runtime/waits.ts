// waitForStatus / waitForActivity: resolve on the first match, reject with wait_timeout
// (default 60 s) or session_not_running, and always unsubscribe when settled (api.md §5.3).
// The match and timeout were checked at the session's boundary (checkWaitArguments).
import { ElwoodError } from "../../errors.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { SessionEvents } from "../context/session-events.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import type { ElwoodActivityEvent } from "../contract/types.js";

export const DEFAULT_WAIT_TIMEOUT_MS = 60_000;

function notRunning(status: ElwoodSessionStatus): ElwoodError {
  return new ElwoodError(
    "session_not_running",
    `The session ended (status "${status}") before the awaited condition was met.`,
    { details: { status } },
  );
}

/** `status`: the session's status now. */
export function waitForStatus(
  events: SessionEvents,
  status: ElwoodSessionStatus,
  match: (status: ElwoodSessionStatus) => boolean,
  timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS,
): Promise<ElwoodSessionStatus> {
  if (match(status)) return Promise.resolve(status);
  return waitOn(status, "a status", timeoutMs, (resolve, reject) => [
    events.on("status", (event) => {
      if (match(event.status)) resolve(event.status);
      else if (isTerminalStatus(event.status)) reject(notRunning(event.status));
    }),
  ]);
}

export function waitForActivity(
  events: SessionEvents,
  status: ElwoodSessionStatus,
  match: (event: ElwoodActivityEvent) => boolean,
  timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS,
): Promise<ElwoodActivityEvent> {
  return waitOn(status, "an activity", timeoutMs, (resolve, reject) => [
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
  status: ElwoodSessionStatus,
  what: string,
  timeoutMs: number,
  listen: (
    resolve: (value: T) => void,
    reject: (error: ElwoodError) => void,
  ) => ElwoodUnsubscribe[],
): Promise<T> {
  if (isTerminalStatus(status)) return Promise.reject(notRunning(status));
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void): void => {
      clearTimeout(timer);
      for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
      finish();
    };
    const timer = setTimeout(() => {
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
