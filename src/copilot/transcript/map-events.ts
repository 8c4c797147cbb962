// Pure mapper: Copilot's session record (`$COPILOT_HOME/session-state/<id>/events.jsonl`,
// one `{type, data, id, timestamp, parentId}` a line, seen on 1.0.102) → adapter-neutral
// activity. A prompt is `user.message`; a model reply is `assistant.message` (its text,
// and its `toolRequests` as tool calls); a tool's outcome is `tool.execution_complete`
// (a denied call too, `success: false`); `session.usage_record` is a request's usage.
// The turn id is the prompt's `interactionId`. Hooks, permissions and bookkeeping
// records carry no activity.
import {
  asObject,
  stringField,
  type TranscriptActivityItem,
  toolField,
} from "../../transcript/activity.js";
import type { MapResult } from "../../transcript/map-in-order.js";
import { copilotUsageItem } from "./usage.js";

export interface CopilotMapContext {
  /** The newest prompt's interactionId, for records that carry none. */
  readonly turnId?: string;
}

type Fields = Readonly<Record<string, unknown>>;

export function mapCopilotEvent(
  record: unknown,
  context: CopilotMapContext = {},
): MapResult<CopilotMapContext> {
  const envelope = asObject(record);
  const data = asObject(envelope?.data);
  const type = stringField(envelope, "type");
  if (data === undefined || type === undefined) return { items: [], context };
  const turnId = stringField(data, "interactionId") ?? context.turnId;
  const next = turnId === undefined ? context : { ...context, turnId };
  const withTurn = (item: TranscriptActivityItem): TranscriptActivityItem =>
    turnId === undefined ? item : { ...item, turnId };
  const items = mapRecord(type, data, record).map(withTurn);
  if (type === "session.usage_record") {
    const usage = copilotUsageItem(data, record, turnId);
    return { items: usage === undefined ? [] : [usage], context: next };
  }
  return { items, context: next };
}

function mapRecord(type: string, data: Fields, raw: unknown): TranscriptActivityItem[] {
  switch (type) {
    case "user.message": {
      const text = stringField(data, "content");
      return text === undefined ? [] : [{ kind: "user_message", text, raw }];
    }
    case "assistant.message":
      return assistantItems(data, raw);
    case "assistant.reasoning": {
      const text = stringField(data, "content");
      return text === undefined || text === "" ? [] : [{ kind: "reasoning", text, raw }];
    }
    case "tool.execution_complete": {
      const toolUseId = stringField(data, "toolCallId");
      if (toolUseId === undefined) return [];
      const success = data.success;
      const output = asObject(data.result)?.content ?? asObject(data.error)?.message;
      return [
        {
          kind: "tool_result",
          toolUseId,
          ...toolField("toolOutput", output),
          ...(typeof success === "boolean" ? { isError: !success } : {}),
          raw,
        },
      ];
    }
    default:
      return [];
  }
}

function assistantItems(data: Fields, raw: unknown): TranscriptActivityItem[] {
  const items: TranscriptActivityItem[] = [];
  const text = stringField(data, "content");
  const requests = Array.isArray(data.toolRequests) ? data.toolRequests : [];
  // A message that only carries tool requests has content "" too: that is no reply. One
  // with neither is the model's empty reply (1.0.102 then writes a session.error "No
  // response was returned"), and the turn's text is "" — without it the turn waited for
  // text until its catch-up bound and failed wait_timeout.
  const isEmptyReply = text === "" && requests.length === 0;
  if (text !== undefined && (text !== "" || isEmptyReply)) {
    items.push({ kind: "assistant_message", text, raw });
  }
  for (const request of requests) {
    const call = asObject(request);
    const toolName = stringField(call, "name");
    if (call === undefined || toolName === undefined) continue;
    const toolUseId = stringField(call, "toolCallId");
    items.push({
      kind: "tool_call",
      toolName,
      ...(toolUseId === undefined ? {} : { toolUseId }),
      ...toolField("toolInput", call.arguments),
      raw,
    });
  }
  return items;
}
