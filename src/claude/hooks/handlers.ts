// The parent app's Claude hook handlers (seeds §6.4): one optional handler per event, and
// for tool events either an event-name handler or a map keyed by tool name whose handlers
// see that tool's exact input and alone may return `updatedInput`.

import type { ResolvedHookHandler } from "../../bridge/catalogue.js";
import { resolveToolKeyedHandler } from "../../bridge/resolve-handler.js";
import type { DecisionHandler, ObserveHandler } from "./common.js";
import {
  type ClaudeHookEventName,
  type ClaudeHookEventOf,
  type ClaudeToolEventFor,
  type ClaudeToolEventName,
  type ClaudeUnknownHookEvent,
  isClaudeHookEventName,
  isClaudeToolEventName,
} from "./events.js";
import type { ClaudeHookResults, ClaudeToolHookResult } from "./responses.js";
import type {
  ClaudeKnownToolName,
  ClaudeMcpToolName,
  ClaudeOpenInputToolName,
  ClaudeUnknownToolName,
} from "./tools.js";

/** The handler for one tool on one tool event. */
export type ClaudeToolHookHandler<
  E extends ClaudeToolEventName,
  T extends
    | ClaudeKnownToolName
    | ClaudeOpenInputToolName
    | ClaudeMcpToolName
    | ClaudeUnknownToolName,
> = DecisionHandler<ClaudeToolEventFor<E, T>, ClaudeToolHookResult<E, T>>;

/** `{ Bash(e) {…}, "mcp__github__create_issue"(e) {…} }` for one tool event. */
export type ClaudeToolHookHandlers<E extends ClaudeToolEventName> = {
  readonly [T in ClaudeKnownToolName | ClaudeOpenInputToolName]?: ClaudeToolHookHandler<E, T>;
} & {
  readonly [T: ClaudeMcpToolName]: ClaudeToolHookHandler<E, ClaudeMcpToolName> | undefined;
} & {
  readonly [T: ClaudeUnknownToolName]: ClaudeToolHookHandler<E, ClaudeUnknownToolName> | undefined;
};

/** The event-name handler for event N; observe-only events may only return nothing. */
export type ClaudeEventHookHandler<N extends ClaudeHookEventName> = [ClaudeHookResults[N]] extends [
  never,
]
  ? ObserveHandler<ClaudeHookEventOf<N>>
  : DecisionHandler<ClaudeHookEventOf<N>, ClaudeHookResults[N]>;

/** Every Claude hook handler the parent app may register; all optional. */
export type ClaudeHookHandlers = {
  readonly [N in ClaudeHookEventName]?: N extends ClaudeToolEventName
    ? ClaudeEventHookHandler<N> | ClaudeToolHookHandlers<N>
    : ClaudeEventHookHandler<N>;
};

/** Any event the Claude catalogue can hand out (known, or a newer CLI's unknown event). */
export type ClaudeAnyHookEvent =
  | { [N in ClaudeHookEventName]: ClaudeHookEventOf<N> }[ClaudeHookEventName]
  | ClaudeUnknownHookEvent;

const claudeHandlerNames = {
  isEventName: isClaudeHookEventName,
  isToolEvent: isClaudeToolEventName,
};

/** Pick the handler for an event: a tool-keyed entry for its tool, else the event handler. */
export function resolveClaudeHandler(
  handlers: ClaudeHookHandlers | undefined,
  event: ClaudeAnyHookEvent,
): ResolvedHookHandler<ClaudeAnyHookEvent> | undefined {
  return resolveToolKeyedHandler(handlers, event, claudeHandlerNames);
}
