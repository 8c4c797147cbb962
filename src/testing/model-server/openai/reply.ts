// Renders a planned reply as an OpenAI Responses stream: response.created/in_progress,
// output items (reasoning, message, function_call) with their part/delta/done events,
// then response.completed with usage. Non-streaming requests get the final object.
import { sendJson } from "../http.js";
import { type ScriptedUsage, scriptedUsageOf } from "../scenario.js";
import { chunkText, SseWriter, sleepUnlessAborted } from "../sse.js";
import type { ReplyContext } from "../types.js";

type OutputItem = Record<string, unknown> & { type: string; id: string };

export function openAiErrorBody(status: number, message: string): unknown {
  const type = status >= 500 ? "server_error" : "invalid_request_error";
  return {
    error: { message, type, code: status === 429 ? "rate_limit_exceeded" : type, param: null },
  };
}

function responseObject(ctx: ReplyContext, status: string, output: OutputItem[]) {
  return {
    id: `resp_scripted_${ctx.replyNumber}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    model: ctx.model,
    output,
    usage: status === "completed" ? usageOf(ctx, scriptedUsageOf(ctx.steps), output) : null,
  };
}

// The Responses API counts the cached and cache-written parts inside input_tokens (Codex
// 0.171.0 reads `input_tokens_details.cache_write_tokens`) and reasoning inside
// output_tokens. Without scripted counts, a rough estimate from the sizes.
function usageOf(ctx: ReplyContext, scripted: ScriptedUsage | undefined, output: OutputItem[]) {
  const cacheRead = scripted?.cacheReadTokens ?? 0;
  const cacheWrite = scripted?.cacheWriteTokens ?? 0;
  const input = (scripted?.inputTokens ?? ctx.inputTokens) + cacheRead + cacheWrite;
  const outputTokens =
    scripted?.outputTokens ?? Math.max(1, Math.ceil(JSON.stringify(output).length / 16));
  return {
    input_tokens: input,
    input_tokens_details: {
      cached_tokens: cacheRead,
      ...(cacheWrite === 0 ? {} : { cache_write_tokens: cacheWrite }),
    },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: scripted?.reasoningTokens ?? 0 },
    total_tokens: input + outputTokens,
  };
}

export async function replyOpenAi(ctx: ReplyContext): Promise<number> {
  const sse = new SseWriter(ctx.response, ctx.signal);
  const output: OutputItem[] = [];
  let sequence = 0;
  let isStarted = false;
  let toolIndex = 0;
  const send = (type: string, fields: object): void => {
    if (ctx.isStreaming) sse.send(type, { type, sequence_number: sequence++, ...fields });
  };
  // Headers go out with the first item, so a leading `fail` can still be an HTTP error.
  const ensureStarted = (): void => {
    if (isStarted || !ctx.isStreaming) return;
    isStarted = true;
    sse.start();
    send("response.created", { response: responseObject(ctx, "in_progress", []) });
    send("response.in_progress", { response: responseObject(ctx, "in_progress", []) });
  };
  const itemId = (kind: string): string => `${kind}_scripted_${ctx.replyNumber}_${output.length}`;

  for (const step of ctx.steps) {
    if (isStarted && sse.isClosed) return 200;
    if ("pause" in step) await sleepUnlessAborted(step.pause, ctx.signal);
    else if ("slow" in step) sse.chunkDelayMs = step.slow.chunkDelayMs;
    else if ("usage" in step)
      continue; // reported with response.completed
    else if ("fail" in step) {
      const message = step.fail.message ?? `scripted failure (${step.fail.status})`;
      if (!isStarted) {
        sendJson(ctx.response, step.fail.status, openAiErrorBody(step.fail.status, message));
        return step.fail.status;
      }
      const failed = {
        ...responseObject(ctx, "failed", output),
        error: { code: "server_error", message },
      };
      send("response.failed", { response: failed });
      sse.end();
      return 200;
    } else {
      ensureStarted();
      const output_index = output.length;
      if ("say" in step) {
        const id = itemId("msg");
        const part = { type: "output_text", text: "", annotations: [] };
        send("response.output_item.added", {
          output_index,
          item: { type: "message", id, status: "in_progress", role: "assistant", content: [] },
        });
        send("response.content_part.added", { item_id: id, output_index, content_index: 0, part });
        for (const delta of chunkText(step.say)) {
          await sse.pace();
          send("response.output_text.delta", {
            item_id: id,
            output_index,
            content_index: 0,
            delta,
          });
        }
        const done = { ...part, text: step.say };
        send("response.output_text.done", {
          item_id: id,
          output_index,
          content_index: 0,
          text: step.say,
        });
        send("response.content_part.done", {
          item_id: id,
          output_index,
          content_index: 0,
          part: done,
        });
        const item = {
          type: "message",
          id,
          status: "completed",
          role: "assistant",
          content: [done],
        };
        output.push(item);
        send("response.output_item.done", { output_index, item });
      } else if ("think" in step) {
        const id = itemId("rs");
        send("response.output_item.added", {
          output_index,
          item: { type: "reasoning", id, summary: [] },
        });
        const part = { type: "summary_text", text: "" };
        send("response.reasoning_summary_part.added", {
          item_id: id,
          output_index,
          summary_index: 0,
          part,
        });
        for (const delta of chunkText(step.think)) {
          await sse.pace();
          send("response.reasoning_summary_text.delta", {
            item_id: id,
            output_index,
            summary_index: 0,
            delta,
          });
        }
        const done = { type: "summary_text", text: step.think };
        send("response.reasoning_summary_text.done", {
          item_id: id,
          output_index,
          summary_index: 0,
          text: step.think,
        });
        send("response.reasoning_summary_part.done", {
          item_id: id,
          output_index,
          summary_index: 0,
          part: done,
        });
        const item = { type: "reasoning", id, summary: [done] };
        output.push(item);
        send("response.output_item.done", { output_index, item });
      } else if ("tool" in step) {
        const id = itemId("fc");
        const call_id = ctx.toolCallIds[toolIndex++] ?? `call_scripted_${toolIndex}`;
        const args = JSON.stringify(step.tool.input);
        const { name, namespace } = step.tool;
        const base = {
          type: "function_call",
          id,
          call_id,
          name,
          ...(namespace === undefined ? {} : { namespace }),
        };
        send("response.output_item.added", {
          output_index,
          item: { ...base, arguments: "", status: "in_progress" },
        });
        for (const delta of chunkText(args, 16)) {
          await sse.pace();
          send("response.function_call_arguments.delta", { item_id: id, output_index, delta });
        }
        send("response.function_call_arguments.done", {
          item_id: id,
          output_index,
          arguments: args,
        });
        const item = { ...base, arguments: args, status: "completed" };
        output.push(item);
        send("response.output_item.done", { output_index, item });
      }
    }
  }
  const completed = responseObject(ctx, "completed", output);
  if (!ctx.isStreaming) {
    sendJson(ctx.response, 200, completed);
    return 200;
  }
  ensureStarted();
  send("response.completed", { response: completed });
  sse.end();
  return 200;
}
