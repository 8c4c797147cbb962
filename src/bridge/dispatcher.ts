// Runs one authenticated hook request end to end: parse through the adapter's catalogue,
// find the parent's handler, run it under hookTimeoutMs, validate and serialize the
// result. Every path ends in a HookOutcome; nothing here ever throws to the server
// (prd/internals.md "bridge/", seeds §6.3). Hook payloads are never logged or stored.

import { describeCause } from "../errors.js";
import {
  type HookAbandonReason,
  type HookCatalogue,
  type HookEventBase,
  type ResolvedHookHandler,
  UNKNOWN_HOOK_EVENT_NAME,
} from "./catalogue.js";
import { settleWithin } from "./deadline.js";
import { type HookTimeoutsByEvent, timeoutForEvent } from "./handler-timeout.js";
import { DEFAULT_HOOK_TIMEOUT_MS } from "./limits.js";
import type { ElwoodHookErrorCategory, HookDispatchError, HookOutcome } from "./outcome.js";
import { undeclaredDecisionMessage, unregisteredHandlerMessage } from "./registration.js";

/** What the bridge server needs from a dispatcher. */
export interface HookRequestSink {
  /** The default handler deadline; the server answers on its own a little after it. */
  readonly hookTimeoutMs: number;
  /** The deadline of one event's handler (hookTimeoutMs unless a handler asked for more). */
  hookTimeoutMsFor?(eventName: string | undefined): number;
  /**
   * Dispatch a decoded input; resolves the reply body text, or undefined for none.
   * `abandoned` aborts when the request stops being waited for (its client hung up, the
   * server's deadline passed, the bridge closed); the handler's signal follows it.
   */
  dispatch(
    rawInput: unknown,
    eventNameFromPath: string | undefined,
    abandoned?: AbortSignal,
  ): Promise<string | undefined>;
  /** Report an authenticated request whose body was not JSON (fails open). */
  reportMalformed(eventNameFromPath: string | undefined, message: string): void;
  /**
   * Whether the CLI was told not to wait for this event: the server answers such a
   * request at once (no decision) and dispatches it after. Absent: every event waits.
   */
  isObserveOnly?(eventName: string): boolean;
}

export interface HookDispatcherOptions<Handlers, Event extends HookEventBase> {
  readonly catalogue: HookCatalogue<Handlers, Event>;
  /** The parent's handlers. */
  readonly handlers?: Handlers;
  /** Read the handlers per dispatch instead (they may change while a session runs). */
  readonly getHandlers?: () => Handlers | undefined;
  /** Checked where it entered (the start options' schema); 30 s when absent. */
  readonly hookTimeoutMs?: number;
  /** Events whose handlers asked for a deadline of their own (handler-timeout.ts). */
  readonly hookTimeoutsByEvent?: HookTimeoutsByEvent;
  /**
   * Events the CLI was told not to wait for (registration.ts): a decision returned for one
   * is not sent and is reported as `undeclared_decision`. Absent: every event is waited for.
   */
  readonly isObserveOnly?: (eventName: string) => boolean;
  /**
   * Events the CLI was told nothing about: a handler added for one later is never called,
   * so the first dispatch that finds one reports it once as `undeclared_decision`.
   */
  readonly unregistered?: () => Iterable<string>;
}

/** Where a dispatcher reports: given at creation, or connected once after (connect()). */
export interface HookDispatchSink<Event extends HookEventBase> {
  /**
   * What every handler's context carries besides its signal (symbol-keyed session ports
   * the package root does not export), read per dispatch.
   */
  readonly contextExtras?: () => object;
  /** Every successfully parsed event, before its handler runs. */
  readonly onHook?: (event: Event) => void;
  /** Every fail-open failure (becomes `hookError` + a `hook_error` activity). */
  readonly onHookError?: (error: HookDispatchError) => void;
  /** Every dispatch, failed or not (becomes the hook-result activity). */
  readonly onOutcome?: (outcome: HookOutcome) => void;
}

export interface HookDispatcher<Event extends HookEventBase = HookEventBase>
  extends HookRequestSink {
  /**
   * Reports to `sink` from now on: the launcher creates the dispatcher before the bridge
   * and the runtime after the CLI is spawned, and connects the two once both exist (no
   * request can come before: the CLI is spawned in the same tick).
   */
  connect(sink: HookDispatchSink<Event>): void;
}

/** Build a dispatcher. */
export function createHookDispatcher<Handlers, Event extends HookEventBase>(
  options: HookDispatcherOptions<Handlers, Event> & HookDispatchSink<Event>,
): HookDispatcher<Event> {
  let sink: HookDispatchSink<Event> = options;
  const hookTimeoutMs = options.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
  const hookTimeoutMsFor = (eventName: string | undefined): number =>
    timeoutForEvent(eventName, hookTimeoutMs, options.hookTimeoutsByEvent);
  const { catalogue } = options;
  const currentHandlers = (): Handlers | undefined =>
    options.getHandlers === undefined ? options.handlers : options.getHandlers();

  // Callbacks belong to the parent; a throwing one must not break the bridge.
  const notify = <T>(callback: ((value: T) => void) | undefined, value: T): void => {
    try {
      callback?.(value);
    } catch {
      // Nowhere safer to report a failing listener from inside the bridge.
    }
  };

  const reportedUnregistered = new Set<string>();
  // No silent miss: a handler the CLI can never call is reported, once per event.
  const reportUnregisteredHandlers = (handlers: Handlers | undefined): void => {
    if (options.unregistered === undefined || typeof handlers !== "object" || handlers === null)
      return;
    for (const name of options.unregistered()) {
      if (reportedUnregistered.has(name) || !Object.hasOwn(handlers, name)) continue;
      reportedUnregistered.add(name);
      const message = unregisteredHandlerMessage(name);
      notify(sink.onHookError, {
        hookEventName: name,
        category: "undeclared_decision",
        message,
      });
    }
  };

  // Serialize first so a reply that cannot become JSON is reported once, as bridge_error.
  const finish = (planned: HookOutcome): string | undefined => {
    let outcome = planned;
    let body: string | undefined;
    if (planned.reply !== undefined) {
      body = serialize(planned.reply);
      if (body === undefined) {
        const message = `${planned.hookEventName} reply could not be serialized to JSON`;
        outcome = failOpen(planned.hookEventName, "bridge_error", message, {
          hasHandler: planned.hasHandler,
          decision: planned.decision,
        });
      }
    }
    if (outcome.error !== undefined) notify(sink.onHookError, outcome.error);
    notify(sink.onOutcome, outcome);
    return body;
  };

  const failOpen = (
    hookEventName: string,
    category: ElwoodHookErrorCategory,
    message: string,
    extra: { hasHandler?: boolean; decision?: unknown; timeoutMs?: number } = {},
  ): HookOutcome => {
    const error: HookDispatchError =
      extra.timeoutMs === undefined
        ? { hookEventName, category, message }
        : { hookEventName, category, message, timeoutMs: extra.timeoutMs };
    const outcome = { hookEventName, failedOpen: true, hasHandler: extra.hasHandler ?? false };
    return "decision" in extra
      ? { ...outcome, decision: extra.decision, error }
      : { ...outcome, error };
  };

  const run = async (
    rawInput: unknown,
    pathName: string | undefined,
    abandoned: AbortSignal | undefined,
  ): Promise<HookOutcome> => {
    const parsed = catalogue.parse(rawInput, pathName);
    if (!parsed.ok) {
      const name = parsed.eventName === UNKNOWN_HOOK_EVENT_NAME ? pathName : parsed.eventName;
      return failOpen(name ?? UNKNOWN_HOOK_EVENT_NAME, "invalid_input", parsed.message);
    }
    const event = parsed.event;
    const name = event.hook_event_name;
    if (pathName !== undefined && pathName !== name) {
      // The CLI posts each event to its own route; a mismatch means a confused caller.
      return failOpen(name, "invalid_input", `hook input for ${name} arrived on ${pathName}`);
    }
    notify(sink.onHook, event);
    const handlers = currentHandlers();
    reportUnregisteredHandlers(handlers);
    const resolved: ResolvedHookHandler<Event> | undefined = catalogue.resolveHandler(
      handlers,
      event,
    );
    if (resolved === undefined)
      return { hookEventName: name, failedOpen: false, hasHandler: false };
    // The one per-event choice: a handler that waits for a human has its own deadline.
    const timeoutMs = hookTimeoutMsFor(name);
    const deadline = new AbortController();
    const signal =
      abandoned === undefined ? deadline.signal : AbortSignal.any([abandoned, deadline.signal]);
    const context = { ...sink.contextExtras?.(), signal };
    const settled = await settleWithin(() => resolved.handler(event, context), timeoutMs);
    // Past its deadline the handler's answer is dropped: tell it so it can stop waiting.
    if (settled.kind === "timed_out") deadline.abort("deadline" satisfies HookAbandonReason);
    if (settled.kind === "timed_out") {
      const message = `${name} handler did not settle within ${timeoutMs} ms`;
      return failOpen(name, "timeout", message, { hasHandler: true, timeoutMs });
    }
    if (settled.kind === "threw") {
      const message = `${name} handler failed: ${describeCause(settled.error)}`;
      return failOpen(name, "handler_error", message, { hasHandler: true });
    }
    const wire = catalogue.toWire(event, settled.value, { isToolKeyed: resolved.isToolKeyed });
    if (!wire.ok) {
      const message = `${name} handler returned an invalid result: ${wire.message}`;
      return failOpen(name, "invalid_response", message, {
        hasHandler: true,
        decision: settled.value,
      });
    }
    if (settled.value !== undefined && options.isObserveOnly?.(name) === true) {
      // The CLI went on without an answer: say so rather than drop the decision silently.
      return failOpen(name, "undeclared_decision", undeclaredDecisionMessage(name), {
        hasHandler: true,
        decision: settled.value,
      });
    }
    const base = { hookEventName: name, failedOpen: false, hasHandler: true };
    const outcome: HookOutcome = { ...base, decision: settled.value };
    return wire.wire === undefined ? outcome : { ...outcome, reply: wire.wire };
  };

  return {
    hookTimeoutMs,
    hookTimeoutMsFor,
    isObserveOnly: (eventName) => options.isObserveOnly?.(eventName) === true,
    connect(connected) {
      sink = connected;
    },
    async dispatch(rawInput, eventNameFromPath, abandoned) {
      try {
        const outcome = await run(rawInput, eventNameFromPath, abandoned);
        return finish(outcome);
      } catch (cause) {
        // A catalogue that broke its never-throw contract, or an unserializable reply.
        const name = eventNameFromPath ?? UNKNOWN_HOOK_EVENT_NAME;
        return finish(
          failOpen(name, "bridge_error", `hook bridge failed: ${describeCause(cause)}`),
        );
      }
    },
    reportMalformed(eventNameFromPath, message) {
      finish(failOpen(eventNameFromPath ?? UNKNOWN_HOOK_EVENT_NAME, "invalid_input", message));
    },
  };
}

function serialize(value: unknown): string | undefined {
  try {
    const text = JSON.stringify(value);
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}
