// The parent app's Codex hook handlers (seeds §7A.2): one optional handler per event; on
// tool events either an event-name handler or a tool-keyed map (`{ Bash(e) {…} }`) whose
// PreToolUse handlers alone may allow with a rewritten `updatedInput`.

import type {
  DecisionHandler,
  ObserveHandler,
  ResolvedHookHandler,
} from "../../bridge/catalogue.js";
import {
  type CodexAnyHookEvent,
  type CodexHookEventName,
  type CodexHookEventOf,
  type CodexToolEventFor,
  type CodexToolEventName,
  isCodexHookEventName,
  isCodexToolEventName,
} from "./events.js";
import type { CodexHookResults, CodexToolHookResult } from "./responses.js";
import type {
  CodexKnownToolName,
  CodexMcpToolName,
  CodexToolName,
  CodexUnknownToolName,
} from "./tools.js";

type HandlerFor<E, R> = [R] extends [never] ? ObserveHandler<E> : DecisionHandler<E, R>;

export type CodexToolHookHandler<
  E extends CodexToolEventName,
  T extends CodexToolName,
> = HandlerFor<CodexToolEventFor<E, T>, CodexToolHookResult<E, T>>;

/** `{ Bash(e) {…}, apply_patch(e) {…}, "mcp__fs__read"(e) {…} }` for one tool event. */
export type CodexToolHookHandlers<E extends CodexToolEventName> = {
  readonly [T in CodexKnownToolName]?: CodexToolHookHandler<E, T>;
} & {
  readonly [T: CodexMcpToolName]: CodexToolHookHandler<E, CodexMcpToolName> | undefined;
} & {
  readonly [T: CodexUnknownToolName]: CodexToolHookHandler<E, CodexUnknownToolName> | undefined;
};

export type CodexEventHookHandler<N extends CodexHookEventName> = HandlerFor<
  CodexHookEventOf<N>,
  CodexHookResults[N]
>;

/** Every Codex hook handler the parent app may register; all optional. */
export type CodexHookHandlers = {
  readonly [N in CodexHookEventName]?: N extends CodexToolEventName
    ? CodexEventHookHandler<N> | CodexToolHookHandlers<N>
    : CodexEventHookHandler<N>;
};

type AnyHandler = (event: CodexAnyHookEvent) => unknown;

/** Pick the handler for an event: a tool-keyed entry for its tool, else the event handler. */
export function resolveCodexHandler(
  handlers: CodexHookHandlers | undefined,
  event: CodexAnyHookEvent,
): ResolvedHookHandler<CodexAnyHookEvent> | undefined {
  const name = event.hook_event_name;
  if (handlers === undefined || !isCodexHookEventName(name) || !Object.hasOwn(handlers, name)) {
    return undefined;
  }
  const entry: unknown = handlers[name];
  if (typeof entry === "function") return { handler: entry as AnyHandler, isToolKeyed: false };
  const toolName = "tool_name" in event ? event.tool_name : undefined;
  if (!isCodexToolEventName(name) || typeof entry !== "object" || entry === null) return undefined;
  if (typeof toolName !== "string" || !Object.hasOwn(entry, toolName)) return undefined;
  const toolHandler: unknown = (entry as Record<string, unknown>)[toolName];
  if (typeof toolHandler !== "function") return undefined;
  // Called as a method so `this` inside `{ Bash(e) {…} }` is the map, as written.
  const handler: AnyHandler = (input) => (toolHandler as AnyHandler).call(entry, input);
  return { handler, isToolKeyed: true };
}
