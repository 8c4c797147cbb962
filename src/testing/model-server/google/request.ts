// Reads a Gemini API request (POST /v1beta/models/<model>:streamGenerateContent or
// :generateContent) the way Gemini CLI sends it: `contents` is the whole conversation;
// the newest role:"user" entry holds the prompt as text parts, or functionResponse parts
// that continue the current turn. Requests without tools (summaries, routing) are side
// requests.
import {
  BadModelRequest,
  isRecord,
  type LoggedImage,
  type ParsedModelRequest,
  type ToolResultRecord,
} from "../types.js";

/** `/v1beta/models/<model>:<method>`; the model may itself hold slashes or dots. */
const GOOGLE_PATH =
  /^\/v1(?:beta|alpha)?\/models\/([^:]+):(streamGenerateContent|generateContent)$/;

export interface GoogleRoute {
  readonly model: string;
  readonly isStreaming: boolean;
}

/** The model and method a path names, or undefined for any other path. */
export function googleRouteOf(path: string): GoogleRoute | undefined {
  const match = GOOGLE_PATH.exec(path);
  if (match === null) return undefined;
  return {
    model: decodeURIComponent(match[1] ?? ""),
    isStreaming: match[2] === "streamGenerateContent",
  };
}

function partsOf(content: unknown): readonly unknown[] {
  return isRecord(content) && Array.isArray(content.parts) ? content.parts : [];
}

/** Gemini CLI's own context (date, folders), sent in front of the first prompt. */
const SESSION_CONTEXT = /<session_context>[\s\S]*?<\/session_context>/g;

function textOf(parts: readonly unknown[]): string {
  return parts
    .map((part) =>
      isRecord(part) && typeof part.text === "string" && part.thought !== true
        ? part.text.replace(SESSION_CONTEXT, "").trim()
        : "",
    )
    .filter((text) => text.length > 0)
    .join("\n")
    .trim();
}

function responseText(response: unknown): string {
  if (typeof response === "string") return response;
  if (isRecord(response)) {
    for (const key of ["output", "error", "llmContent"]) {
      if (typeof response[key] === "string") return response[key] as string;
    }
  }
  return JSON.stringify(response ?? "");
}

function toolResults(parts: readonly unknown[]): ToolResultRecord[] {
  const results: ToolResultRecord[] = [];
  for (const part of parts) {
    if (!isRecord(part) || !isRecord(part.functionResponse)) continue;
    const { id, response } = part.functionResponse;
    results.push({
      callId: typeof id === "string" ? id : "",
      text: responseText(response),
      isError: isRecord(response) && response.error !== undefined,
    });
  }
  return results;
}

function images(parts: readonly unknown[]): LoggedImage[] {
  const found: LoggedImage[] = [];
  for (const part of parts) {
    if (!isRecord(part) || !isRecord(part.inlineData)) continue;
    const { mimeType, data } = part.inlineData;
    if (typeof mimeType === "string" && typeof data === "string") {
      found.push({ mediaType: mimeType, base64: data });
    }
  }
  return found;
}

/**
 * The prompt is the newest user entry with text; the CLI puts its own context (the
 * date, the folder listing) in an earlier user entry, and a turn's tool results in
 * user entries of functionResponse parts after it.
 */
export function parseGoogleRequest(body: unknown, route: GoogleRoute): ParsedModelRequest {
  if (!isRecord(body) || !Array.isArray(body.contents)) {
    throw new BadModelRequest("expected a JSON object with a `contents` array");
  }
  const contents: unknown[] = body.contents;
  const newest = contents.at(-1);
  const newestParts = isRecord(newest) && newest.role === "user" ? partsOf(newest) : [];
  let prompt: readonly unknown[] = [];
  for (let i = contents.length - 1; i >= 0; i -= 1) {
    const entry = contents[i];
    if (!isRecord(entry) || entry.role !== "user") continue;
    const parts = partsOf(entry);
    if (textOf(parts).length > 0) {
      prompt = parts;
      break;
    }
  }
  const hasTools =
    Array.isArray(body.tools) &&
    body.tools.some(
      (tool) =>
        isRecord(tool) &&
        Array.isArray(tool.functionDeclarations) &&
        tool.functionDeclarations.length > 0,
    );
  return {
    userText: textOf(prompt),
    toolResults: toolResults(newestParts),
    images: images(prompt),
    isAuxiliary: !hasTools,
    isStreaming: route.isStreaming,
    model: route.model,
  };
}
