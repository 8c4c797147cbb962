// The scripted model server's OpenAI Responses dialect, driven over real HTTP.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../../../../src/testing/index.js";
import { openAiRequest, post, postSse, type SseEvent, userItem } from "../sse-client.js";

let server: ScriptedModelServer;
let responsesUrl: string;

beforeEach(async () => {
  server = await startScriptedModelServer();
  responsesUrl = `${server.openaiBaseUrl}/responses`;
});
afterEach(() => server.close());

const environment = userItem("<environment_context>\n  <cwd>/tmp/x</cwd>\n</environment_context>");
const completed = (events: readonly SseEvent[]) =>
  events.find((e) => e.event === "response.completed")!.data.response as {
    output: Record<string, unknown>[];
    usage: unknown;
  };

describe("openai responses", () => {
  test("a say step streams a message item and completes with usage", async () => {
    server.turn({ match: "hello", steps: [{ say: "Hello from a scripted Responses stream" }] });
    const events = await postSse(responsesUrl, openAiRequest([environment, userItem("hello")]));
    expect(events.map((e) => e.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const text = events
      .filter((e) => e.event === "response.output_text.delta")
      .map((e) => e.data.delta);
    expect(text.join("")).toBe("Hello from a scripted Responses stream");
    expect(completed(events).usage).toMatchObject({
      input_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
    });
    expect(server.requests[0]).toMatchObject({ api: "openai", userText: "hello", matchedTurn: 0 });
  });

  test("a think step is a reasoning item with a summary", async () => {
    server.turn({ match: "ponder", steps: [{ think: "weighing options" }, { say: "ok" }] });
    const events = await postSse(responsesUrl, openAiRequest([userItem("ponder")]));
    expect(completed(events).output[0]).toMatchObject({
      type: "reasoning",
      summary: [{ type: "summary_text", text: "weighing options" }],
    });
    expect(events.some((e) => e.event === "response.reasoning_summary_text.delta")).toBe(true);
  });

  test("a tool step is a function_call; its function_call_output continues the turn", async () => {
    server.turn({
      match: "run it",
      steps: [{ tool: { name: "exec_command", input: { cmd: "echo elwood" } } }, { say: "ran it" }],
    });
    const first = await postSse(responsesUrl, openAiRequest([userItem("run it")]));
    const call = completed(first).output[0] as {
      type: string;
      call_id: string;
      arguments: string;
      name: string;
    };
    expect(call).toMatchObject({ type: "function_call", name: "exec_command" });
    expect(JSON.parse(call.arguments)).toEqual({ cmd: "echo elwood" });

    const output = "Process exited with code 0\nOutput:\nelwood\n";
    const input = [
      userItem("run it"),
      call,
      { type: "function_call_output", call_id: call.call_id, output },
    ];
    const second = await postSse(responsesUrl, openAiRequest(input));
    expect(completed(second).output[0]).toMatchObject({
      type: "message",
      content: [{ text: "ran it" }],
    });
    expect(server.requests[1]!.toolResults).toEqual([
      { callId: call.call_id, text: output, isError: false },
    ]);
  });

  test("a leading fail step is an HTTP error; a later one is response.failed", async () => {
    server.turn({ match: "boom", steps: [{ fail: { status: 500, message: "scripted outage" } }] });
    server.turn({ match: "half", steps: [{ say: "partial" }, { fail: { status: 500 } }] });
    const response = await post(responsesUrl, openAiRequest([userItem("boom")]));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: { message: "scripted outage", type: "server_error" },
    });
    const events = await postSse(responsesUrl, openAiRequest([userItem("half")]));
    expect(events.at(-1)).toMatchObject({
      event: "response.failed",
      data: { response: { status: "failed" } },
    });
  });

  test("slow steps delay each delta", async () => {
    server.turn({
      match: "slowly",
      steps: [{ slow: { chunkDelayMs: 50 } }, { say: "y".repeat(96) }],
    });
    const started = Date.now();
    await postSse(responsesUrl, openAiRequest([userItem("slowly")]));
    expect(Date.now() - started).toBeGreaterThanOrEqual(200); // 4 chunks × 50 ms
  });

  test("tool-less side requests (codex titles) never consume the scenario; GET /v1/models lists a model", async () => {
    server.turn({ match: "title me", steps: [{ say: "the real answer" }] });
    await postSse(responsesUrl, { ...openAiRequest([userItem("title me")]), tools: [] });
    const events = await postSse(responsesUrl, openAiRequest([userItem("title me")]));
    expect(completed(events).output[0]).toMatchObject({ content: [{ text: "the real answer" }] });
    const models = await fetch(`${server.openaiBaseUrl}/models`);
    expect(await models.json()).toMatchObject({ object: "list", data: [{ id: "scripted-model" }] });
  });

  test("codex 0.150.0's title request, sent with tools, is a side request too", async () => {
    server.turn({ match: /./, steps: [{ say: "the real answer" }] });
    const title =
      "Generate a concise, single-line task title of at most 36 characters and under five words where possible.";
    const side = await postSse(responsesUrl, openAiRequest([environment, userItem(title)]));
    expect(completed(side).output[0]).toMatchObject({ content: [{ text: "Scripted session" }] });
    expect(server.requests.at(-1)).toMatchObject({ isAuxiliary: true });
    const events = await postSse(responsesUrl, openAiRequest([userItem("a real prompt")]));
    expect(completed(events).output[0]).toMatchObject({ content: [{ text: "the real answer" }] });
  });

  test("turns are used once in registration order unless repeat is set", async () => {
    server.turn({ match: "again", steps: [{ say: "first" }] });
    server.turn({ match: "again", steps: [{ say: "second" }] });
    server.turn({
      match: (text) => text.startsWith("loop"),
      repeat: true,
      steps: [{ say: "looping" }],
    });
    const answer = async (text: string) =>
      (
        completed(await postSse(responsesUrl, openAiRequest([userItem(text)]))).output[0] as {
          content: { text: string }[];
        }
      ).content[0]!.text;
    expect([await answer("again"), await answer("again"), await answer("again")]).toEqual([
      "first",
      "second",
      '[scripted-model] no scripted turn matched: "again"',
    ]);
    expect([await answer("loop 1"), await answer("loop 2")]).toEqual(["looping", "looping"]);
  });
});
