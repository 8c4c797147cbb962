// Token usage from Claude Code transcript records (issue 26). Each assistant record's
// `message.usage` reports the whole API message it belongs to, and one message is split
// over several records (one per content block, hook-protocols Part C): it is counted
// once, by `message.id`. Should a later record of the same message report more (the
// final output count), only the growth is added, so the sum is that message's largest
// report. Pure: the ids counted so far travel in the mapper's context.
import { asObject, stringField } from "../../transcript/activity.js";
import {
  type ElwoodTokenUsage,
  isNoUsage,
  type TranscriptUsage,
  tokenCount,
  USAGE_FIELDS,
} from "../../transcript/usage.js";

/** The messages counted so far, newest last; bounded (a message's records are close together). */
export type CountedMessages = readonly (readonly [string, ElwoodTokenUsage])[];
const COUNTED_MESSAGES_KEPT = 64;
/** Claude Code's model name on assistant records it wrote itself (local errors): no request. */
const SYNTHETIC_MODEL = "<synthetic>";

export interface ClaudeUsageResult {
  readonly item?: TranscriptUsage;
  readonly counted: CountedMessages;
}

/** The not-yet-counted usage of an assistant `entry`'s message, if it reports any. */
export function claudeRecordUsage(
  entry: Readonly<Record<string, unknown>>,
  counted: CountedMessages,
  turnId: string | undefined,
): ClaudeUsageResult {
  const message = asObject(entry.message);
  const model = stringField(message, "model");
  const usage = readUsage(asObject(message?.usage));
  if (usage === undefined || model === SYNTHETIC_MODEL) return { counted };
  const id = stringField(message, "id");
  const before = id === undefined ? undefined : counted.find(([seen]) => seen === id)?.[1];
  const reported = before === undefined ? usage : largest(before, usage);
  const added = before === undefined ? usage : difference(reported, before);
  const next =
    id === undefined
      ? counted
      : [...counted.filter(([seen]) => seen !== id), [id, reported] as const].slice(
          -COUNTED_MESSAGES_KEPT,
        );
  if (isNoUsage(added) && before !== undefined) return { counted: next };
  const item: TranscriptUsage = {
    kind: "usage",
    usage: added,
    raw: entry,
    ...(model === undefined ? {} : { model }),
    ...(turnId === undefined ? {} : { turnId }),
  };
  return { item, counted: next };
}

/** The Messages API's usage block; undefined unless it has input and output counts. */
function readUsage(usage: Readonly<Record<string, unknown>> | undefined) {
  const inputTokens = tokenCount(usage?.input_tokens);
  const outputTokens = tokenCount(usage?.output_tokens);
  if (inputTokens === undefined || outputTokens === undefined) return undefined;
  const thinking = tokenCount(asObject(usage?.output_tokens_details)?.thinking_tokens) ?? 0;
  return {
    inputTokens,
    outputTokens,
    cacheReadTokens: tokenCount(usage?.cache_read_input_tokens) ?? 0,
    cacheWriteTokens: tokenCount(usage?.cache_creation_input_tokens) ?? 0,
    reasoningTokens: Math.min(thinking, outputTokens),
  };
}

function largest(a: ElwoodTokenUsage, b: ElwoodTokenUsage): ElwoodTokenUsage {
  const result: Record<keyof ElwoodTokenUsage, number> = { ...a };
  for (const field of USAGE_FIELDS) result[field] = Math.max(a[field], b[field]);
  return result;
}

function difference(later: ElwoodTokenUsage, earlier: ElwoodTokenUsage): ElwoodTokenUsage {
  const result: Record<keyof ElwoodTokenUsage, number> = { ...later };
  for (const field of USAGE_FIELDS) result[field] = later[field] - earlier[field];
  return result;
}
