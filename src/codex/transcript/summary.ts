// Content-free per-record summary behind the best-effort `codex:transcript` event
// (spec §5.4): what kind of rollout record arrived, never its text.
import { asObject, stringField } from "../../transcript/activity.js";

export type CodexTranscriptSummaryKind =
  | "message"
  | "tool_call"
  | "tool_result"
  | "reasoning"
  | "web_search"
  | "other";

export interface CodexTranscriptSummary {
  readonly kind: CodexTranscriptSummaryKind;
  /** Envelope `type` (`response_item`, `event_msg`, `session_meta`, …). */
  readonly recordType: string;
  /** Payload `type` when present (`message`, `function_call`, `task_complete`, …). */
  readonly payloadType?: string;
  readonly role?: string;
  readonly toolName?: string;
  readonly callId?: string;
  readonly turnId?: string;
}

const KIND_BY_PAYLOAD: Readonly<Record<string, CodexTranscriptSummaryKind>> = {
  message: "message",
  function_call: "tool_call",
  custom_tool_call: "tool_call",
  local_shell_call: "tool_call",
  function_call_output: "tool_result",
  custom_tool_call_output: "tool_result",
  reasoning: "reasoning",
  web_search_call: "web_search",
};

export function summarizeRolloutRecord(record: unknown): CodexTranscriptSummary {
  const envelope = asObject(record);
  const payload = asObject(envelope?.payload);
  const recordType = stringField(envelope, "type") ?? "unknown";
  const payloadType = stringField(payload, "type");
  const kind =
    recordType === "response_item" && payloadType !== undefined
      ? (KIND_BY_PAYLOAD[payloadType] ?? "other")
      : "other";
  const turnId =
    stringField(asObject(payload?.internal_chat_message_metadata_passthrough), "turn_id") ??
    stringField(payload, "turn_id");
  const summary: { -readonly [K in keyof CodexTranscriptSummary]: CodexTranscriptSummary[K] } = {
    kind,
    recordType,
  };
  const role = stringField(payload, "role");
  const toolName = kind === "tool_call" ? (stringField(payload, "name") ?? payloadType) : undefined;
  const callId = stringField(payload, "call_id");
  if (payloadType !== undefined) summary.payloadType = payloadType;
  if (role !== undefined) summary.role = role;
  if (toolName !== undefined) summary.toolName = toolName;
  if (callId !== undefined) summary.callId = callId;
  if (turnId !== undefined) summary.turnId = turnId;
  return summary;
}
