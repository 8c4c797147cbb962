// Token usage from Claude 2.1.332 transcript records (issue 26 "Done when" 3): captured by
// scripts/dev/capture-usage-transcripts.ts with the scripted server reporting known counts
// per request; one API message split over several records is counted once (by id).
import { describe, expect, it } from "vitest";
import {
  mapClaudeRecord,
  mapClaudeRecords,
} from "../../../../src/claude/transcript/map-records.js";
import type { TranscriptActivityItem } from "../../../../src/transcript/activity.js";
import { loadJsonl } from "../../transcript/fixtures.js";

const usages = (items: readonly TranscriptActivityItem[]) =>
  items.flatMap((item) => (item.kind === "usage" ? [item.usage] : []));

const counts = (input: number, output: number, cacheRead: number, cacheWrite: number) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: cacheRead,
  cacheWriteTokens: cacheWrite,
  reasoningTokens: 0,
});

describe("C-USAGE-03: Claude usage on a captured 2.1.332 transcript", () => {
  const records = loadJsonl("claude-2.1.332-usage.jsonl");

  it("the first turn's message, split over a thinking and a text record, counts once", () => {
    const split = records.filter(
      (record) => (record as { message?: { id?: string } }).message?.id === "msg_scripted_1",
    );
    expect(split).toHaveLength(2);
    expect(usages(mapClaudeRecords(split).items)).toEqual([counts(1201, 37, 503, 71)]);
  });

  it("yields one usage per API message, in order, after its first record's content, with the model", () => {
    const { items } = mapClaudeRecords(records);
    expect(usages(items)).toEqual([
      counts(1201, 37, 503, 71),
      counts(2003, 41, 0, 0),
      counts(2111, 43, 1009, 0),
      counts(2237, 47, 1013, 7),
    ]);
    const models = items.flatMap((item) => (item.kind === "usage" ? [item.model] : []));
    expect(models).toEqual(Array(4).fill("claude-opus-5-5"));
    // Counted with the message's first record (its thinking); its text record adds nothing.
    expect(items.slice(0, 4).map((item) => item.kind)).toEqual([
      "user_message",
      "reasoning",
      "usage",
      "assistant_message",
    ]);
  });

  it("the second turn's usage carries that turn's promptId", () => {
    const { items } = mapClaudeRecords(records);
    const prompts = items.filter((item) => item.kind === "user_message");
    const last = items.filter((item) => item.kind === "usage").at(-1);
    expect(last?.turnId).toBe(prompts.at(-1)?.turnId);
    expect(last?.turnId).not.toBe(prompts[0]?.turnId);
  });
});

describe("Claude usage edge cases", () => {
  const assistant = (id: string | undefined, usage: unknown, extra: object = {}) => ({
    type: "assistant",
    ...extra,
    message: {
      ...(id === undefined ? {} : { id }),
      model: "claude-x",
      role: "assistant",
      content: [{ type: "text", text: "hi" }],
      usage,
    },
  });
  const usage = (input: number, output: number) => ({
    input_tokens: input,
    output_tokens: output,
    cache_read_input_tokens: 5,
    cache_creation_input_tokens: 3,
  });

  it("a later record of the same message reporting more adds only the growth", () => {
    const { items } = mapClaudeRecords([
      assistant("m1", usage(10, 1)),
      assistant("m1", usage(10, 9)),
    ]);
    expect(usages(items)).toEqual([counts(10, 1, 5, 3), counts(0, 8, 0, 0)]);
  });

  it("different messages each count; a repeat after another message still counts once", () => {
    const { items } = mapClaudeRecords([
      assistant("m1", usage(10, 2)),
      assistant("m2", usage(20, 4)),
      assistant("m1", usage(10, 2)),
    ]);
    expect(usages(items)).toEqual([counts(10, 2, 5, 3), counts(20, 4, 5, 3)]);
  });

  it("a record without usage, or without input/output counts, adds nothing (never invented)", () => {
    expect(usages(mapClaudeRecord(assistant("m1", undefined)).items)).toEqual([]);
    expect(usages(mapClaudeRecord(assistant("m1", { output_tokens: 3 })).items)).toEqual([]);
    expect(
      usages(mapClaudeRecord(assistant("m1", { input_tokens: -1, output_tokens: 3 })).items),
    ).toEqual([]);
  });

  it("Claude Code's own synthetic messages (local errors) are no model request", () => {
    const record = assistant("m1", usage(0, 0));
    record.message.model = "<synthetic>";
    expect(usages(mapClaudeRecord(record).items)).toEqual([]);
  });

  it("a subagent's (sidechain) request counts, though its content is followed elsewhere", () => {
    const { items } = mapClaudeRecord(assistant("s1", usage(7, 2), { isSidechain: true }));
    expect(items.map((item) => item.kind)).toEqual(["usage"]);
  });

  it("thinking tokens Claude reports count as reasoning, within the output", () => {
    const { items } = mapClaudeRecord(
      assistant("m1", {
        input_tokens: 1,
        output_tokens: 9,
        output_tokens_details: { thinking_tokens: 4 },
      }),
    );
    expect(usages(items)).toEqual([{ ...counts(1, 9, 0, 0), reasoningTokens: 4 }]);
  });
});
