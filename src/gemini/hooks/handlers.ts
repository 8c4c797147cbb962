// The parent app's Gemini hook handlers: one optional handler per event; on tool events
// either an event-name handler or a tool-keyed map (`{ run_shell_command(e) {…} }`).

import type {
  DecisionHandler,
  ObserveHandler,
  ResolvedHookHandler,
} from "../../bridge/catalogue.js";
import { resolveToolKeyedHandler } from "../../bridge/resolve-handler.js";
import {
  type GeminiAnyHookEvent,
  type GeminiHookEventName,
  type GeminiHookEventOf,
  type GeminiToolEventFor,
  type GeminiToolEventName,
  isGeminiHookEventName,
  isGeminiToolEventName,
} from "./events.js";
import type { GeminiHookResults } from "./responses.js";
import type { GeminiKnownToolName, GeminiOtherToolName } from "./tools.js";

type HandlerFor<E, R> = [R] extends [never] ? ObserveHandler<E> : DecisionHandler<E, R>;

export type GeminiToolHookHandler<
  E extends GeminiToolEventName,
  T extends GeminiKnownToolName | GeminiOtherToolName,
> = HandlerFor<GeminiToolEventFor<E, T>, GeminiHookResults[E]>;

type KnownToolHandlers<E extends GeminiToolEventName> = {
  readonly [T in GeminiKnownToolName]: GeminiToolHookHandler<E, T>;
};

/**
 * `{ run_shell_command(e) {…}, write_file(e) {…}, glob(e) {…} }` for one tool event. Gemini's
 * other tool names are open strings, so the index signature must also admit the known
 * tools' handlers; only the known names narrow the event.
 */
export type GeminiToolHookHandlers<E extends GeminiToolEventName> = {
  readonly [T in GeminiKnownToolName]?: GeminiToolHookHandler<E, T>;
} & {
  readonly [T: string]:
    | KnownToolHandlers<E>[GeminiKnownToolName]
    | GeminiToolHookHandler<E, GeminiOtherToolName>
    | undefined;
};

export type GeminiEventHookHandler<N extends GeminiHookEventName> = HandlerFor<
  GeminiHookEventOf<N>,
  GeminiHookResults[N]
>;

/** Every Gemini hook handler the parent app may register; all optional. */
export type GeminiHookHandlers = {
  readonly [N in GeminiHookEventName]?: N extends GeminiToolEventName
    ? GeminiEventHookHandler<N> | GeminiToolHookHandlers<N>
    : GeminiEventHookHandler<N>;
};

const geminiHandlerNames = {
  isEventName: isGeminiHookEventName,
  isToolEvent: isGeminiToolEventName,
};

/** Pick the handler for an event: a tool-keyed entry for its tool, else the event handler. */
export function resolveGeminiHandler(
  handlers: GeminiHookHandlers | undefined,
  event: GeminiAnyHookEvent,
): ResolvedHookHandler<GeminiAnyHookEvent> | undefined {
  return resolveToolKeyedHandler(handlers, event, geminiHandlerNames);
}
