// Fixed numbers and names of the hook bridge, shared by the server, the dispatcher and
// the CLI-side clients so both ends measure and time things the same way
// (seeds §6.3, prd/bridge.md).

/** Largest hook request body, in bytes, that either end accepts (8 MiB). */
export const MAX_HOOK_REQUEST_BYTES = 8 * 1024 * 1024;

/**
 * Default handler deadline. 30 s matches Claude's own default for UserPromptSubmit
 * (its shortest common event default), so a slow parent handler times out on our side
 * with a typed hookError rather than being cancelled by the CLI.
 */
export const DEFAULT_HOOK_TIMEOUT_MS = 30_000;

/** Largest accepted hookTimeoutMs (what a Node timer can hold). */
export const MAX_HOOK_TIMEOUT_MS = 2_147_483_647;

/** Header that carries the per-launch token on every bridge request. */
export const HOOK_TOKEN_HEADER = "x-elwood-token";

/**
 * Header in which a command client names its own pid: a claim the peer check verifies
 * upwards (the pid holds the socket, runs the client, is the CLI's child), never trusts.
 */
export const HOOK_CLIENT_PID_HEADER = "x-elwood-pid";

/** Environment variables through which the CLI (and its hook clients) reach the bridge. */
export const HOOK_PORT_ENV = "ELWOOD_HOOK_PORT";
export const HOOK_TOKEN_ENV = "ELWOOD_HOOK_TOKEN";

/** Path prefix of the one route the server answers: `POST /hooks/<EventName>`. */
export const HOOK_ROUTE_PREFIX = "/hooks/";

/** Hook event names as they appear in URLs and client argv (no quoting ever needed). */
export const HOOK_EVENT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Extra time the server waits past hookTimeoutMs before answering "no decision" itself. */
export const SERVER_DEADLINE_MARGIN_MS = 1_000;

/**
 * The per-hook `timeout` (seconds) written into the CLI's hook config: the CLI's clock
 * starts before ours does, so it gets a 5 s margin and Elwood stays the party that
 * times out (seeds §6.3).
 */
export function cliHookTimeoutSeconds(hookTimeoutMs: number): number {
  return Math.ceil(hookTimeoutMs / 1000) + 5;
}

/**
 * How long a command-hook client waits for the reply: after the server's own deadline
 * (hookTimeoutMs + 1 s) and before the CLI kills the hook (+5 s). Whole seconds because
 * bash 3.2's `read -t` takes integers.
 */
export function clientDeadlineSeconds(hookTimeoutMs: number): number {
  return Math.ceil(hookTimeoutMs / 1000) + 3;
}
