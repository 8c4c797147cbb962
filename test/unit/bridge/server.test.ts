// HookBridgeServer over real loopback HTTP: token, byte cap before auth, malformed and
// incomplete bodies, routing, the outer deadline and teardown (seeds §6.2, C-HOOK-16).

import { afterEach, describe, expect, it, vi } from "vitest";
import { HOOK_TOKEN_HEADER } from "../../../src/bridge/limits.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import { postHook, rawExchange, recordingSink } from "../../fixtures/bridge-http.js";

// The spec's cap (C-HOOK-16), written out so a changed constant in src cannot pass.
const SPEC_HOOK_REQUEST_CAP = 8 * 1024 * 1024;

const servers: HookBridgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startWith(recording: ReturnType<typeof recordingSink>, extra = {}) {
  const server = await HookBridgeServer.start({ sink: recording.sink, ...extra });
  servers.push(server);
  return server;
}

const stopInput = JSON.stringify({ hook_event_name: "Stop", session_id: "s", cwd: "/" });

/** POSTs `stopInput` to /hooks/Stop with the server's token; `changes` override any of it. */
function postAuthed(
  server: HookBridgeServer,
  changes: Partial<Parameters<typeof postHook>[0]> = {},
) {
  return postHook({
    port: server.port,
    path: "/hooks/Stop",
    token: server.token,
    body: stopInput,
    ...changes,
  });
}

describe("HookBridgeServer", () => {
  it("listens on loopback with a fresh 256-bit token exposed only through environment()", async () => {
    const one = await startWith(recordingSink());
    const two = await startWith(recordingSink());
    expect(one.token).toMatch(/^[0-9a-f]{64}$/);
    expect(one.token).not.toBe(two.token);
    expect(one.port).toBeGreaterThan(0);
    expect(one.url).toBe(`http://127.0.0.1:${one.port}`);
    expect(one.environment()).toEqual({
      ELWOOD_HOOK_PORT: String(one.port),
      ELWOOD_HOOK_TOKEN: one.token,
    });
  });

  it("C-HOOK-02: dispatches an authenticated request and returns the sink's reply", async () => {
    const recording = recordingSink(async () => '{"decision":"block","reason":"r"}');
    const server = await startWith(recording);
    const reply = await postAuthed(server);
    expect(reply).toEqual({ status: 200, body: '{"decision":"block","reason":"r"}' });
    expect(recording.dispatched).toEqual([{ input: JSON.parse(stopInput), eventName: "Stop" }]);
  });

  it("C-HOOK-01: an observe-only event is answered at once with no decision, then dispatched; a blocking one waits for its answer", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const recording = recordingSink(async () => {
      await held;
      return '{"decision":"block","reason":"late"}';
    });
    const sink = { ...recording.sink, isObserveOnly: (name: string) => name === "Stop" };
    const server = await startWith({ ...recording, sink });
    // Stop is observe-only: the handler is still running when the answer arrives.
    expect(await postAuthed(server)).toEqual({ status: 200, body: "" });
    expect(recording.dispatched).toEqual([{ input: JSON.parse(stopInput), eventName: "Stop" }]);
    expect(recording.signals[0]?.aborted).toBe(false);
    // Another event blocks: its reply is the handler's, once the handler is done.
    const blocking = postAuthed(server, {
      path: "/hooks/PreToolUse",
      body: JSON.stringify({ hook_event_name: "PreToolUse", session_id: "s", cwd: "/" }),
    });
    let answered = false;
    void blocking.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    expect(await blocking).toEqual({ status: 200, body: '{"decision":"block","reason":"late"}' });
  });

  it("C-HRESP-06: no decision is an empty 200 body", async () => {
    const server = await startWith(recordingSink());
    const reply = await postAuthed(server);
    expect(reply).toEqual({ status: 200, body: "" });
  });

  it("C-HOOK-02: a wrong or missing token is no decision, no dispatch and no hookError", async () => {
    const recording = recordingSink(async () => "{}");
    const server = await startWith(recording);
    const wrong = server.token.replace(/^./, (c) => (c === "a" ? "b" : "a"));
    for (const token of [wrong, undefined, "", `${server.token}0`]) {
      const reply = await postHook({
        port: server.port,
        path: "/hooks/Stop",
        body: stopInput,
        ...(token === undefined ? {} : { token }),
      });
      expect(reply).toEqual({ status: 200, body: "" });
    }
    expect(recording.dispatched).toEqual([]);
    expect(recording.malformed).toEqual([]);
    expect(server.stats.unauthenticated).toBe(4);
  });

  it("C-HOOK-16: the 8 MiB cap holds by Content-Length and by bytes read, before authentication", async () => {
    const recording = recordingSink(async () => "{}");
    const server = await startWith(recording);
    const pad = "é".repeat(Math.floor((SPEC_HOOK_REQUEST_CAP - 40) / 2));
    const exact = JSON.stringify({ hook_event_name: "Stop", p: pad });
    const fitting = exact + " ".repeat(SPEC_HOOK_REQUEST_CAP - Buffer.byteLength(exact));
    expect(Buffer.byteLength(fitting)).toBe(SPEC_HOOK_REQUEST_CAP);
    const ok = await postAuthed(server, { body: fitting });
    expect(ok.body).toBe("{}");
    expect(recording.dispatched).toHaveLength(1);
    const over = `${fitting} `;
    for (const chunked of [false, true]) {
      const reply = await postAuthed(server, { body: over, chunked }).catch(() => ({
        status: 0,
        body: "",
      }));
      expect(reply.body).toBe("");
    }
    expect(recording.dispatched).toHaveLength(1);
    expect(server.stats.oversized).toBe(2);
    expect(server.stats.unauthenticated).toBe(0);
  });

  it("C-HOOK-16: malformed JSON fails open once, named by the route", async () => {
    const recording = recordingSink();
    const server = await startWith(recording);
    const reply = await postAuthed(server, {
      path: "/hooks/PreToolUse",
      body: '{"hook_event_name":',
    });
    expect(reply).toEqual({ status: 200, body: "" });
    expect(recording.dispatched).toEqual([]);
    expect(recording.malformed).toEqual([
      { eventName: "PreToolUse", message: expect.stringContaining("not valid JSON") },
    ]);
  });

  it("C-HOOK-16: a body the client abandons is never dispatched", async () => {
    const recording = recordingSink();
    const server = await startWith(recording);
    const head = `POST /hooks/Stop HTTP/1.1\r\nHost: x\r\n${HOOK_TOKEN_HEADER}: ${server.token}\r\nContent-Length: ${stopInput.length}\r\n\r\n`;
    await rawExchange({
      port: server.port,
      chunks: [head, stopInput.slice(0, 10)],
      timeoutMs: 100,
    });
    await expect.poll(() => server.stats.incomplete).toBe(1);
    expect(recording.dispatched).toEqual([]);
    expect(recording.malformed).toEqual([]);
  });

  it("answers anything but POST /hooks/<Event> with 404 and no dispatch", async () => {
    const recording = recordingSink();
    const server = await startWith(recording);
    for (const path of ["/", "/hooks/", "/hooks/Stop/x", "/hooks/a%20b", "/other/Stop"]) {
      const reply = await postAuthed(server, { path });
      expect(reply.status).toBe(404);
    }
    const get = await postAuthed(server, { body: "", method: "GET" });
    expect(get.status).toBe(404);
    expect(recording.dispatched).toEqual([]);
  });

  it("answers no decision on its own when the sink outlives the response deadline", async () => {
    const recording = recordingSink(() => new Promise(() => {}));
    const server = await startWith(recording, { responseDeadlineMs: 150 });
    const started = Date.now();
    const reply = await postAuthed(server);
    expect(reply).toEqual({ status: 200, body: "" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(server.stats.deadlineExpired).toBe(1);
  });

  it("tells the sink when nobody waits for its answer: a client that hangs up, the deadline, close()", async () => {
    const recording = recordingSink(() => new Promise(() => {}));
    const server = await startWith(recording, { responseDeadlineMs: 3_000 });
    const request = [
      "POST /hooks/Stop HTTP/1.1\r\n",
      `Host: 127.0.0.1\r\n${HOOK_TOKEN_HEADER}: ${server.token}\r\n`,
      `Content-Length: ${Buffer.byteLength(stopInput)}\r\n\r\n${stopInput}`,
    ];
    // The client gives up (as Claude does on an interrupt) before any answer.
    await rawExchange({ port: server.port, chunks: request, timeoutMs: 200 });
    await vi.waitFor(() => expect(recording.signals[0]?.aborted).toBe(true));
    // The outer deadline passes with the client still waiting.
    const late = await startWith(recording, { responseDeadlineMs: 150 });
    expect(await postAuthed(late)).toEqual({ status: 200, body: "" });
    expect(recording.signals[1]?.aborted).toBe(true);
    // The bridge closes under a waiting request.
    const open = postAuthed(server).catch(() => undefined);
    await vi.waitFor(() => expect(recording.signals).toHaveLength(3));
    expect(recording.signals[2]?.aborted).toBe(false);
    await server.close();
    await open;
    await vi.waitFor(() => expect(recording.signals[2]?.aborted).toBe(true));
  });

  it("an answered request's signal never aborts", async () => {
    const recording = recordingSink(async () => "{}");
    const server = await startWith(recording);
    expect((await postAuthed(server)).body).toBe("{}");
    await server.close();
    expect(recording.signals[0]?.aborted).toBe(false);
  });

  it("hangs up on bytes that are not HTTP and keeps serving", async () => {
    const recording = recordingSink(async () => "{}");
    const server = await startWith(recording);
    const garbage = await rawExchange({ port: server.port, chunks: ["\x00\x01GARBAGE\r\n\r\n"] });
    expect(garbage.closedByServer).toBe(true);
    expect(server.stats.badFrames).toBe(1);
    const reply = await postAuthed(server);
    expect(reply.body).toBe("{}");
  });

  it("close() is idempotent and drops open connections", async () => {
    const server = await startWith(recordingSink());
    const hanging = rawExchange({
      port: server.port,
      chunks: ["POST /hooks/Stop HTTP/1.1\r\n"],
      timeoutMs: 5000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const first = server.close();
    expect(server.close()).toBe(first);
    await first;
    expect((await hanging).closedByServer).toBe(true);
    await expect(
      postHook({ port: server.port, path: "/hooks/Stop", token: server.token, body: stopInput }),
    ).rejects.toThrow();
  });
});
