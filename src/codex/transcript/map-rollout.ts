// Pure mapper: Codex rollout JSONL records (hook-protocols B7, observed on 0.171.0) →
// adapter-neutral activity items, plus a content-free per-record summary for the
// best-effort `codex:transcript` event. No I/O. Content comes from `response_item`;
// `event_msg` items (item_completed, agent_message, exec_command_end, …) repeat it and
// are skipped so nothing is reported twice, except a reply's `item_completed`: 0.171.0
// writes it before the reply's `response_item`, so it is the reply's first committed
// record (./assistant-replies.ts). `token_count` records become `usage` items (./usage.ts).
import {
  asObject,
  stringField,
  type TranscriptActivityItem,
  toolField,
} from "../../transcript/activity.js";
import { type MapResult, mapInOrder } from "../../transcript/map-in-order.js";
import {
  type AssistantReplyContext,
  completedAgentMessage,
  isReplyAlreadyOut,
  withReplyOut,
} from "./assistant-replies.js";
import { type CodexUsageContext, codexTokenCountUsage, withTurnModel } from "./usage.js";

export interface CodexMapContext extends CodexUsageContext, AssistantReplyContext {
  /** Turn id from the newest turn_context/task_started, for items that carry none. */
  readonly turnId?: string;
}

export type CodexMapResult = MapResult<CodexMapContext>;

type Fields = Readonly<Record<string, unknown>>;

/** Maps a batch in order, threading the turn id through. */
export function mapRolloutRecords(
  records: readonly unknown[],
  context: CodexMapContext = {},
): CodexMapResult {
  return mapInOrder(mapRolloutRecord, records, context);
}

export function mapRolloutRecord(record: unknown, context: CodexMapContext = {}): CodexMapResult {
  const envelope = asObject(record);
  const payload = asObject(envelope?.payload);
  const type = stringField(envelope, "type");
  if (payload === undefined) return { items: [], context };
  const payloadType = stringField(payload, "type");
  if (type === "turn_context" || (type === "event_msg" && payloadType === "task_started")) {
    const turnId = stringField(payload, "turn_id");
    const withModel = type === "turn_context" ? withTurnModel(context, payload) : context;
    // A reply's two records are written within one turn: older ids are done with.
    const next = type === "event_msg" ? { ...withModel, repliesOut: [] } : withModel;
    return { items: [], context: turnId === undefined ? next : { ...next, turnId } };
  }
  if (type === "event_msg" && payloadType === "item_completed") {
    const reply = completedAgentMessage(payload, record);
    if (reply === undefined || isReplyAlreadyOut(context, reply.id)) return { items: [], context };
    const turnId = stringField(payload, "turn_id") ?? context.turnId;
    const item = turnId === undefined ? reply.item : { ...reply.item, turnId };
    return { items: [item], context: withReplyOut(context, reply.id) };
  }
  if (type === "event_msg" && payloadType === "token_count") {
    const { item, context: next } = codexTokenCountUsage(payload, context, record, context.turnId);
    return { items: item === undefined ? [] : [item], context: { ...context, ...next } };
  }
  if (type !== "response_item") return { items: [], context };
  const passthrough = asObject(payload.internal_chat_message_metadata_passthrough);
  const turnId = stringField(passthrough, "turn_id") ?? context.turnId;
  const item = mapResponseItem(payload, record);
  if (item === undefined) return { items: [], context };
  let next = context;
  if (item.kind === "assistant_message") {
    const id = stringField(payload, "id");
    if (id !== undefined && isReplyAlreadyOut(context, id)) return { items: [], context };
    if (id !== undefined) next = withReplyOut(context, id);
  }
  return { items: [turnId === undefined ? item : { ...item, turnId }], context: next };
}

function mapResponseItem(payload: Fields, raw: unknown): TranscriptActivityItem | undefined {
  switch (stringField(payload, "type")) {
    case "message":
      return mapMessage(payload, raw);
    case "function_call":
    case "custom_tool_call": {
      // codex-rs always writes `name`; a call without one is malformed and skipped.
      const toolName = stringField(payload, "name");
      if (toolName === undefined) return undefined;
      return {
        kind: "tool_call",
        toolName,
        ...optional("toolUseId", stringField(payload, "call_id")),
        ...toolField("toolInput", payload.arguments ?? payload.input),
        raw,
      };
    }
    case "local_shell_call":
      return {
        kind: "tool_call",
        toolName: "local_shell",
        ...optional("toolUseId", stringField(payload, "call_id")),
        ...toolField("toolInput", payload.action),
        raw,
      };
    case "function_call_output":
    case "custom_tool_call_output": {
      // codex-rs always writes `call_id`; an output without one answers nothing.
      const toolUseId = stringField(payload, "call_id");
      if (toolUseId === undefined) return undefined;
      return {
        kind: "tool_result",
        toolUseId,
        ...toolField("toolOutput", payload.output),
        raw,
      };
    }
    case "reasoning":
      return mapReasoning(payload, raw);
    case "web_search_call": {
      const query = stringField(asObject(payload.action), "query");
      return { kind: "web_search", ...optional("text", query), raw };
    }
    default:
      return undefined;
  }
}

// Developer/system messages and injected context wrappers are the CLI's, not a person's.
function mapMessage(payload: Fields, raw: unknown): TranscriptActivityItem | undefined {
  const role = stringField(payload, "role");
  const text = joinText(payload.content);
  if (role === "assistant") return { kind: "assistant_message", text, raw };
  if (role !== "user" || isInjectedContext(text)) return undefined;
  return { kind: "user_message", text, raw };
}

// Encrypted-only reasoning carries nothing readable, so it yields no item.
function mapReasoning(payload: Fields, raw: unknown): TranscriptActivityItem | undefined {
  const text = [joinText(payload.summary), joinText(payload.content)]
    .filter((t) => t !== "")
    .join("\n");
  return text === "" ? undefined : { kind: "reasoning", text, raw };
}

const INJECTED_WRAPPER = /^\s*<([a-z_]+)(?:\s[^>]*)?>[\s\S]*<\/\1>\s*$/;

/** `<environment_context>…`, `<turn_aborted>…`, AGENTS.md preambles and the like. */
export function isInjectedContext(text: string): boolean {
  return INJECTED_WRAPPER.test(text) || text.startsWith("# AGENTS.md instructions");
}

function joinText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => stringField(asObject(part), "text"))
    .filter((text): text is string => text !== undefined)
    .join("");
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: string });
}
