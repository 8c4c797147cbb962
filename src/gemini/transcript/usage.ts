// Token usage from a Gemini chat message's `tokens` ({input, output, cached, thoughts,
// tool, total}, 0.61.0): `input` is the whole prompt with its cached part inside, and
// `output` leaves the thoughts out, so the neutral counts are input − cached, cached,
// and output + thoughts with thoughts as reasoning.
import { asObject, stringField } from "../../transcript/activity.js";
import type { TranscriptUsage } from "../../transcript/usage.js";

function count(fields: Readonly<Record<string, unknown>>, key: string): number {
  const value = fields[key];
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

export function geminiUsageOf(
  message: Readonly<Record<string, unknown>>,
): TranscriptUsage | undefined {
  const tokens = asObject(message.tokens);
  if (tokens === undefined) return undefined;
  const cached = count(tokens, "cached");
  const thoughts = count(tokens, "thoughts");
  const model = stringField(message, "model");
  return {
    kind: "usage",
    raw: message,
    usage: {
      inputTokens: Math.max(0, count(tokens, "input") - cached),
      outputTokens: count(tokens, "output") + thoughts,
      cacheReadTokens: cached,
      cacheWriteTokens: 0,
      reasoningTokens: thoughts,
    },
    ...(model === undefined ? {} : { model }),
  };
}
