// Test helpers that speak HTTP to the scripted model server with fetch and parse
// its server-sent events, the way a CLI's SDK would.

export interface SseEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const frame of text.split("\n\n")) {
    if (frame.trim() === "") continue;
    let event = "";
    let data = "";
    for (const line of frame.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
  }
  return events;
}

export async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function postSse(url: string, body: unknown): Promise<SseEvent[]> {
  const response = await post(url, body);
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
  return parseSse(await response.text());
}

/** A Claude-like main request: tools present, streaming, the prompt as the newest user message. */
export function anthropicRequest(messages: unknown[], extra: Record<string, unknown> = {}) {
  return {
    model: "claude-test",
    max_tokens: 32_000,
    stream: true,
    tools: [{ name: "Bash", input_schema: { type: "object" } }],
    messages,
    ...extra,
  };
}

/** A Codex-like main request. */
export function openAiRequest(input: unknown[], extra: Record<string, unknown> = {}) {
  return {
    model: "scripted-model",
    stream: true,
    tools: [{ type: "function", name: "exec_command", parameters: { type: "object" } }],
    input,
    ...extra,
  };
}

export function userItem(text: string) {
  return { type: "message", role: "user", content: [{ type: "input_text", text }] };
}

/** Concatenates the text deltas of an Anthropic stream. */
export function anthropicText(events: readonly SseEvent[]): string {
  return events
    .filter((e) => e.event === "content_block_delta")
    .map((e) => e.data.delta as { type: string; text?: string })
    .filter((delta) => delta.type === "text_delta")
    .map((delta) => delta.text)
    .join("");
}
