// Per-event hook deadlines (prd/bridge.md "Deadlines per event"): a handler may carry a
// deadline of its own — the approvals handler waits minutes for a human — and that
// deadline applies to its event alone, at every link of the chain (the dispatcher, the
// bridge server's answer, the command client, the CLI's own hook timeout). Every other
// event keeps the session's `hookTimeoutMs`, so a stuck handler elsewhere still fails
// open as fast as before.

import { ElwoodError } from "../errors.js";
import { MAX_HOOK_TIMEOUT_MS } from "./limits.js";

/** Where a handler keeps its own deadline; not reachable from the package root. */
const HANDLER_TIMEOUT = Symbol("elwood.hookHandlerTimeoutMs");

/** Deadlines that differ from the session's default, by hook event name. */
export type HookTimeoutsByEvent = Readonly<Record<string, number>>;

/**
 * Marks `handler` as needing `timeoutMs` (a whole number of milliseconds) instead of
 * the session's hookTimeoutMs. Returns the same function.
 */
export function withHandlerTimeout<F extends (...args: never[]) => unknown>(
  handler: F,
  timeoutMs: number,
): F {
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_HOOK_TIMEOUT_MS) {
    throw new ElwoodError(
      "invalid_options",
      `A handler's own hook deadline must be 1 to ${MAX_HOOK_TIMEOUT_MS} ms; got ${String(timeoutMs)}.`,
    );
  }
  Object.defineProperty(handler, HANDLER_TIMEOUT, { value: timeoutMs });
  return handler;
}

function timeoutOf(value: unknown): number | undefined {
  if (typeof value !== "function") return undefined;
  const timeout: unknown = (value as unknown as Record<symbol, unknown>)[HANDLER_TIMEOUT];
  return typeof timeout === "number" ? timeout : undefined;
}

/**
 * The deadlines a handlers object asks for: an event-name handler's own, or the longest
 * among a tool-keyed map's handlers. Events with no marked handler are left out.
 */
export function handlerTimeoutsOf(handlers: unknown): HookTimeoutsByEvent {
  const timeouts: Record<string, number> = {};
  if (typeof handlers !== "object" || handlers === null) return timeouts;
  for (const [eventName, entry] of Object.entries(handlers)) {
    const own = timeoutOf(entry);
    const fromTools =
      typeof entry === "object" && entry !== null
        ? Object.values(entry).map(timeoutOf)
        : ([] as (number | undefined)[]);
    const all = [own, ...fromTools].filter((value): value is number => value !== undefined);
    if (all.length > 0) timeouts[eventName] = Math.max(...all);
  }
  return Object.freeze(timeouts);
}

/** The deadline for one event: its own when a handler asked for one, else the default. */
export function timeoutForEvent(
  eventName: string | undefined,
  defaultMs: number,
  byEvent: HookTimeoutsByEvent | undefined,
): number {
  if (eventName === undefined || byEvent === undefined || !Object.hasOwn(byEvent, eventName)) {
    return defaultMs;
  }
  return byEvent[eventName] ?? defaultMs;
}
