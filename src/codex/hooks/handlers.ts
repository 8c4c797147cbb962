// The parent app's Codex hook handlers (seeds §7A.2): one optional handler per event; on
// tool events either an event-name handler or a tool-keyed map (`{ Bash(e) {…} }`) whose
// PreToolUse handlers alone may allow with a rewritten `updatedInput`.

import type {
  DecisionHandler,
  ObserveHandler,
  ResolvedHookHandler,
} from "../../bridge/catalogue.js";
import { resolveToolKeyedHandler } from "../../bridge/resolve-handler.js";
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

const codexHandlerNames = {
  isEventName: isCodexHookEventName,
  isToolEvent: isCodexToolEventName,
};

/** Pick the handler for an event: a tool-keyed entry for its tool, else the event handler. */
export function resolveCodexHandler(
  handlers: CodexHookHandlers | undefined,
  event: CodexAnyHookEvent,
): ResolvedHookHandler<CodexAnyHookEvent> | undefined {
  return resolveToolKeyedHandler(handlers, event, codexHandlerNames);
}
