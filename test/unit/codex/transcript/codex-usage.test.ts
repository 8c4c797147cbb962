// Token usage from Codex 0.171.0 rollout records (issue 26 "Done when" 3): `event_msg`
// `token_count` with `last_token_usage` (that request), without it (the growth of
// `total_token_usage`), repeated (counted once) and rate-limit-only (`info: null`).
import { describe, expect, it } from "vitest";
import { mapRolloutRecords } from "../../../../src/codex/transcript/map-rollout.js";
import type { TranscriptActivityItem } from "../../../../src/transcript/activity.js";
import { loadJsonl } from "../../transcript/fixtures.js";

type Fields = Record<string, unknown>;

const usages = (items: readonly TranscriptActivityItem[]) =>
  items.flatMap((item) => (item.kind === "usage" ? [item.usage] : []));

const isTokenCount = (record: unknown) =>
  (record as { payload?: { type?: string } }).payload?.type === "token_count";

/** A captured token_count record with its info's usages replaced. */
function tokenCount(captured: unknown, info: Fields | null): unknown {
  const record = structuredClone(captured) as { payload: Fields };
  record.payload.info = info === null ? null : { ...(record.payload.info as Fields), ...info };
  return record;
}

function usage(input: number, cached: number, written: number, output: number, reasoning = 0) {
  return {
    input_tokens: input,
    cached_input_tokens: cached,
    cache_write_input_tokens: written,
    output_tokens: output,
    reasoning_output_tokens: reasoning,
    total_tokens: input + output,
  };
}

describe("C-USAGE-03: Codex usage on a captured 0.171.0 rollout", () => {
  const records = loadJsonl("codex-0.171.0-rollout.jsonl");
  const captured = records.find(isTokenCount);

  it("each token_count's last_token_usage is one request, with the turn's model", () => {
    const { items } = mapRolloutRecords(records);
    const counted = items.filter((item) => item.kind === "usage");
    expect(usages(counted)).toEqual([
      {
        inputTokens: 1,
        outputTokens: 1,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        reasoningTokens: 0,
      },
      {
        inputTokens: 1,
        outputTokens: 1,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        reasoningTokens: 0,
      },
    ]);
    expect(counted.every((item) => item.kind === "usage" && item.model === "gpt-5")).toBe(true);
  });

  it("cached and cache-written input are taken out of input_tokens; reasoning stays in output", () => {
    const record = tokenCount(captured, {
      total_token_usage: usage(1775, 503, 71, 43, 11),
      last_token_usage: usage(1775, 503, 71, 43, 11),
    });
    expect(usages(mapRolloutRecords([record]).items)).toEqual([
      {
        inputTokens: 1201,
        outputTokens: 43,
        cacheReadTokens: 503,
        cacheWriteTokens: 71,
        reasoningTokens: 11,
      },
    ]);
  });

  it("without last_token_usage, a request is the growth of total_token_usage", () => {
    const first = tokenCount(captured, {
      total_token_usage: usage(100, 0, 0, 10),
      last_token_usage: usage(100, 0, 0, 10),
    });
    const second = tokenCount(captured, { total_token_usage: usage(350, 40, 0, 25, 5) });
    delete (second as { payload: { info: Fields } }).payload.info.last_token_usage;
    expect(usages(mapRolloutRecords([first, second]).items)).toEqual([
      {
        inputTokens: 100,
        outputTokens: 10,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        reasoningTokens: 0,
      },
      {
        inputTokens: 210,
        outputTokens: 15,
        cacheReadTokens: 40,
        cacheWriteTokens: 0,
        reasoningTokens: 5,
      },
    ]);
  });

  it("without last_token_usage and no earlier total in view (a resume), nothing is guessed", () => {
    const alone = tokenCount(captured, { total_token_usage: usage(9000, 0, 0, 900) });
    delete (alone as { payload: { info: Fields } }).payload.info.last_token_usage;
    expect(usages(mapRolloutRecords([alone]).items)).toEqual([]);
  });

  it("a repeated token_count (same total) counts once; a rate-limit-only one (info null) not at all", () => {
    const once = tokenCount(captured, {
      total_token_usage: usage(100, 0, 0, 10),
      last_token_usage: usage(100, 0, 0, 10),
    });
    const { items } = mapRolloutRecords([once, once, tokenCount(captured, null)]);
    expect(usages(items)).toHaveLength(1);
  });
});
