// The parent app's Copilot hook handlers: one optional handler per event; on tool events
// either an event-name handler or a tool-keyed map (`{ bash(e) {…} }`).

import type {
  DecisionHandler,
  ObserveHandler,
  ResolvedHookHandler,
} from "../../bridge/catalogue.js";
import { resolveToolKeyedHandler } from "../../bridge/resolve-handler.js";
import {
  type CopilotAnyHookEvent,
  type CopilotHookEventName,
  type CopilotHookEventOf,
  type CopilotToolEventFor,
  type CopilotToolEventName,
  isCopilotHookEventName,
  isCopilotToolEventName,
} from "./events.js";
import type { CopilotHookResults } from "./responses.js";
import type { CopilotKnownToolName, CopilotOtherToolName, CopilotToolName } from "./tools.js";

type HandlerFor<E, R> = [R] extends [never] ? ObserveHandler<E> : DecisionHandler<E, R>;

export type CopilotToolHookHandler<
  E extends CopilotToolEventName,
  T extends CopilotToolName,
> = HandlerFor<CopilotToolEventFor<E, T>, CopilotHookResults[E]>;

/**
 * `{ bash(e) {…}, view(e) {…} }` for one tool event. Copilot's other tool names are open,
 * so the index signature also admits the known tools' own handlers.
 */
export type CopilotToolHookHandlers<E extends CopilotToolEventName> = {
  readonly [T in CopilotKnownToolName]?: CopilotToolHookHandler<E, T>;
} & {
  readonly [T: CopilotOtherToolName]:
    | CopilotToolHookHandler<E, CopilotOtherToolName>
    | CopilotToolHookHandler<E, CopilotKnownToolName>
    | undefined;
};

export type CopilotEventHookHandler<N extends CopilotHookEventName> = HandlerFor<
  CopilotHookEventOf<N>,
  CopilotHookResults[N]
>;

/** Every Copilot hook handler the parent app may register; all optional. */
export type CopilotHookHandlers = {
  readonly [N in CopilotHookEventName]?: N extends CopilotToolEventName
    ? CopilotEventHookHandler<N> | CopilotToolHookHandlers<N>
    : CopilotEventHookHandler<N>;
};

const copilotHandlerNames = {
  isEventName: isCopilotHookEventName,
  isToolEvent: isCopilotToolEventName,
};

/** Pick the handler for an event: a tool-keyed entry for its tool, else the event handler. */
export function resolveCopilotHandler(
  handlers: CopilotHookHandlers | undefined,
  event: CopilotAnyHookEvent,
): ResolvedHookHandler<CopilotAnyHookEvent> | undefined {
  return resolveToolKeyedHandler(handlers, event, copilotHandlerNames);
}
