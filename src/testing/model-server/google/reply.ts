// Renders a planned reply in the Gemini API's shape: a stream of SSE `data:` frames, each
// a GenerateContentResponse with one candidate whose parts carry text, thoughts
// (`thought: true`) or a functionCall, the last with finishReason and usageMetadata; or,
// for :generateContent, the same response as one JSON object.
import { sendJson } from "../http.js";
import { type ScriptedUsage, scriptedUsageOf } from "../scenario.js";
import { chunkText, SseWriter, sleepUnlessAborted } from "../sse.js";
import type { ReplyContext } from "../types.js";

type Part = Record<string, unknown>;

export function googleErrorBody(status: number, message: string): unknown {
  const reason =
    status === 429 ? "RESOURCE_EXHAUSTED" : status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT";
  return { error: { code: status, message, status: reason } };
}

// Gemini counts the cached part inside promptTokenCount and thoughts apart from
// candidatesTokenCount; the scenario's reasoning tokens are part of its output tokens.
function usageMetadata(ctx: ReplyContext, scripted: ScriptedUsage | undefined, parts: Part[]) {
  const cached = scripted?.cacheReadTokens ?? 0;
  const prompt = (scripted?.inputTokens ?? ctx.inputTokens) + cached;
  const output =
    scripted?.outputTokens ?? Math.max(1, Math.ceil(JSON.stringify(parts).length / 16));
  const thoughts = scripted?.reasoningTokens ?? 0;
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: output - thoughts,
    totalTokenCount: prompt + output,
    ...(cached === 0 ? {} : { cachedContentTokenCount: cached }),
    ...(thoughts === 0 ? {} : { thoughtsTokenCount: thoughts }),
  };
}

function frame(ctx: ReplyContext, parts: Part[], extra: Record<string, unknown> = {}) {
  return {
    candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
    modelVersion: ctx.model,
    responseId: `scripted-${ctx.replyNumber}`,
  };
}

export async function replyGoogle(ctx: ReplyContext): Promise<number> {
  const sse = new SseWriter(ctx.response, ctx.signal);
  const all: Part[] = [];
  let isStarted = false;
  let toolIndex = 0;
  const emit = (parts: Part[]): void => {
    if (!ctx.isStreaming) return;
    if (!isStarted) {
      isStarted = true;
      sse.start();
    }
    sse.sendData(frame(ctx, parts));
  };
  for (const step of ctx.steps) {
    if (isStarted && sse.isClosed) return 200;
    if ("pause" in step) await sleepUnlessAborted(step.pause, ctx.signal);
    else if ("slow" in step) sse.chunkDelayMs = step.slow.chunkDelayMs;
    else if ("usage" in step)
      continue; // reported with the last frame
    else if ("fail" in step) {
      const message = step.fail.message ?? `scripted failure (${step.fail.status})`;
      if (!isStarted) {
        sendJson(ctx.response, step.fail.status, googleErrorBody(step.fail.status, message));
        return step.fail.status;
      }
      // Mid-stream the API can only end the stream abnormally.
      ctx.response.destroy();
      return 200;
    } else if ("say" in step || "think" in step) {
      const isThought = "think" in step;
      const text = isThought ? step.think : step.say;
      for (const chunk of chunkText(text)) {
        await sse.pace();
        emit([isThought ? { text: chunk, thought: true } : { text: chunk }]);
      }
      all.push(isThought ? { text, thought: true } : { text });
    } else if ("tool" in step) {
      const id = ctx.toolCallIds[toolIndex++] ?? `google_call_scripted_${toolIndex}`;
      const part = { functionCall: { id, name: step.tool.name, args: step.tool.input } };
      await sse.pace();
      emit([part]);
      all.push(part);
    }
  }
  const usage = usageMetadata(ctx, scriptedUsageOf(ctx.steps), all);
  if (!ctx.isStreaming) {
    sendJson(ctx.response, 200, {
      ...frame(ctx, all.length > 0 ? all : [{ text: "" }], { finishReason: "STOP" }),
      usageMetadata: usage,
    });
    return 200;
  }
  if (!isStarted) sse.start();
  sse.sendData({ ...frame(ctx, [{ text: "" }], { finishReason: "STOP" }), usageMetadata: usage });
  sse.end();
  return 200;
}
