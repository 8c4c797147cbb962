// Which hook events the CLI waits on (prd/decisions.md "Decisions are declared at start",
// issue 44). A CLI pays for every hook it waits on, on every tool step, so only events
// whose decision can be needed at launch are registered blocking: a handler in the
// session's `hooks`, or a hook Elwood itself acts on. Every other event is registered
// observe-only (the CLI sends it and goes on), so listeners still see it but its
// handler's decision cannot be applied. `hookEvents: "all"` registers everything blocking.

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

/** What a launch decides: whether the CLI is told to wait for an event's answer. */
export interface HookRegistration {
  readonly mode: HookEventsMode;
  isBlocking(eventName: string): boolean;
}

export function hookRegistration(options: {
  readonly mode: HookEventsMode;
  /** Events with a handler in `hooks` at start. */
  readonly declared: readonly string[];
  /** Events Elwood's own runtime acts on (turn start and end, permission, …). */
  readonly needed: readonly string[];
}): HookRegistration {
  const blocking = new Set([...options.declared, ...options.needed]);
  const { mode } = options;
  return { mode, isBlocking: (eventName) => mode === "all" || blocking.has(eventName) };
}

/** The `undeclared_decision` message: how to have the decision applied. */
export function undeclaredDecisionMessage(eventName: string): string {
  return (
    `${eventName} was registered observe-only, so the CLI did not wait for this decision and it was not applied: ` +
    `declare the ${eventName} handler in \`hooks\` when the session starts (or start with \`hookEvents: "all"\`).`
  );
}
