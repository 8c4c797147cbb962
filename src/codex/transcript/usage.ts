// Token usage from Codex rollout records (issue 26): `event_msg` `token_count` records,
// written after each model response, carry `info.last_token_usage` (that request) and
// `info.total_token_usage` (the conversation so far); `info` is null when the record
// only updates rate limits. Codex may repeat a record with an unchanged total: counted
// once. Without `last_token_usage` the request is the growth of the total since the
// previous record; with no previous total in view (the first record read after a resume
// skipped the backlog) that growth is unknown, so nothing is added — never a guess.
// OpenAI counts the cached and cache-written prompt inside `input_tokens` and reasoning
// inside `output_tokens`; Elwood's input is the rest, and output keeps reasoning.
import { asObject, stringField } from "../../transcript/activity.js";
import {
  type ElwoodTokenUsage,
  isNoUsage,
  type TranscriptUsage,
  tokenCount,
  usageSince,
} from "../../transcript/usage.js";

export interface CodexUsageContext {
  /** The newest `total_token_usage` read from this file. */
  readonly lastTotal?: ElwoodTokenUsage;
  /** The model of the newest turn_context. */
  readonly model?: string;
}

export interface CodexUsageResult {
  readonly item?: TranscriptUsage;
  readonly context: CodexUsageContext;
}

/** The usage of a `token_count` payload, if it reports a request not counted yet. */
export function codexTokenCountUsage(
  payload: Readonly<Record<string, unknown>>,
  context: CodexUsageContext,
  record: unknown,
  turnId: string | undefined,
): CodexUsageResult {
  const info = asObject(payload.info);
  const total = readUsage(asObject(info?.total_token_usage));
  const last = readUsage(asObject(info?.last_token_usage));
  const next = total === undefined ? context : { ...context, lastTotal: total };
  const previous = context.lastTotal;
  const isRepeat =
    total !== undefined &&
    previous !== undefined &&
    isNoUsage(usageSince(total, previous) ?? total);
  if (isRepeat) return { context: next };
  const request =
    last ??
    (total !== undefined && previous !== undefined ? usageSince(total, previous) : undefined);
  if (request === undefined) return { context: next };
  const item: TranscriptUsage = {
    kind: "usage",
    usage: request,
    raw: record,
    ...(context.model === undefined ? {} : { model: context.model }),
    ...(turnId === undefined ? {} : { turnId }),
  };
  return { item, context: next };
}

/** The model a turn_context payload names, kept for the usage records that follow. */
export function withTurnModel(
  context: CodexUsageContext,
  payload: Readonly<Record<string, unknown>>,
): CodexUsageContext {
  const model = stringField(payload, "model");
  return model === undefined || model === context.model ? context : { ...context, model };
}

/** Codex's TokenUsage; undefined unless it has input and output counts. */
function readUsage(usage: Readonly<Record<string, unknown>> | undefined) {
  const input = tokenCount(usage?.input_tokens);
  const outputTokens = tokenCount(usage?.output_tokens);
  if (input === undefined || outputTokens === undefined) return undefined;
  const cached = Math.min(tokenCount(usage?.cached_input_tokens) ?? 0, input);
  const written = Math.min(tokenCount(usage?.cache_write_input_tokens) ?? 0, input - cached);
  const reasoning = tokenCount(usage?.reasoning_output_tokens) ?? 0;
  return {
    inputTokens: input - cached - written,
    outputTokens,
    cacheReadTokens: cached,
    cacheWriteTokens: written,
    reasoningTokens: Math.min(reasoning, outputTokens),
  };
}
