// Reads an Anthropic Messages request (POST /v1/messages) the way Claude Code sends
// it: the newest role:"user" message is the prompt (a role:"system" entry may follow
// it), tool_result blocks continue a turn, tool-less requests are side requests.
import {
  BadModelRequest,
  isRecord,
  type LoggedImage,
  type ParsedModelRequest,
  stripSystemReminders,
  type ToolResultRecord,
} from "../types.js";
import { asksForSafetyCheck, toolUsesUnderReview } from "./safeguards.js";

/** Replies to requests with at most this many max_tokens are side probes (quota checks). */
const AUXILIARY_MAX_TOKENS = 32;

function blockText(block: unknown): string {
  if (typeof block === "string") return block;
  if (isRecord(block) && block.type === "text" && typeof block.text === "string") {
    return block.text;
  }
  return "";
}

function toolResultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(blockText).join("\n");
  return "";
}

/** Joins the message's text blocks, skipping system-reminder blocks Claude adds. */
function messageText(content: unknown): string {
  if (typeof content === "string") return stripSystemReminders(content);
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => stripSystemReminders(blockText(block)))
    .filter((text) => text.length > 0)
    .join("\n");
}

function toolResults(content: unknown): ToolResultRecord[] {
  if (!Array.isArray(content)) return [];
  const results: ToolResultRecord[] = [];
  for (const block of content) {
    if (!isRecord(block) || block.type !== "tool_result") continue;
    results.push({
      callId: typeof block.tool_use_id === "string" ? block.tool_use_id : "",
      text: toolResultText(block.content),
      isError: block.is_error === true,
    });
  }
  return results;
}

// Claude sends `{ type: "image", source: { type: "base64", media_type, data } }`.
function images(content: unknown): LoggedImage[] {
  if (!Array.isArray(content)) return [];
  const found: LoggedImage[] = [];
  for (const block of content) {
    if (!isRecord(block) || block.type !== "image" || !isRecord(block.source)) continue;
    const { media_type: mediaType, data } = block.source;
    if (typeof mediaType === "string" && typeof data === "string") {
      found.push({ mediaType, base64: data });
    }
  }
  return found;
}

export function parseAnthropicRequest(body: unknown): ParsedModelRequest {
  if (!isRecord(body) || !Array.isArray(body.messages)) {
    throw new BadModelRequest("expected a JSON object with a `messages` array");
  }
  const messages: unknown[] = body.messages;
  let newestUser: Record<string, unknown> | undefined;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (isRecord(message) && message.role === "user") {
      newestUser = message;
      break;
    }
  }
  const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
  const maxTokens = typeof body.max_tokens === "number" ? body.max_tokens : Infinity;
  return {
    userText: newestUser === undefined ? "" : messageText(newestUser.content),
    toolResults: newestUser === undefined ? [] : toolResults(newestUser.content),
    images: newestUser === undefined ? [] : images(newestUser.content),
    isAuxiliary: !hasTools || maxTokens <= AUXILIARY_MAX_TOKENS,
    isStreaming: body.stream === true,
    model: typeof body.model === "string" ? body.model : "scripted-model",
    ...(asksForSafetyCheck(body)
      ? { safetyCheck: { reviewedToolUseIds: toolUsesUnderReview(messages) } }
      : {}),
  };
}

/** A rough, stable token estimate for usage fields and count_tokens. */
export function estimateTokens(body: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(body ?? "").length / 4));
}
