// Which hook events the CLI waits on (prd/decisions.md "Decisions are declared at start",
// issue 44). A CLI pays for every hook it waits on, on every tool step, so only events
// whose decision can be needed at launch are registered blocking: a handler in the
// session's `hooks`, or a hook Elwood itself acts on. Every other event is registered
// observe-only (the CLI sends it and goes on), so listeners still see it but its
// handler's decision cannot be applied. A few per-step events cost too much even that way
// (the adapter names them, measured): they are registered only when someone listens for
// them at start. `hookEvents: "all"` registers everything blocking.

/** `"declared"` (default): blocking only where a decision can be needed; `"all"`: every event. */
export type HookEventsMode = "declared" | "all";

export const HOOK_EVENTS_MODES: readonly HookEventsMode[] = ["declared", "all"];

/** The event names a handler map declares: own keys holding a handler or a tool-keyed map. */
export function declaredHookEvents(handlers: unknown): string[] {
  if (typeof handlers !== "object" || handlers === null) return [];
  return Object.entries(handlers)
    .filter(
      ([, entry]) => typeof entry === "function" || (typeof entry === "object" && entry !== null),
    )
    .map(([name]) => name);
}

/** What a launch decides per event: does the CLI send it at all, and does it wait? */
export interface HookRegistration {
  isBlocking(eventName: string): boolean;
  isRegistered(eventName: string): boolean;
}

export function hookRegistration(options: {
  readonly mode: HookEventsMode;
  /** Events with a handler in `hooks` at start. */
  readonly declared: readonly string[];
  /** Events Elwood's own runtime acts on (turn start and end, permission, …). */
  readonly needed: readonly string[];
  /** Events registered only when blocking or listened for at start (the adapter's list). */
  readonly listenerOnly?: readonly string[];
  /** Whether a listener for the event was there at start (`hook`, `hook:<Event>`, …). */
  readonly isListened?: (eventName: string) => boolean;
}): HookRegistration {
  const blocking = new Set([...options.declared, ...options.needed]);
  const isBlocking = (eventName: string) => options.mode === "all" || blocking.has(eventName);
  const listenerOnly = new Set(options.listenerOnly ?? []);
  return {
    isBlocking,
    isRegistered: (eventName) =>
      isBlocking(eventName) ||
      !listenerOnly.has(eventName) ||
      options.isListened?.(eventName) === true,
  };
}

/** The `undeclared_decision` message for a decision that came too late to apply. */
export function undeclaredDecisionMessage(eventName: string): string {
  return (
    `${eventName} was registered observe-only, so the CLI did not wait for this decision and it was not applied: ` +
    `declare the ${eventName} handler in \`hooks\` when the session starts (or start with \`hookEvents: "all"\`).`
  );
}

/** The `undeclared_decision` message for a handler added to an event the CLI never sends. */
export function unregisteredHandlerMessage(eventName: string): string {
  return (
    `${eventName} is not registered with the CLI for this session (no handler in \`hooks\` and no listener at start), ` +
    `so a ${eventName} handler added later is never called: declare it in \`hooks\` when the session starts.`
  );
}
