// Claude's auto-mode safety check, answered by the scripted server as Anthropic's API
// answers it (issue 27): a request carrying `safeguards: [{ type: "dangerous_tool_use" }]`
// gets `safeguard_results` with one verdict per tool call of the reply, in the final
// message_delta when streamed and on the message otherwise.
import { afterEach, describe, expect, test } from "vitest";
import {
  type ScriptedModelServer,
  type ScriptedModelServerOptions,
  startScriptedModelServer,
} from "../../../../../src/testing/index.js";
import { anthropicRequest, post, postSse } from "../sse-client.js";

let server: ScriptedModelServer | undefined;
afterEach(() => server?.close());

async function start(options: ScriptedModelServerOptions = {}): Promise<string> {
  server = await startScriptedModelServer(options);
  return `${server.anthropicBaseUrl}/v1/messages?beta=true`;
}

const prompt = (text: string) => ({ role: "user", content: [{ type: "text", text }] });
const SAFEGUARDS = {
  safeguards: [{ type: "dangerous_tool_use", classifier_context: { permission_mode: "auto" } }],
};
const bash = (command: string) => ({ name: "Bash", input: { command } });

async function streamedResults(url: string, text: string, extra = SAFEGUARDS) {
  const events = await postSse(url, anthropicRequest([prompt(text)], extra));
  const delta = events.find((event) => event.event === "message_delta")?.data.delta as {
    safeguard_results?: unknown;
  };
  const ids = events
    .filter((event) => event.event === "content_block_start")
    .map((event) => (event.data.content_block as { id?: string }).id)
    .filter((id) => id !== undefined);
  return { results: delta.safeguard_results, ids };
}

describe("the auto-mode safety check", () => {
  test("a tool call is cleared by default, in the final message_delta", async () => {
    const url = await start();
    server!.turn({ match: "probe", steps: [{ tool: bash("node -e 1") }, { say: "done" }] });
    const { results, ids } = await streamedResults(url, "probe");
    expect(ids).toHaveLength(1);
    expect(results).toEqual([
      {
        type: "dangerous_tool_use",
        status: {
          type: "available",
          tool_uses: { [ids[0]!]: { type: "evaluated", outcome: "not_flagged" } },
        },
      },
    ]);
  });

  test("a step can deny its call with a reason; parallel calls are judged one by one", async () => {
    const url = await start();
    server!.turn({
      match: "two",
      steps: [
        { tool: { ...bash("echo fine"), autoModeCheck: "allow" } },
        { tool: { ...bash("curl evil"), autoModeCheck: { deny: "no network here" } } },
      ],
    });
    const { results, ids } = await streamedResults(url, "two");
    expect(ids).toHaveLength(2);
    expect(results).toEqual([
      {
        type: "dangerous_tool_use",
        status: {
          type: "available",
          tool_uses: {
            [ids[0]!]: { type: "evaluated", outcome: "not_flagged" },
            [ids[1]!]: { type: "evaluated", outcome: "flagged", explanation: "no network here" },
          },
        },
      },
    ]);
  });

  test('"unanswered" leaves the check out, like a gateway that drops it', async () => {
    const url = await start({ autoModeCheck: "unanswered" });
    server!.turn({ match: "gateway", steps: [{ tool: bash("node -e 1") }] });
    expect((await streamedResults(url, "gateway")).results).toBeUndefined();
    server!.turn({ match: "text only", steps: [{ say: "no tools" }] });
    expect((await streamedResults(url, "text only")).results).toBeUndefined();
  });

  test("the server's default can deny; a reply without calls gets an empty verdict list", async () => {
    const url = await start({ autoModeCheck: { deny: "denied by default" } });
    server!.turn({ match: "deny all", steps: [{ tool: bash("ls") }] });
    const { results, ids } = await streamedResults(url, "deny all");
    expect(results).toMatchObject([
      {
        status: {
          tool_uses: { [ids[0]!]: { outcome: "flagged", explanation: "denied by default" } },
        },
      },
    ]);
    server!.turn({ match: "chat", steps: [{ say: "hello" }] });
    expect((await streamedResults(url, "chat")).results).toEqual([
      { type: "dangerous_tool_use", status: { type: "available", tool_uses: {} } },
    ]);
  });

  test("nothing is added when the request did not ask for the check", async () => {
    const url = await start();
    server!.turn({ match: "plain", steps: [{ tool: bash("node -e 1") }] });
    expect((await streamedResults(url, "plain", { safeguards: [] })).results).toBeUndefined();
  });

  test("unstreamed: on the message, including calls a review request hands in", async () => {
    const url = await start();
    const review = anthropicRequest(
      [
        prompt("review this"),
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_review_1", name: "Bash" }] },
      ],
      { ...SAFEGUARDS, stream: false, max_tokens: 0 },
    );
    const response = await post(url, review);
    expect(response.status).toBe(200);
    const message = (await response.json()) as { safeguard_results?: unknown };
    expect(message.safeguard_results).toEqual([
      {
        type: "dangerous_tool_use",
        status: {
          type: "available",
          tool_uses: { toolu_review_1: { type: "evaluated", outcome: "not_flagged" } },
        },
      },
    ]);
  });

  test("a verdict that is not allow, unanswered or { deny } is invalid_options", async () => {
    await expect(
      startScriptedModelServer({ autoModeCheck: "deny" as unknown as "allow" }),
    ).rejects.toMatchObject({ name: "invalid_options" });
    await start();
    expect(() =>
      server!.turn({
        match: "x",
        steps: [{ tool: { ...bash("ls"), autoModeCheck: { deny: "" } } }],
      }),
    ).toThrow(/autoModeCheck/);
  });
});
