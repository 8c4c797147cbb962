// waitForStatus / waitForActivity: resolve on the first match, reject with wait_timeout
// (default 60 s) or session_not_running, and always unsubscribe when settled (api.md §5.3).
// The match and timeout were checked at the session's boundary (checkWaitArguments).
import { ElwoodError } from "../../errors.js";
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { SessionEvents } from "../context/session-events.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import type { ElwoodActivityEvent } from "../contract/types.js";

export const DEFAULT_WAIT_TIMEOUT_MS = 60_000;

export interface WaitSource {
  readonly status: ElwoodSessionStatus;
  onStatus(listener: (status: ElwoodSessionStatus) => void): ElwoodUnsubscribe;
  onActivity(listener: (event: ElwoodActivityEvent) => void): ElwoodUnsubscribe;
}

/** A session's event bus seen as a wait source, with the status it has now. */
export function sessionWaitSource(events: SessionEvents, status: ElwoodSessionStatus): WaitSource {
  return {
    status,
    onStatus: (listener) => events.on("status", (event) => listener(event.status)),
    onActivity: (listener) => events.on("activity", listener),
  };
}

function notRunning(status: ElwoodSessionStatus): ElwoodError {
  return new ElwoodError(
    "session_not_running",
    `The session ended (status "${status}") before the awaited condition was met.`,
    { details: { status } },
  );
}

function timedOut(what: string, timeoutMs: number): ElwoodError {
  return new ElwoodError("wait_timeout", `Timed out after ${timeoutMs} ms waiting for ${what}.`, {
    details: { timeoutMs },
  });
}

export function waitForStatus(
  source: WaitSource,
  match: (status: ElwoodSessionStatus) => boolean,
  timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS,
): Promise<ElwoodSessionStatus> {
  if (match(source.status)) return Promise.resolve(source.status);
  if (isTerminalStatus(source.status)) return Promise.reject(notRunning(source.status));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => settle(() => reject(timedOut("a status", timeoutMs))),
      timeoutMs,
    );
    const unsubscribe = source.onStatus((status) => {
      if (match(status)) settle(() => resolve(status));
      else if (isTerminalStatus(status)) settle(() => reject(notRunning(status)));
    });
    function settle(finish: () => void): void {
      clearTimeout(timer);
      unsubscribe();
      finish();
    }
  });
}

export function waitForActivity(
  source: WaitSource,
  match: (event: ElwoodActivityEvent) => boolean,
  timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS,
): Promise<ElwoodActivityEvent> {
  if (isTerminalStatus(source.status)) return Promise.reject(notRunning(source.status));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => settle(() => reject(timedOut("an activity", timeoutMs))),
      timeoutMs,
    );
    const unsubscribeActivity = source.onActivity((event) => {
      if (match(event)) settle(() => resolve(event));
    });
    const unsubscribeStatus = source.onStatus((status) => {
      if (isTerminalStatus(status)) settle(() => reject(notRunning(status)));
    });
    function settle(finish: () => void): void {
      clearTimeout(timer);
      unsubscribeActivity();
      unsubscribeStatus();
      finish();
    }
  });
}
