// Claude's native `type: "http"` hook entry pointed at the bridge: the port is known when
// the per-launch settings file is written; the token stays in the environment and is
// interpolated by Claude through allowedEnvVars (spec hook-protocols A1, A7).

import {
  cliHookTimeoutSeconds,
  HOOK_EVENT_NAME_PATTERN,
  HOOK_ROUTE_PREFIX,
  HOOK_TOKEN_ENV,
  HOOK_TOKEN_HEADER,
} from "../../bridge/limits.js";
import { ElwoodError } from "../../errors.js";

export interface ClaudeHttpHookEntry {
  readonly type: "http";
  readonly url: string;
  readonly headers: { readonly [HOOK_TOKEN_HEADER]: string };
  readonly allowedEnvVars: readonly string[];
  /** Seconds; Claude's own kill switch, set past Elwood's deadline. */
  readonly timeout: number;
}

export interface ClaudeHttpHookOptions {
  readonly port: number;
  readonly eventName: string;
  readonly hookTimeoutMs: number;
}

/** One hook entry for Claude's settings `hooks[<Event>][n].hooks` array. */
export function claudeHttpHookEntry(options: ClaudeHttpHookOptions): ClaudeHttpHookEntry {
  const { port, eventName } = options;
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    throw new ElwoodError("invalid_options", `Hook bridge port must be 1-65535; got ${port}.`);
  }
  if (!HOOK_EVENT_NAME_PATTERN.test(eventName)) {
    throw new ElwoodError(
      "invalid_options",
      `Hook event name must be a plain identifier; got ${JSON.stringify(eventName)}.`,
    );
  }
  return {
    type: "http",
    url: `http://127.0.0.1:${port}${HOOK_ROUTE_PREFIX}${eventName}`,
    headers: { [HOOK_TOKEN_HEADER]: `$${HOOK_TOKEN_ENV}` },
    allowedEnvVars: [HOOK_TOKEN_ENV],
    timeout: cliHookTimeoutSeconds(options.hookTimeoutMs),
  };
}

/** Claude skips http hooks for these events, so they need the command client (A2). */
export const CLAUDE_COMMAND_ONLY_EVENTS: readonly string[] = ["SessionStart", "Setup"];

/**
 * Display-level events that fire on every tool step (MessageDisplay per streamed message):
 * even as async command hooks, these and PostToolUse cost Claude 2.1.332 about 50 ms per
 * step over not registering them (prd/bridge.md "Decisions declared at start"), so they
 * are registered only when declared in `hooks` or listened for at start. PreToolUse and
 * PostToolUse stay registered: a late handler's decision must be reported, and a late
 * observer must see every tool step.
 */
export const CLAUDE_LISTENER_ONLY_EVENTS: readonly string[] = ["PostToolBatch", "MessageDisplay"];
