// What one hook dispatch produced: the hook-result outcome every dispatch yields and the
// fail-open error shape behind `hookError` (spec api.md "Hook results", seeds §6.3).

/** Why a dispatch failed open. Closed set, part of the public `hookError` contract. */
export type ElwoodHookErrorCategory =
  | "timeout"
  | "handler_error"
  | "invalid_input"
  | "invalid_response"
  | "bridge_error"
  /** A valid decision from an event registered observe-only: the CLI did not wait for it. */
  | "undeclared_decision";

/**
 * A fail-open failure, free of hook payload content. The session runtime adds
 * `elwoodSessionId` when it turns this into a public `hookError` event.
 */
export interface HookDispatchError {
  readonly hookEventName: string;
  readonly category: ElwoodHookErrorCategory;
  readonly message: string;
  /** Present only for a genuine handler timeout, never for a throw or rejection. */
  readonly timeoutMs?: number;
}

/** The result of one dispatch, reported for the hook-result activity. */
export interface HookOutcome {
  readonly hookEventName: string;
  /** True when something went wrong and the CLI got "no decision" because of it. */
  readonly failedOpen: boolean;
  /** Whether a parent handler was found for the event. */
  readonly hasHandler: boolean;
  /** The handler's resolved raw result (live only; never persisted). */
  readonly decision?: unknown;
  /** The JSON value sent to the CLI; absent means an empty reply ("no decision"). */
  readonly reply?: unknown;
  readonly error?: HookDispatchError;
}
