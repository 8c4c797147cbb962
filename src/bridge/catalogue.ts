// The adapter-neutral hook catalogue: what an agent adapter (claude/, codex/) hands the
// bridge dispatcher so it can parse a raw hook input, pick the parent's handler and turn
// the handler's result into that CLI's wire reply (prd/internals.md "bridge/", prd/hooks.md).

/** Which CLI a catalogue speaks for. */
export type HookAgent = "claude" | "codex";

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
  readonly handler: (event: Event) => unknown;
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
  readonly agent: HookAgent;
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
