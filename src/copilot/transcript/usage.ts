// Token usage from Copilot's session record: one `session.usage_record` per model request,
// `data.usage` with `inputTokens`, `outputTokens`, `cacheReadTokens`, `cacheWriteTokens`
// and the `model` (seen on 1.0.102 with its Anthropic provider). Its `inputTokens` is the
// whole prompt, the cached and cache-written parts included (a scripted 120 + 30 read +
// 5 written was recorded as 155): Elwood's input is the rest (prd/copilot.md "Usage").
import { asObject, stringField } from "../../transcript/activity.js";
import { type TranscriptUsage, tokenCount } from "../../transcript/usage.js";

export function copilotUsageItem(
  data: Readonly<Record<string, unknown>>,
  record: unknown,
  turnId: string | undefined,
): TranscriptUsage | undefined {
  const usage = asObject(data.usage);
  const input = tokenCount(usage?.inputTokens);
  const outputTokens = tokenCount(usage?.outputTokens);
  if (input === undefined || outputTokens === undefined) return undefined;
  const cacheReadTokens = Math.min(tokenCount(usage?.cacheReadTokens) ?? 0, input);
  const cacheWriteTokens = Math.min(
    tokenCount(usage?.cacheWriteTokens) ?? 0,
    input - cacheReadTokens,
  );
  const model = stringField(usage, "model");
  return {
    kind: "usage",
    usage: {
      inputTokens: input - cacheReadTokens - cacheWriteTokens,
      outputTokens,
      cacheReadTokens,
      cacheWriteTokens,
      reasoningTokens: 0,
    },
    raw: record,
    ...(model === undefined ? {} : { model }),
    ...(turnId === undefined ? {} : { turnId }),
  };
}
