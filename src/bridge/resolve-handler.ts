// Handler lookup shared by the agents whose handler maps allow, on tool events, either
// one event handler or a map keyed by tool name (prd/hooks.md "Handlers").
import type { ElwoodHookContext, HookEventBase, ResolvedHookHandler } from "./catalogue.js";

export interface HandlerNames {
  /** A known event name (handlers for unknown events are never called). */
  isEventName(name: string): boolean;
  /** An event whose handler may be a tool-keyed map. */
  isToolEvent(name: string): boolean;
}

/** Pick the handler for an event: a tool-keyed entry for its tool, else the event handler. */
export function resolveToolKeyedHandler<Event extends HookEventBase>(
  handlers: object | undefined,
  event: Event,
  names: HandlerNames,
): ResolvedHookHandler<Event> | undefined {
  type AnyHandler = (event: Event, context: ElwoodHookContext) => unknown;
  const name = event.hook_event_name;
  if (handlers === undefined || !names.isEventName(name) || !Object.hasOwn(handlers, name)) {
    return undefined;
  }
  const entry: unknown = (handlers as Record<string, unknown>)[name];
  if (typeof entry === "function") return { handler: entry as AnyHandler, isToolKeyed: false };
  const toolName = "tool_name" in event ? event.tool_name : undefined;
  if (!names.isToolEvent(name) || typeof entry !== "object" || entry === null) return undefined;
  if (typeof toolName !== "string" || !Object.hasOwn(entry, toolName)) return undefined;
  const toolHandler: unknown = (entry as Record<string, unknown>)[toolName];
  if (typeof toolHandler !== "function") return undefined;
  // Called as a method so `this` inside `{ Bash(e) {…} }` is the map, as written.
  const handler: AnyHandler = (input, context) =>
    (toolHandler as AnyHandler).call(entry, input, context);
  return { handler, isToolKeyed: true };
}
