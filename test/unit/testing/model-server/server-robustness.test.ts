// The scripted model server under bad input: wrong JSON, wrong shapes, unknown paths,
// truncated bodies and dropped connections never crash it or make it hang.
import { connect } from "node:net";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../../../src/testing/index.js";
import { anthropicRequest, anthropicText, post, postSse } from "./sse-client.js";

let server: ScriptedModelServer;

beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(() => server.close());

async function stillAnswers(): Promise<void> {
  const events = await postSse(
    `${server.url}/v1/messages`,
    anthropicRequest([{ role: "user", content: "ping?" }]),
  );
  expect(anthropicText(events)).toContain("no scripted turn matched");
}

/** Writes raw bytes to the server and returns whatever comes back before the socket ends. */
function rawExchange(
  bytes: string,
  options: { endAfterWrite?: boolean; destroyAfterMs?: number } = {},
) {
  return new Promise<string>((resolve) => {
    const port = Number(new URL(server.url).port);
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(bytes);
      if (options.endAfterWrite) socket.end();
      if (options.destroyAfterMs !== undefined)
        setTimeout(() => socket.destroy(), options.destroyAfterMs);
    });
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("close", () => resolve(received));
    socket.on("error", () => resolve(received));
  });
}

describe("scripted model server robustness", () => {
  test("malformed JSON and wrong shapes are 400 JSON errors, in each API's error format", async () => {
    const badJson = await post(`${server.url}/v1/messages`, "{not json");
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error" },
    });
    const noMessages = await post(`${server.url}/v1/messages`, { model: "x" });
    expect(noMessages.status).toBe(400);
    const noInput = await post(`${server.url}/v1/responses`, [1, 2, 3]);
    expect(noInput.status).toBe(400);
    expect(await noInput.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    await stillAnswers();
  });

  test("unknown paths and methods are 404s and are logged", async () => {
    expect((await fetch(`${server.url}/v2/whatever`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/messages`)).status).toBe(404);
    expect(server.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", "/v2/whatever", 404],
      ["GET", "/v1/messages", 404],
    ]);
    await stillAnswers();
  });

  test("a truncated body, a dropped connection and garbage bytes leave the server answering", async () => {
    const truncated =
      'POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-length: 500\r\n\r\n{"messages":';
    await rawExchange(truncated, { destroyAfterMs: 50 });
    const halfClosed = await rawExchange(truncated, { endAfterWrite: true });
    expect(halfClosed).not.toContain("200 OK");
    const garbage = await rawExchange("\u0000\u0001 definitely not http\r\n\r\n");
    expect(garbage).toContain("400");
    await stillAnswers();
  });

  test("a client that aborts mid-stream does not hang the server; close() ends open streams", async () => {
    server.turn({
      match: "forever",
      steps: [{ slow: { chunkDelayMs: 200 } }, { say: "z".repeat(2_000) }],
    });
    const aborter = new AbortController();
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      body: JSON.stringify(anthropicRequest([{ role: "user", content: "forever" }])),
      signal: aborter.signal,
    });
    expect(response.status).toBe(200);
    aborter.abort();
    await stillAnswers();

    server.turn({ match: "again forever", steps: [{ pause: 60_000 }, { say: "never" }] });
    const pending = post(
      `${server.url}/v1/messages`,
      anthropicRequest([{ role: "user", content: "again forever" }]),
    );
    await server.waitForRequest((r) => r.userText === "again forever", 5_000);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await pending.then((r) => r.text()).catch(() => "connection closed");
  });

  test("waitForRequest resolves for past and future requests and times out with a summary", async () => {
    await stillAnswers();
    expect((await server.waitForRequest((r) => r.userText === "ping?", 100)).path).toBe(
      "/v1/messages",
    );
    const later = server.waitForRequest((r) => r.userText === "later", 5_000);
    await post(`${server.url}/v1/messages`, anthropicRequest([{ role: "user", content: "later" }]));
    expect((await later).userText).toBe("later");
    await expect(server.waitForRequest(() => false, 50)).rejects.toThrow(
      /no matching request within 50 ms[\s\S]*ping\?/,
    );
  });

  test("a throwing match predicate is a non-match, not a crash", async () => {
    server.turn({
      match: () => {
        throw new Error("bad predicate");
      },
      steps: [{ say: "never" }],
    });
    await stillAnswers();
  });
});
