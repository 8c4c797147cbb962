// Claude transcript → activity (C-CLAUDE-15): content comes from committed records only.
import { describe, expect, it } from "vitest";
import {
  mapClaudeRecord,
  mapClaudeRecords,
} from "../../../../src/claude/transcript/map-records.js";
import {
  referencedSubagentIds,
  subagentTranscriptPath,
} from "../../../../src/claude/transcript/subagents.js";
import { loadJsonl } from "../../transcript/fixtures.js";

const strip = (items: ReturnType<typeof mapClaudeRecords>["items"]) =>
  items.map(({ raw: _raw, ...rest }) => rest);

describe("mapClaudeRecords on a real 2.1.332 session (C-CLAUDE-15)", () => {
  const records = loadJsonl("claude-2.1.332-session.jsonl");
  const { items: mapped, context } = mapClaudeRecords(records);
  // Content only: the usage items are ./*-usage.test.ts's.
  const items = mapped.filter((item) => item.kind !== "usage");

  it("yields prompts, the tool call, its rejection and replies in order; skips metadata and harness rows", () => {
    expect(strip(items).map(({ turnId: _t, ...rest }) => rest)).toEqual([
      { kind: "user_message", text: "create the probe file" },
      {
        kind: "tool_call",
        toolName: "Bash",
        toolUseId: "toolu_1",
        toolInput: JSON.stringify({
          command: "touch elwood-probe.txt",
          description: "Create a probe file",
        }),
      },
      {
        kind: "tool_result",
        toolUseId: "toolu_1",
        toolOutput: expect.stringContaining("The user doesn't want to proceed"),
        isError: true,
      },
      { kind: "user_message", text: "say hi" },
      { kind: "assistant_message", text: "Hello from the fake model." },
      { kind: "user_message", text: "say hello" },
      { kind: "assistant_message", text: "Hello from the fake model." },
    ]);
  });

  it("threads each prompt's promptId as the turn id of the replies that follow", () => {
    const turnIds = items.map((item) => item.turnId);
    expect(turnIds[0]).toBe("61366271-8de3-4400-8d17-ecacbf40692e");
    expect(turnIds[1]).toBe(turnIds[0]);
    expect(turnIds[4]).toBe(turnIds[3]);
    expect(turnIds[6]).not.toBe(turnIds[3]);
    expect(context.turnId).toBe(turnIds[6]);
  });

  it("keeps the source record as raw", () => {
    expect(items[0]?.raw).toMatchObject({ type: "user", promptSource: "typed" });
  });
});

describe("mapClaudeRecord edge cases", () => {
  const assistant = (content: unknown[]) => ({
    type: "assistant",
    isSidechain: false,
    message: { role: "assistant", content },
  });

  it("maps thinking to reasoning and passes a string tool input through", () => {
    const { items } = mapClaudeRecord(
      assistant([
        { type: "thinking", thinking: "hmm", signature: "s" },
        { type: "tool_use", id: "t1", name: "Custom", input: "already text" },
      ]),
    );
    expect(strip(items)).toEqual([
      { kind: "reasoning", text: "hmm" },
      { kind: "tool_call", toolName: "Custom", toolUseId: "t1", toolInput: "already text" },
    ]);
  });

  it("C-CLAUDE-19: empty and redacted thinking produce no reasoning", () => {
    const { items } = mapClaudeRecord(
      assistant([
        { type: "thinking", thinking: "", signature: "s" },
        { type: "redacted_thinking", data: "opaque" },
        { type: "thinking", thinking: "kept", signature: "s" },
      ]),
    );
    expect(strip(items)).toEqual([{ kind: "reasoning", text: "kept" }]);
  });

  it("skips a tool_use without a name and a tool_result without an id (malformed blocks)", () => {
    const { items } = mapClaudeRecord(
      assistant([
        { type: "tool_use", id: "t1", input: {} },
        { type: "tool_use", id: "t2", name: "Bash", input: {} },
      ]),
    );
    expect(strip(items)).toEqual([
      { kind: "tool_call", toolName: "Bash", toolUseId: "t2", toolInput: "{}" },
    ]);
    const results = mapClaudeRecord({
      type: "user",
      message: { role: "user", content: [{ type: "tool_result", content: "orphan" }] },
    });
    expect(results.items).toEqual([]);
  });

  it("serializes structured tool_result content as JSON", () => {
    const content = [{ type: "text", text: "out" }];
    const { items } = mapClaudeRecord({
      type: "user",
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content }] },
    });
    expect(items[0]).toMatchObject({
      kind: "tool_result",
      toolOutput: JSON.stringify(content),
      isError: false,
    });
  });

  it("skips sidechain, meta and compact-summary entries and every non-chain type", () => {
    const skipped = [
      { ...assistant([{ type: "text", text: "sub" }]), isSidechain: true },
      { type: "user", isMeta: true, message: { role: "user", content: "<command-name>" } },
      { type: "user", isCompactSummary: true, message: { role: "user", content: "summary" } },
      { type: "api-request-blob", message: { content: [{ type: "text", text: "repeat" }] } },
      { type: "system", subtype: "turn_duration" },
      { type: "attachment", attachment: { type: "date" } },
      "not an object",
      null,
    ];
    expect(mapClaudeRecords(skipped).items).toEqual([]);
  });
});

describe("subagent transcripts (hook-protocols Part C)", () => {
  it("derives the subagent file next to the main transcript", () => {
    expect(subagentTranscriptPath("/h/.claude/projects/-w/abc.jsonl", "a1b2")).toBe(
      "/h/.claude/projects/-w/abc/subagents/agent-a1b2.jsonl",
    );
    expect(subagentTranscriptPath("/h/p/abc.jsonl", "../../etc")).toBeUndefined();
  });

  it("finds agent ids in tool results and sidechain entries", () => {
    expect(
      referencedSubagentIds({
        type: "user",
        toolUseResult: { agentId: "a1", status: "completed" },
      }),
    ).toEqual(["a1"]);
    expect(referencedSubagentIds({ type: "assistant", isSidechain: true, agentId: "a2" })).toEqual([
      "a2",
    ]);
    expect(
      referencedSubagentIds({ type: "user", toolUseResult: "User rejected tool use" }),
    ).toEqual([]);
  });
});

describe("C-API-30 tool fields the transcript lacks", () => {
  it("C-API-30: a tool_use without input and a tool_result without content carry no toolInput / toolOutput", () => {
    const records = [
      {
        type: "assistant",
        uuid: "a1",
        message: {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_9", name: "Bash" }],
        },
      },
      {
        type: "user",
        uuid: "u1",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_9" }] },
      },
    ];
    const items = strip(mapClaudeRecords(records).items);
    const call = items.find((item) => item.kind === "tool_call");
    const result = items.find((item) => item.kind === "tool_result");
    expect(call).toBeDefined();
    expect(result).toBeDefined();
    expect(call).not.toHaveProperty("toolInput");
    expect(result).not.toHaveProperty("toolOutput");
  });
});
