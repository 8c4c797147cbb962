// Reads an OpenAI Responses request (POST /v1/responses) the way Codex sends it:
// `input` is the whole conversation as items; the newest role:"user" message is the
// prompt, and function_call_output items after it continue the current turn.
import {
  BadModelRequest,
  isRecord,
  type LoggedImage,
  type ParsedModelRequest,
  stripSystemReminders,
  type ToolResultRecord,
} from "../types.js";

/** Codex sends its environment and instructions as user-role messages wrapped in tags. */
const CONTEXT_WRAPPER = /^\s*(<(environment_context|user_instructions|turn_aborted)>|# AGENTS\.md)/;

const TOOL_ITEM = /^(function_call|custom_tool_call|local_shell_call)(_output)?$/;

/**
 * Side requests Codex sends WITH its tools, recognized by their prompt: Codex 0.150.0
 * asks for a thread title after the first turn ("Generate a concise, single-line task
 * title of at most 36 characters …"; found by the compat matrix, where 0.124.0 and 0.171.0
 * never consumed a turn this way). They must not consume or fail a scripted turn.
 */
const SIDE_REQUEST_PROMPTS: readonly RegExp[] = [/^Generate a concise, single-line task title\b/];

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) =>
      isRecord(part) && typeof part.text === "string" && part.type !== "input_image"
        ? part.text
        : "",
    )
    .filter((text) => text.length > 0)
    .join("\n");
}

function isUserPrompt(item: unknown): item is Record<string, unknown> {
  if (!isRecord(item) || item.role !== "user") return false;
  if (item.type !== undefined && item.type !== "message") return false;
  return !CONTEXT_WRAPPER.test(contentText(item.content));
}

function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (isRecord(output)) return contentText(output.content);
  return contentText(output);
}

// Codex sends `{ type: "input_image", image_url: "data:<media type>;base64,<data>" }`.
const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

function images(content: unknown): LoggedImage[] {
  if (!Array.isArray(content)) return [];
  const found: LoggedImage[] = [];
  for (const part of content) {
    if (!isRecord(part) || part.type !== "input_image" || typeof part.image_url !== "string") {
      continue;
    }
    const match = DATA_URL.exec(part.image_url);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      found.push({ mediaType: match[1], base64: match[2] });
    }
  }
  return found;
}

export function parseOpenAiRequest(body: unknown): ParsedModelRequest {
  if (!isRecord(body) || !(Array.isArray(body.input) || typeof body.input === "string")) {
    throw new BadModelRequest("expected a JSON object with an `input` array or string");
  }
  const model = typeof body.model === "string" ? body.model : "scripted-model";
  const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
  const isStreaming = body.stream === true;
  if (typeof body.input === "string") {
    return {
      userText: body.input,
      toolResults: [],
      images: [],
      isAuxiliary: !hasTools,
      isStreaming,
      model,
    };
  }
  const items: unknown[] = body.input;
  let promptIndex = -1;
  for (let i = items.length - 1; i >= 0; i -= 1) {
    if (isUserPrompt(items[i])) {
      promptIndex = i;
      break;
    }
  }
  const prompt = promptIndex >= 0 ? (items[promptIndex] as Record<string, unknown>) : undefined;
  // Only the trailing run of calls and outputs is this request's news; earlier
  // outputs of the same turn were answered already.
  const toolResults: ToolResultRecord[] = [];
  for (let i = items.length - 1; i > promptIndex; i -= 1) {
    const item = items[i];
    if (!isRecord(item) || typeof item.type !== "string" || !TOOL_ITEM.test(item.type)) break;
    if (!item.type.endsWith("_output")) continue;
    toolResults.unshift({
      callId: typeof item.call_id === "string" ? item.call_id : "",
      text: outputText(item.output),
      isError: isRecord(item.output) && item.output.success === false,
    });
  }
  const userText = prompt === undefined ? "" : stripSystemReminders(contentText(prompt.content));
  const isSideRequest = SIDE_REQUEST_PROMPTS.some((pattern) => pattern.test(userText.trim()));
  return {
    userText,
    toolResults,
    images: prompt === undefined ? [] : images(prompt.content),
    isAuxiliary: !hasTools || isSideRequest,
    isStreaming,
    model,
  };
}
