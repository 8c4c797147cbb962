// The scripted model server's Anthropic Messages dialect, driven over real HTTP.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../../../../src/testing/index.js";
import { anthropicRequest, anthropicText, post, postSse } from "../sse-client.js";

let server: ScriptedModelServer;
let messagesUrl: string;

beforeEach(async () => {
  server = await startScriptedModelServer();
  messagesUrl = `${server.anthropicBaseUrl}/v1/messages?beta=true`;
});
afterEach(() => server.close());

const prompt = (text: string) => ({ role: "user", content: [{ type: "text", text }] });

describe("anthropic messages", () => {
  test("a say step streams a text block with the full event sequence", async () => {
    server.turn({ match: "hello", steps: [{ say: "Hi there, this is a longer scripted answer" }] });
    const events = await postSse(messagesUrl, anthropicRequest([prompt("hello")]));
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(anthropicText(events)).toBe("Hi there, this is a longer scripted answer");
    const delta = events.find((e) => e.event === "message_delta")!.data;
    expect(delta).toMatchObject({ delta: { stop_reason: "end_turn" }, usage: {} });
  });

  test("a think step streams thinking deltas and a signature", async () => {
    server.turn({ match: "ponder", steps: [{ think: "considering" }, { say: "done" }] });
    const events = await postSse(messagesUrl, anthropicRequest([prompt("ponder")]));
    const start = events.find((e) => e.event === "content_block_start")!.data;
    expect(start.content_block).toMatchObject({ type: "thinking" });
    const deltas = events.filter((e) => e.event === "content_block_delta").map((e) => e.data.delta);
    expect(deltas).toContainEqual({ type: "thinking_delta", thinking: "considering" });
    expect(deltas.some((d) => (d as { type: string }).type === "signature_delta")).toBe(true);
  });

  test("a tool step streams tool_use input, then the tool result continues the turn", async () => {
    server.turn({
      match: "run it",
      steps: [
        { tool: { name: "Bash", input: { command: "echo a-fairly-long-argument" } } },
        { say: "ran" },
      ],
    });
    const first = await postSse(messagesUrl, anthropicRequest([prompt("run it")]));
    const start = first.find((e) => e.event === "content_block_start")!.data;
    const block = start.content_block as { type: string; id: string; name: string };
    expect(block).toMatchObject({ type: "tool_use", name: "Bash" });
    const json = first
      .filter((e) => e.event === "content_block_delta")
      .map((e) => (e.data.delta as { partial_json: string }).partial_json);
    expect(json.length).toBeGreaterThan(1);
    expect(JSON.parse(json.join(""))).toEqual({ command: "echo a-fairly-long-argument" });
    expect(first.find((e) => e.event === "message_delta")!.data).toMatchObject({
      delta: { stop_reason: "tool_use" },
    });

    const history = [
      prompt("run it"),
      { role: "assistant", content: [{ ...block, input: { command: "echo" } }] },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: block.id, content: "a-fairly-long-argument\n" },
        ],
      },
      { role: "system", content: "environment details after the user message" },
    ];
    const second = await postSse(messagesUrl, anthropicRequest(history));
    expect(anthropicText(second)).toBe("ran");
    const logged = server.requests.at(-1)!;
    expect(logged).toMatchObject({ matchedTurn: 0, isAuxiliary: false });
    expect(logged.toolResults).toEqual([
      { callId: block.id, text: "a-fairly-long-argument\n", isError: false },
    ]);
  });

  test("a fail step as the first output is an HTTP error that asks not to be retried", async () => {
    server.turn({
      match: "boom",
      steps: [{ fail: { status: 529, message: "overloaded on purpose" } }],
    });
    const response = await post(messagesUrl, anthropicRequest([prompt("boom")]));
    expect(response.status).toBe(529);
    expect(response.headers.get("x-should-retry")).toBe("false");
    expect(await response.json()).toEqual({
      type: "error",
      error: { type: "overloaded_error", message: "overloaded on purpose" },
    });
  });

  test("a fail step after output is an error event inside the stream", async () => {
    server.turn({ match: "half", steps: [{ say: "partial" }, { fail: { status: 500 } }] });
    const events = await postSse(messagesUrl, anthropicRequest([prompt("half")]));
    expect(events.at(-1)).toMatchObject({ event: "error", data: { error: { type: "api_error" } } });
    expect(events.some((e) => e.event === "message_stop")).toBe(false);
  });

  test("slow and pause steps stretch the stream", async () => {
    server.turn({
      match: "slowly",
      steps: [{ pause: 150 }, { slow: { chunkDelayMs: 40 } }, { say: "x".repeat(100) }],
    });
    const started = Date.now();
    const events = await postSse(messagesUrl, anthropicRequest([prompt("slowly")]));
    // 150 ms pause + 5 chunks × 40 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(anthropicText(events)).toBe("x".repeat(100));
  });

  test("non-streaming requests get one JSON message", async () => {
    server.turn({ match: "plain", steps: [{ say: "json answer" }] });
    const response = await post(
      messagesUrl,
      anthropicRequest([prompt("plain")], { stream: false }),
    );
    expect(await response.json()).toMatchObject({
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: "json answer" }],
      stop_reason: "end_turn",
    });
  });

  test("system reminders are not part of the user text, and side requests do not consume turns", async () => {
    server.turn({ match: /^only this$/, steps: [{ say: "matched" }] });
    const title = await postSse(messagesUrl, {
      ...anthropicRequest([prompt("only this")]),
      tools: [],
    });
    expect(anthropicText(title)).not.toBe("matched");
    const withReminder = [
      {
        role: "user",
        content: [
          { type: "text", text: "<system-reminder>be nice</system-reminder>" },
          { type: "text", text: "only this" },
        ],
      },
    ];
    expect(anthropicText(await postSse(messagesUrl, anthropicRequest(withReminder)))).toBe(
      "matched",
    );
    expect(server.requests.map((r) => [r.isAuxiliary, r.userText, r.matchedTurn])).toEqual([
      [true, "only this", undefined],
      [false, "only this", 0],
    ]);
  });

  test("unmatched prompts get the clear default reply; count_tokens answers", async () => {
    const events = await postSse(messagesUrl, anthropicRequest([prompt("nobody scripted this")]));
    expect(anthropicText(events)).toBe(
      '[scripted-model] no scripted turn matched: "nobody scripted this"',
    );
    const count = await post(
      `${server.url}/v1/messages/count_tokens`,
      anthropicRequest([prompt("x")]),
    );
    expect(((await count.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(0);
  });
});
