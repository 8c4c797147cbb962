// Renders a planned reply as an Anthropic Messages response: SSE (message_start,
// content_block_* for text/thinking/tool_use, message_delta, message_stop) or one
// JSON message when the request did not ask to stream; either carries the auto-mode
// safety check's verdicts when the request asked for them (safeguards.ts).
import { createHash } from "node:crypto";
import { sendJson } from "../http.js";
import type { AutoModeVerdict, ScenarioStep, ToolStep } from "../scenario.js";
import { chunkText, SseWriter, sleepUnlessAborted } from "../sse.js";
import type { ReplyContext } from "../types.js";
import { safeguardResults } from "./safeguards.js";

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

export function anthropicErrorBody(status: number, message: string): unknown {
  return { type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message } };
}

/** Sends an API error; `x-should-retry: false` asks the Anthropic SDK not to retry it. */
export function sendAnthropicError(ctx: ReplyContext, status: number, message: string): number {
  sendJson(ctx.response, status, anthropicErrorBody(status, message), {
    "x-should-retry": "false",
  });
  return status;
}

/** A stable fake signature so Claude can send thinking blocks back unchanged. */
function signatureFor(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

type ContentBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "tool_use"; id: string; name: string; input: unknown };

export async function replyAnthropic(ctx: ReplyContext): Promise<number> {
  return ctx.isStreaming ? streamAnthropic(ctx) : jsonAnthropic(ctx);
}

/** The safety-check answer for the tool calls made so far, when the request asked for one. */
function safetyResults(
  ctx: ReplyContext,
  calls: readonly { id: string; step: ToolStep }[],
): { safeguard_results?: unknown[] } {
  const check = ctx.safetyCheck;
  if (check === undefined) return {};
  const verdicts = new Map<string, AutoModeVerdict>();
  for (const id of check.reviewedToolUseIds) verdicts.set(id, check.fallback);
  for (const { id, step } of calls) verdicts.set(id, step.tool.autoModeCheck ?? check.fallback);
  const results = safeguardResults(verdicts, check.fallback);
  return results === undefined ? {} : { safeguard_results: results };
}

function messageShell(ctx: ReplyContext, content: ContentBlock[]) {
  return {
    id: `msg_scripted_${ctx.replyNumber}`,
    type: "message",
    role: "assistant",
    model: ctx.model,
    content,
    stop_reason: null as string | null,
    stop_sequence: null,
    usage: {
      input_tokens: ctx.inputTokens,
      output_tokens: 1,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
}

async function jsonAnthropic(ctx: ReplyContext): Promise<number> {
  const content: ContentBlock[] = [];
  const calls: { id: string; step: ToolStep }[] = [];
  let toolIndex = 0;
  let outputChars = 0;
  for (const step of ctx.steps) {
    if ("pause" in step) await sleepUnlessAborted(step.pause, ctx.signal);
    else if ("fail" in step) return failAnthropic(ctx, step);
    else if ("say" in step) content.push({ type: "text", text: step.say });
    else if ("think" in step) {
      content.push({ type: "thinking", thinking: step.think, signature: signatureFor(step.think) });
    } else if ("tool" in step) {
      const id = ctx.toolCallIds[toolIndex++] ?? `toolu_scripted_${toolIndex}`;
      content.push({ type: "tool_use", id, name: step.tool.name, input: step.tool.input });
      calls.push({ id, step });
    }
    if ("say" in step) outputChars += step.say.length;
  }
  const message = messageShell(ctx, content);
  message.stop_reason = ctx.toolCallIds.length > 0 ? "tool_use" : "end_turn";
  message.usage.output_tokens = Math.max(1, Math.ceil(outputChars / 4));
  sendJson(ctx.response, 200, { ...message, ...safetyResults(ctx, calls) });
  return 200;
}

function failAnthropic(ctx: ReplyContext, step: Extract<ScenarioStep, { fail: unknown }>): number {
  const message = step.fail.message ?? `scripted failure (${step.fail.status})`;
  return sendAnthropicError(ctx, step.fail.status, message);
}

async function streamAnthropic(ctx: ReplyContext): Promise<number> {
  const sse = new SseWriter(ctx.response, ctx.signal);
  const calls: { id: string; step: ToolStep }[] = [];
  let isStarted = false;
  let blockIndex = 0;
  let toolIndex = 0;
  let outputChars = 0;
  // Headers go out with the first content, so a leading `fail` can still be an HTTP error.
  const ensureStarted = (): void => {
    if (isStarted) return;
    isStarted = true;
    sse.start();
    sse.send("message_start", { type: "message_start", message: messageShell(ctx, []) });
    sse.send("ping", { type: "ping" });
  };
  const block = async (start: ContentBlock, deltas: object[]): Promise<void> => {
    ensureStarted();
    const index = blockIndex++;
    sse.send("content_block_start", { type: "content_block_start", index, content_block: start });
    for (const delta of deltas) {
      await sse.pace();
      sse.send("content_block_delta", { type: "content_block_delta", index, delta });
    }
    sse.send("content_block_stop", { type: "content_block_stop", index });
  };

  for (const step of ctx.steps) {
    if (sse.isClosed && isStarted) return 200;
    if ("pause" in step) await sse.sleep(step.pause);
    else if ("slow" in step) sse.chunkDelayMs = step.slow.chunkDelayMs;
    else if ("fail" in step) {
      if (!isStarted) return failAnthropic(ctx, step);
      const message = step.fail.message ?? `scripted failure (${step.fail.status})`;
      sse.send("error", anthropicErrorBody(step.fail.status, message));
      sse.end();
      return 200;
    } else if ("say" in step) {
      outputChars += step.say.length;
      const deltas = chunkText(step.say).map((text) => ({ type: "text_delta", text }));
      await block({ type: "text", text: "" }, deltas);
    } else if ("think" in step) {
      const deltas: object[] = chunkText(step.think).map((thinking) => ({
        type: "thinking_delta",
        thinking,
      }));
      deltas.push({ type: "signature_delta", signature: signatureFor(step.think) });
      await block({ type: "thinking", thinking: "", signature: "" }, deltas);
    } else if ("tool" in step) {
      const id = ctx.toolCallIds[toolIndex++] ?? `toolu_scripted_${toolIndex}`;
      calls.push({ id, step });
      const json = JSON.stringify(step.tool.input);
      const deltas = chunkText(json, 16).map((partial_json) => ({
        type: "input_json_delta",
        partial_json,
      }));
      await block({ type: "tool_use", id, name: step.tool.name, input: {} }, deltas);
    }
  }
  ensureStarted();
  sse.send("message_delta", {
    type: "message_delta",
    delta: {
      stop_reason: toolIndex > 0 ? "tool_use" : "end_turn",
      stop_sequence: null,
      ...safetyResults(ctx, calls),
    },
    usage: { output_tokens: Math.max(1, Math.ceil(outputChars / 4)) },
  });
  sse.send("message_stop", { type: "message_stop" });
  sse.end();
  return 200;
}
