// The loopback endpoints capture-screens.ts points the real CLIs at: a minimal Anthropic
// Messages and OpenAI Responses fake whose next behaviour the scenarios set between steps.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export type Reply = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let reply: Reply = (_req, _body, res) => res.writeHead(500).end("{}");

/** What the server answers from now on. */
export function answerWith(next: Reply): void {
  reply = next;
}

// One loopback server for both CLIs; the current scenario swaps `reply`.
export async function startServer(): Promise<number> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    reply(req, Buffer.concat(chunks).toString("utf8"), res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  server.unref();
  const address = server.address();
  return typeof address === "object" && address !== null ? address.port : 0;
}

function sse(res: ServerResponse, events: Array<[string, unknown]>, isComplete = true): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const [event, data] of events)
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  if (isComplete) res.end();
}

/** A tool call the fake model makes instead of the default shell command. */
export interface FakeToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
  /** OpenAI only: Codex takes an MCP tool as `{ namespace: "mcp__<server>", name: "<tool>" }`. */
  readonly namespace?: string;
}

// What the fake endpoints do next; scenarios change it between steps.
export const fake: {
  anthropicToolSent: boolean;
  anthropicDelayMs: number;
  holdMidStream: boolean;
  openaiToolSent: boolean;
  openaiDelayMs: number;
  anthropicTool?: FakeToolCall;
  openaiTool?: FakeToolCall;
  /** The newest tool-bearing Anthropic request's body (Claude's plan-mode reminder names the plan file). */
  lastAnthropicMainBody: string;
} = {
  anthropicToolSent: false,
  anthropicDelayMs: 0,
  holdMidStream: false,
  openaiToolSent: false,
  openaiDelayMs: 0,
  lastAnthropicMainBody: "",
};

// Anthropic Messages: the main (tool-bearing) request gets a Bash tool_use once, then text.
export function anthropicReply(_req: IncomingMessage, body: string, res: ServerResponse): void {
  const request = JSON.parse(body || "{}") as { stream?: boolean; tools?: unknown[] };
  const isMain = Array.isArray(request.tools) && request.tools.length > 0;
  const useTool = isMain && !fake.anthropicToolSent;
  if (useTool) fake.anthropicToolSent = true;
  if (isMain) fake.lastAnthropicMainBody = body;
  const usage = { input_tokens: 1, output_tokens: 1 };
  const message = {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-x",
    content: [],
    usage,
  };
  if (request.stream !== true) {
    const text = {
      ...message,
      content: [{ type: "text", text: "Title" }],
      stop_reason: "end_turn",
    };
    return void res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify(text));
  }
  const tool = fake.anthropicTool ?? {
    name: "Bash",
    input: { command: "touch elwood-probe.txt", description: "Create a probe file" },
  };
  const input = JSON.stringify(tool.input);
  const block = useTool
    ? { type: "tool_use", id: "toolu_1", name: tool.name, input: {} }
    : { type: "text", text: "" };
  const delta = useTool
    ? { type: "input_json_delta", partial_json: input }
    : { type: "text_delta", text: "Hello from the fake model." };
  const head: Array<[string, unknown]> = [
    ["message_start", { type: "message_start", message }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: block }],
    ["content_block_delta", { type: "content_block_delta", index: 0, delta }],
  ];
  // Hold mode: stream the first text delta, then hang, so the turn stays "working".
  if (fake.holdMidStream && isMain && !useTool) {
    sse(res, head, false);
    return;
  }
  const stopReason = useTool ? "tool_use" : "end_turn";
  const tail: Array<[string, unknown]> = [
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: stopReason }, usage }],
    ["message_stop", { type: "message_stop" }],
  ];
  setTimeout(() => sse(res, [...head, ...tail]), isMain ? fake.anthropicDelayMs : 0);
}

// OpenAI Responses: the first call asks for an escalated exec_command, later calls answer text.
export function openaiReply(req: IncomingMessage, _body: string, res: ServerResponse): void {
  if (!(req.url ?? "").includes("/responses")) {
    res.writeHead(404).end("{}");
    return;
  }
  const useTool = !fake.openaiToolSent;
  fake.openaiToolSent = true;
  const tool = fake.openaiTool ?? {
    name: "exec_command",
    input: {
      cmd: "touch elwood-probe.txt",
      sandbox_permissions: "require_escalated",
      justification: "Create the probe file",
    },
  };
  const text = { type: "output_text", text: "Hello from the fake model.", annotations: [] };
  const item = useTool
    ? {
        type: "function_call",
        id: "fc_1",
        call_id: "call_1",
        name: tool.name,
        ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }),
        arguments: JSON.stringify(tool.input),
      }
    : { type: "message", id: "m_1", role: "assistant", status: "completed", content: [text] };
  const response = {
    id: "resp_1",
    object: "response",
    status: "in_progress",
    output: [] as unknown[],
  };
  const details = { input_tokens_details: { cached_tokens: 0 } };
  const usage = { input_tokens: 1, output_tokens: 1, total_tokens: 2, ...details };
  const done = { ...response, status: "completed", output: [item], usage };
  const events: Array<[string, unknown]> = [
    ["response.created", { type: "response.created", response }],
    ["response.output_item.added", { type: "response.output_item.added", output_index: 0, item }],
    ["response.output_item.done", { type: "response.output_item.done", output_index: 0, item }],
    ["response.completed", { type: "response.completed", response: done }],
  ];
  setTimeout(() => sse(res, events), fake.openaiDelayMs);
}

export function unauthorized(_req: IncomingMessage, _body: string, res: ServerResponse): void {
  const body = {
    type: "error",
    error: { type: "authentication_error", message: "invalid x-api-key" },
  };
  res.writeHead(401, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
