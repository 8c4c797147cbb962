// The scripted model server's Gemini dialect (issue 42): the main turn streams SSE `data:`
// frames of GenerateContentResponse (text, thought and functionCall parts, then
// finishReason and usageMetadata); functionResponse parts continue the turn; tool-less
// :generateContent requests are side requests answered as one JSON object.
import { afterEach, describe, expect, test } from "vitest";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../../../../src/testing/index.js";
import { post } from "../sse-client.js";

const TOOLS = [{ functionDeclarations: [{ name: "run_shell_command", parameters: {} }] }];

function frames(text: string): Record<string, unknown>[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice(6)) as Record<string, unknown>);
}

function partsOf(frame: Record<string, unknown>): Record<string, unknown>[] {
  const candidates = frame.candidates as { content: { parts: Record<string, unknown>[] } }[];
  return candidates[0]?.content.parts ?? [];
}

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("scripted model server, Gemini dialect", () => {
  test("streams thought, text and a function call; the functionResponse continues the turn with usage", async () => {
    server = await startScriptedModelServer();
    server.turn({
      match: "list files",
      steps: [
        { usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 30, reasoningTokens: 5 } },
        { think: "Let me look." },
        { say: "Listing." },
        { tool: { name: "run_shell_command", input: { command: "ls" } } },
        { say: "Two files." },
      ],
    });
    const url = `${server.googleBaseUrl}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`;
    const context = "<session_context>\nThis is the Gemini CLI.\n</session_context>";
    const first = await post(url, {
      contents: [{ role: "user", parts: [{ text: context }, { text: "list files" }] }],
      tools: TOOLS,
    });
    expect(first.headers.get("content-type")).toContain("text/event-stream");
    const stream = frames(await first.text());
    const parts = stream.flatMap(partsOf);
    expect(
      parts
        .filter((part) => part.thought === true)
        .map((part) => part.text)
        .join(""),
    ).toBe("Let me look.");
    expect(
      parts
        .filter((part) => part.thought !== true && part.text)
        .map((p) => p.text)
        .join(""),
    ).toBe("Listing.");
    const call = parts.find((part) => part.functionCall !== undefined)?.functionCall as {
      id: string;
      name: string;
      args: unknown;
    };
    expect(call).toMatchObject({ name: "run_shell_command", args: { command: "ls" } });
    expect(stream.at(-1)?.usageMetadata).toEqual({
      promptTokenCount: 130,
      candidatesTokenCount: 15,
      totalTokenCount: 150,
      cachedContentTokenCount: 30,
      thoughtsTokenCount: 5,
    });
    expect(server.requests[0]).toMatchObject({ api: "google", userText: "list files" });

    const second = await post(url, {
      contents: [
        { role: "user", parts: [{ text: "list files" }] },
        { role: "model", parts: [{ functionCall: call }] },
        {
          role: "user",
          parts: [
            { functionResponse: { id: call.id, name: call.name, response: { output: "a b" } } },
          ],
        },
      ],
      tools: TOOLS,
    });
    const text = frames(await second.text())
      .flatMap(partsOf)
      .map((part) => part.text ?? "")
      .join("");
    expect(text).toBe("Two files.");
    expect(server.requests[1]?.toolResults).toEqual([
      { callId: call.id, text: "a b", isError: false },
    ]);
  });

  test("a tool-less :generateContent is a side request answered as one JSON object", async () => {
    server = await startScriptedModelServer();
    const url = `${server.googleBaseUrl}/v1beta/models/gemini-2.5-flash-lite:generateContent`;
    const response = await post(url, { contents: [{ role: "user", parts: [{ text: "sum up" }] }] });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(partsOf(body).map((part) => part.text)).toEqual(["Scripted session"]);
    expect(server.requests[0]).toMatchObject({ api: "google", isAuxiliary: true });
  });

  test("a scripted failure before any output is an HTTP error in Google's shape", async () => {
    server = await startScriptedModelServer();
    server.turn({ match: "fail", steps: [{ fail: { status: 429, message: "slow down" } }] });
    const url = `${server.googleBaseUrl}/v1beta/models/m:streamGenerateContent?alt=sse`;
    const response = await post(url, {
      contents: [{ role: "user", parts: [{ text: "fail" }] }],
      tools: TOOLS,
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: { code: 429, message: "slow down", status: "RESOURCE_EXHAUSTED" },
    });
  });
});
