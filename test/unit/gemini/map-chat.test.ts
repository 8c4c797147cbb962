// Gemini's chat JSONL mapped to activity (issue 42): the header and metadata patches map
// to nothing, the CLI's session context is no prompt, a message appended again under its
// id reports only what is new (its tool calls once they finished), thoughts become
// reasoning, `tokens` becomes one usage item per message, and a rewind reports nothing.
import { describe, expect, test } from "vitest";
import { createChatMapper } from "../../../src/gemini/transcript/map-chat.js";

const header = {
  sessionId: "s-1",
  projectHash: "h",
  startTime: "t",
  lastUpdated: "t",
  kind: "main",
};
const context = {
  $set: {
    messages: [
      {
        id: "c",
        type: "user",
        content: [{ text: "<session_context>\nfolders\n</session_context>" }],
      },
    ],
  },
};
const prompt = { id: "u1", type: "user", content: [{ text: "run it" }] };
const tokens = { input: 120, output: 10, cached: 20, thoughts: 4, tool: 0, total: 134 };
const reply = {
  id: "g1",
  type: "gemini",
  content: "I will run it",
  thoughts: [{ subject: "Plan", description: "run the command" }],
  tokens,
  model: "gemini-2.5-pro",
};
const call = {
  id: "run_shell_command__call_1",
  name: "run_shell_command",
  args: { command: "echo hi" },
  result: [
    {
      functionResponse: {
        id: "run_shell_command__call_1",
        name: "run_shell_command",
        response: { output: "hi" },
      },
    },
  ],
  status: "success",
};

describe("Gemini chat mapper", () => {
  test("a resume's snapshot of the earlier chat reports nothing; only the new turn is reported", () => {
    const map = createChatMapper();
    const snapshot = { $set: { messages: [...context.$set.messages, prompt, reply] } };
    const next = { id: "u2", type: "user", content: [{ text: "and now" }] };
    const answer = { id: "g2", type: "gemini", content: "second answer", tokens };
    const items = [
      header,
      snapshot,
      { $set: { sessionId: "s-1" } },
      snapshot,
      next,
      answer,
    ].flatMap((record) => map(record));
    expect(items.map((item) => item.kind)).toEqual(["user_message", "assistant_message", "usage"]);
    expect(items[0]).toMatchObject({ text: "and now" });
    expect(items[1]).toMatchObject({ text: "second answer" });
  });

  test("maps a turn with a re-appended message once, tool call and result when recorded", () => {
    const map = createChatMapper();
    const items = [
      header,
      context,
      prompt,
      { $set: { lastUpdated: "t2" } },
      reply,
      { ...reply, toolCalls: [call] },
      { $rewindTo: "u1" },
    ].flatMap((record) => map(record));
    expect(items.map((item) => item.kind)).toEqual([
      "user_message",
      "reasoning",
      "assistant_message",
      "usage",
      "tool_call",
      "tool_result",
    ]);
    expect(items[0]).toMatchObject({ text: "run it" });
    expect(items[1]).toMatchObject({ text: "Plan\nrun the command" });
    expect(items[3]).toMatchObject({
      usage: {
        inputTokens: 100,
        outputTokens: 14,
        cacheReadTokens: 20,
        cacheWriteTokens: 0,
        reasoningTokens: 4,
      },
      model: "gemini-2.5-pro",
    });
    expect(items[4]).toMatchObject({
      toolName: "run_shell_command",
      toolUseId: "run_shell_command__call_1",
      toolInput: JSON.stringify({ command: "echo hi" }),
    });
    expect(items[5]).toMatchObject({ toolOutput: "hi", isError: false });
  });

  test("a blocked tool call is an error result carrying the reason", () => {
    const map = createChatMapper();
    const blocked = {
      ...call,
      result: [
        {
          functionResponse: {
            id: call.id,
            name: call.name,
            response: { error: "Tool execution blocked: no" },
          },
        },
      ],
      status: "error",
    };
    const items = map({ id: "g2", type: "gemini", content: "", toolCalls: [blocked] });
    expect(items.find((item) => item.kind === "tool_result")).toMatchObject({
      toolOutput: "Tool execution blocked: no",
      isError: true,
    });
  });

  test("an AfterAgent continuation (the hook's reason as prompt, the original as displayContent) is no user message", () => {
    const map = createChatMapper();
    const continuation = {
      id: "u2",
      type: "user",
      content: [{ text: "say it again please" }],
      displayContent: [{ text: "first pass please" }],
    };
    expect(map(continuation)).toEqual([]);
    expect(map({ ...prompt, displayContent: prompt.content })).toHaveLength(1);
  });
});
