// The adapter-neutral hook catalogue: what an agent adapter (claude/, codex/) hands the
// bridge dispatcher so it can parse a raw hook input, pick the parent's handler and turn
// the handler's result into that CLI's wire reply (prd/internals.md "bridge/", prd/hooks.md).
// The second half holds small helpers both catalogues build on.

import { z } from "zod";

/** Event name reported when a raw input has no readable `hook_event_name` (seeds §6.3). */
export const UNKNOWN_HOOK_EVENT_NAME = "Unknown";

/** Fields every parsed hook event carries, whatever the agent. Events are deep-frozen. */
export interface HookEventBase {
  readonly hook_event_name: string;
  readonly session_id: string;
  readonly transcript_path?: string | null | undefined;
  readonly cwd: string;
}

/** Outcome of `parse`: a validated frozen event, or the event name (or "Unknown") and why. */
export type HookParseResult<Event extends HookEventBase = HookEventBase> =
  | { readonly ok: true; readonly event: Event }
  | { readonly ok: false; readonly eventName: string; readonly message: string };

/** The handler the dispatcher should call, and whether it came from a tool-keyed map. */
export interface ResolvedHookHandler<Event extends HookEventBase = HookEventBase> {
  readonly handler: (event: Event, context: ElwoodHookContext) => unknown;
  /** True for `{ PreToolUse: { Bash(e) {…} } }`; only these may return `updatedInput`. */
  readonly isToolKeyed: boolean;
}

/** What `toWire` needs to know about how the result was produced. */
export interface HookWireContext {
  readonly isToolKeyed: boolean;
}

/**
 * Outcome of `toWire`: the JSON value to send (`undefined` = no decision, i.e. an empty
 * reply), or why the handler's result is invalid (the dispatcher reports
 * `invalid_response` and fails open).
 */
export type HookWireResult =
  | { readonly ok: true; readonly wire: unknown }
  | { readonly ok: false; readonly message: string };

/**
 * One agent's hook catalogue. Implementations never throw: every failure comes back as
 * an `ok: false` value so the dispatcher can fail open with a typed hookError.
 */
export interface HookCatalogue<Handlers, Event extends HookEventBase = HookEventBase> {
  /** Every event name Elwood registers a bridge hook for with this CLI. */
  readonly eventNames: readonly string[];
  /** Validate a raw hook input (already JSON-decoded) into a deep-frozen event. */
  parse(raw: unknown): HookParseResult<Event>;
  /** Find the parent handler for this event (tool-keyed first, then event-name). */
  resolveHandler(
    handlers: Handlers | undefined,
    event: Event,
  ): ResolvedHookHandler<Event> | undefined;
  /** Validate a handler's resolved result and serialize it to the CLI's reply JSON. */
  toWire(event: Event, result: unknown, context: HookWireContext): HookWireResult;
}

/** Freeze a JSON-like value and everything reachable from it (events are immutable). */
export function deepFreeze<T>(value: T): Readonly<T> {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// ---- helpers shared by the Claude and Codex catalogues ----

/** The static type of a zod object shape, without the loose index signature. */
export type ShapeOf<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

/** A string whose known values are listed but whose future values are still accepted. */
export type OpenEnum<Known extends string> = Known | (string & {});

// Enum fields in inputs are informational; rejecting a new value would drop the whole
// event, so they are validated as strings and typed with their known values.
export function openEnum<const Known extends string>(
  _known: readonly Known[],
): z.ZodType<OpenEnum<Known>> {
  return z.string();
}

/**
 * "No decision": `void` lets a block-bodied handler with no `return` type-check, and
 * inside a union it does not swallow object results the way a bare `void` return does.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: void is what a statement-only handler returns
export type NoDecision = void | undefined;

/** A handler may answer synchronously or with a promise; nothing means no decision. */
export type HookHandlerResult<R> = R | NoDecision | Promise<R | NoDecision>;

/** What a handler gets besides its event. */
export interface ElwoodHookContext {
  /**
   * Aborted once nobody waits for this handler's answer any more: the CLI dropped the
   * request (it was interrupted, or gave up on its own hook timeout), the handler's
   * deadline passed, or the session ended. A handler that waits (for a human, a
   * service) can stop there; whatever it returns afterwards is not delivered. Its
   * `reason` says which (a HookAbandonReason).
   */
  readonly signal: AbortSignal;
}

/**
 * Why a hook handler's signal aborted (`signal.reason`): the CLI's request ended before
 * its answer was written (it was interrupted, gave up on its own hook timeout, or exited),
 * a deadline passed, or the bridge closed with the session.
 */
export type HookAbandonReason = "request_ended" | "deadline" | "bridge_closed";

/** A handler that may return a decision of type R. */
export type DecisionHandler<E, R> = (event: E, context: ElwoodHookContext) => HookHandlerResult<R>;

/** A handler for an observe-only event: it can return nothing at all (C-HRESP-04). */
export type ObserveHandler<E> = (
  event: E,
  context: ElwoodHookContext,
) => NoDecision | Promise<NoDecision>;

/** Make every nested property readonly, matching the deep-frozen runtime event. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** Summarize a zod error in one line: "path: message; path: message". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}
