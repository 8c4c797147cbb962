// Content-free counters of what the bridge server saw, for tests, the fuzz suite and
// diagnostics. Rejected requests are deliberately silent otherwise (seeds §6.2, §6.3).

export interface HookBridgeStats {
  /** Requests whose headers parsed as HTTP. */
  readonly received: number;
  /** Requests handed to the dispatcher. */
  readonly dispatched: number;
  readonly unauthenticated: number;
  /** Authenticated requests from a socket not held by the process meant to send them (Linux). */
  readonly foreignPeer: number;
  /** Connections identified through /proc (one per connection, not per request). */
  readonly peerChecks: number;
  /** Of those, command clients admitted on their own pid claim, verified (no search). */
  readonly peerClaimsVerified: number;
  /** Requests whose peer could not be checked (no /proc children lists); token only. */
  readonly peerUnchecked: number;
  /** Requests whose `session_id` names a conversation the session never announced. */
  readonly foreignSession: number;
  readonly oversized: number;
  /** Authenticated requests for anything but `POST /hooks/<EventName>`. */
  readonly unrouted: number;
  /** Authenticated requests whose body was not JSON. */
  readonly malformed: number;
  /** Requests whose sender hung up before the body was complete. */
  readonly incomplete: number;
  /** Connections that did not speak HTTP. */
  readonly badFrames: number;
  /** Dispatches answered by the server's own deadline. */
  readonly deadlineExpired: number;
  readonly bridgeFailures: number;
}

export type MutableHookBridgeStats = { -readonly [K in keyof HookBridgeStats]: number };

export function createHookStats(): MutableHookBridgeStats {
  return {
    received: 0,
    dispatched: 0,
    unauthenticated: 0,
    foreignPeer: 0,
    peerChecks: 0,
    peerClaimsVerified: 0,
    peerUnchecked: 0,
    foreignSession: 0,
    oversized: 0,
    unrouted: 0,
    malformed: 0,
    incomplete: 0,
    badFrames: 0,
    deadlineExpired: 0,
    bridgeFailures: 0,
  };
}
