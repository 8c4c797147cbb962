// A Codex reply is written twice, in this order on 0.171.0: an `event_msg` `item_completed`
// whose item is the `AgentMessage`, then the `response_item` message with the same id.
// The reply is reported at whichever of the two comes first, once: a session killed
// between the two writes still reports a reply the CLI had committed (C-API-20).
import { asObject, stringField, type TranscriptActivityItem } from "../../transcript/activity.js";

export interface AssistantReplyContext {
  /** Ids of this turn's replies already reported from one of their two records. */
  readonly repliesOut?: readonly string[];
}

export function isReplyAlreadyOut(context: AssistantReplyContext, id: string): boolean {
  return context.repliesOut?.includes(id) ?? false;
}

export function withReplyOut<C extends AssistantReplyContext>(context: C, id: string): C {
  return { ...context, repliesOut: [...(context.repliesOut ?? []), id] };
}

/** The reply an `item_completed` payload carries; undefined for other items or without an id. */
export function completedAgentMessage(
  payload: Readonly<Record<string, unknown>>,
  raw: unknown,
): { readonly id: string; readonly item: TranscriptActivityItem } | undefined {
  const completed = asObject(payload.item);
  if (stringField(completed, "type") !== "AgentMessage") return undefined;
  const id = stringField(completed, "id");
  if (id === undefined) return undefined;
  const parts = Array.isArray(completed?.content) ? completed.content : [];
  const text = parts
    .map((part) => stringField(asObject(part), "text"))
    .filter((part): part is string => part !== undefined)
    .join("");
  return { id, item: { kind: "assistant_message", text, raw } };
}
