// `elwood serve` request handling without any agent (issue 14 "Done when" 3, the part
// that needs no live session): the token guard, typed JSON errors for malformed JSON,
// unknown ids, oversized bodies and bad fields, and the page's static files; and (issue
// 21 "Done when" 3) the Host and Origin checks and the connection and request-time caps.

import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { ELWOOD_ERROR_NAMES } from "../../../src/error-names.js";
import { type ServeHandle, startServe } from "../../../src/serve/index.js";
import { ServeClient } from "../../support/serve-client.js";

let server: ServeHandle;
let client: ServeClient;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "elwood-serve-it-"));
  await writeFile(join(root, "index.html"), "<!doctype html><title>Elwood</title>");
  server = await startServe({ webRoot: root, stateDir: join(root, "state") });
  client = new ServeClient(server.url, server.token);
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

function expectTypedError(reply: { status: number; body: Record<string, unknown> }, name: string) {
  const error = reply.body.error as { name: string; message: string } | undefined;
  expect(error?.name).toBe(name);
  expect(ELWOOD_ERROR_NAMES).toContain(error?.name);
  expect(error?.message.length).toBeGreaterThan(10);
}

function upgradeStatus(
  path: string,
  headers: Record<string, string>,
  on: ServeHandle = server,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${on.url.replace("http", "ws")}${path}`, { headers });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      socket.close();
      reject(new Error("the upgrade was accepted"));
    });
    socket.once("error", () => undefined);
  });
}

describe("elwood serve: the token guard", () => {
  test("the printed page URL binds loopback and carries the token in its fragment", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.pageUrl).toBe(`${server.url}/#token=${server.token}`);
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
  });

  test("requests without the token or with a wrong one get 401 and never start a session", async () => {
    const start = { agent: "claude", cwd: root };
    for (const token of ["", "0".repeat(64), `${server.token}x`]) {
      expectTypedError(await client.call("POST", "/api/sessions", start, token), "unauthorized");
      expect((await client.call("GET", "/api/sessions", undefined, token)).status).toBe(401);
      const send = await client.call("POST", "/api/sessions/x/send", { text: "hi" }, token);
      expect(send.status).toBe(401);
    }
    const lowercase = await fetch(`${server.url}/api/sessions`, {
      headers: { authorization: `bearer ${server.token}` },
    });
    expect(lowercase.status).toBe(200);
    expect((await client.call("GET", "/api/sessions")).body).toEqual({ sessions: [] });
    // Nothing was opened, so no state dir was ever created.
    await expect(stat(join(root, "state"))).rejects.toThrow();
  });

  test("the terminal socket refuses an upgrade without the token (401) or for an unknown id (404)", async () => {
    expect(await upgradeStatus("/api/sessions/abc/terminal", {})).toBe(401);
    const wrong = { "sec-websocket-protocol": `elwood.terminal, elwood.bearer.${"1".repeat(64)}` };
    expect(await upgradeStatus("/api/sessions/abc/terminal", wrong)).toBe(401);
    const authed = { authorization: `Bearer ${server.token}` };
    expect(await upgradeStatus("/api/sessions/abc/terminal", authed)).toBe(404);
    const subprotocol = {
      "sec-websocket-protocol": `elwood.terminal, elwood.bearer.${server.token}`,
    };
    expect(await upgradeStatus("/api/sessions/abc/terminal", subprotocol)).toBe(404);
    expect(await upgradeStatus("/api/elsewhere", authed)).toBe(404);
  });
});

describe("elwood serve: typed JSON errors", () => {
  test("malformed JSON and non-object bodies are invalid_options (400)", async () => {
    for (const body of ["{bad", "[1,2]", '"text"', "null", '{"agent":']) {
      const reply = await client.call("POST", "/api/sessions", body);
      expect(reply.status).toBe(400);
      expectTypedError(reply, "invalid_options");
    }
  });

  test("bad fields name the field, what was expected and what came (400)", async () => {
    const cases: [string, unknown, string][] = [
      ["/api/sessions", { agent: "gpt", cwd: root }, "`agent`"],
      ["/api/sessions", { agent: "claude", cwd: "relative/dir" }, "`cwd`"],
      ["/api/sessions", { agent: "codex", cwd: root, autotrust: "yes" }, "`autotrust`"],
      ["/api/sessions", { agent: "codex", cwd: root, resume: 42 }, "`resume`"],
    ];
    for (const [path, body, field] of cases) {
      const reply = await client.call("POST", path, body);
      expect(reply.status).toBe(400);
      expectTypedError(reply, "invalid_options");
      expect((reply.body.error as { message: string }).message).toContain(field);
    }
  });

  test("unknown session ids are session_not_found (404) on every session route", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/sessions/no-such-id"],
      ["DELETE", "/api/sessions/no-such-id"],
      ["POST", "/api/sessions/no-such-id/send", { text: "hello" }],
      ["POST", "/api/sessions/no-such-id/interrupt"],
      ["POST", "/api/sessions/no-such-id/resize", { cols: 80, rows: 24 }],
      ["GET", "/api/sessions/no-such-id/screen"],
      ["GET", "/api/sessions/no-such-id/events"],
    ];
    for (const [method, path, body] of calls) {
      const reply = await client.call(method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(404);
      expectTypedError(reply, "session_not_found");
    }
  });

  // Send is the one route with a larger bound (base64 images ride in it); see request-body.ts.
  test("bodies over 1 MiB are request_too_large (413), declared or streamed", async () => {
    const big = JSON.stringify({ cwd: "x".repeat(1024 * 1024 + 10) });
    const reply = await client.call("POST", "/api/sessions", big);
    expect(reply.status).toBe(413);
    expectTypedError(reply, "request_too_large");
    const chunked = await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}` },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await client.call("GET", "/api/sessions")).status).toBe(200);
  });

  test("unknown routes and wrong methods are route_not_found (404)", async () => {
    const wrongMethod = await client.call("PUT", "/api/sessions");
    expect(wrongMethod.status).toBe(404);
    expectTypedError(wrongMethod, "route_not_found");
    expect((wrongMethod.body.error as { message: string }).message).toContain("GET, POST");
    expectTypedError(await client.call("GET", "/api/nothing"), "route_not_found");
  });
});

describe("elwood serve: the page's files", () => {
  test("the page loads without the token, with a strict content security policy", async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Elwood</title>");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    for (const path of [
      "/assets/..%2fpackage.json",
      "/assets/.hidden.js",
      "/etc/passwd",
      "/assets/x.exe",
    ]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});

interface RawReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** One request with headers fetch() will not let a caller set (Host), on its own socket. */
function rawRequest(
  on: ServeHandle,
  options: { method?: string; path: string; headers: Record<string, string>; body?: string },
): Promise<RawReply> {
  const { port } = new URL(on.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = { unparsed: text };
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

describe("elwood serve: local by default (Host and Origin)", () => {
  const own = () => new URL(server.url).host;

  test("a foreign Host gets host_not_allowed (421), on the API and the page, token or not; nothing starts", async () => {
    const start = JSON.stringify({ agent: "claude", cwd: root });
    for (const host of [
      "rebound.example:80",
      `evil.example:${new URL(server.url).port}`,
      "0.0.0.0",
    ]) {
      const api = await rawRequest(server, {
        method: "POST",
        path: "/api/sessions",
        headers: {
          host,
          authorization: `Bearer ${server.token}`,
          "content-type": "application/json",
        },
        body: start,
      });
      expect(api.status, host).toBe(421);
      expectTypedError(api, "host_not_allowed");
      const page = await rawRequest(server, { path: "/", headers: { host } });
      expect(page.status, host).toBe(421);
      expectTypedError(page, "host_not_allowed");
    }
    const ours = await rawRequest(server, {
      path: "/api/sessions",
      headers: { host: own(), authorization: `Bearer ${server.token}` },
    });
    expect(ours).toEqual({ status: 200, body: { sessions: [] } });
    await expect(stat(join(root, "state"))).rejects.toThrow();
  });

  test("a browser Origin other than the page's own gets origin_not_allowed (403); nothing starts", async () => {
    const start = JSON.stringify({ agent: "claude", cwd: root });
    for (const origin of ["http://evil.example", "null", `http://localhost:${server.port}`]) {
      const reply = await rawRequest(server, {
        method: "POST",
        path: "/api/sessions",
        headers: {
          host: own(),
          origin,
          authorization: `Bearer ${server.token}`,
          "content-type": "application/json",
        },
        body: start,
      });
      expect(reply.status, origin).toBe(403);
      expectTypedError(reply, "origin_not_allowed");
    }
    const sameOrigin = await rawRequest(server, {
      path: "/api/sessions",
      headers: { host: own(), origin: server.url, authorization: `Bearer ${server.token}` },
    });
    expect(sameOrigin.status).toBe(200);
    await expect(stat(join(root, "state"))).rejects.toThrow();
  });

  test("a WebSocket upgrade with a foreign Origin or Host is refused, even with the token", async () => {
    const path = "/api/sessions/abc/terminal";
    const token = { "sec-websocket-protocol": `elwood.terminal, elwood.bearer.${server.token}` };
    expect(await upgradeStatus(path, { ...token, origin: "http://evil.example" })).toBe(403);
    expect(await upgradeStatus(path, { ...token, origin: "null" })).toBe(403);
    expect(await upgradeStatus(path, { ...token, host: "evil.example" })).toBe(421);
    // The page's own origin, and no Origin (a program), pass the checks to the session lookup.
    expect(await upgradeStatus(path, { ...token, origin: server.url })).toBe(404);
    expect(await upgradeStatus(path, { authorization: `Bearer ${server.token}` })).toBe(404);
  });
});

describe("elwood serve: connection and request-time caps", () => {
  let limited: ServeHandle;
  const open: Socket[] = [];

  beforeAll(async () => {
    limited = await startServe({
      webRoot: root,
      stateDir: join(root, "limited-state"),
      maxConnections: 2,
      requestTimeoutMs: 600,
    });
  });

  afterAll(async () => {
    for (const socket of open) socket.destroy();
    await limited.close();
  });

  /** A connection that sent one complete keep-alive request and stays open. */
  async function keptAlive(): Promise<Socket> {
    const socket = connect(limited.port, "127.0.0.1");
    open.push(socket);
    const answered = new Promise<string>((resolve) => {
      socket.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8")));
    });
    socket.write(`GET / HTTP/1.1\r\nHost: ${new URL(limited.url).host}\r\n\r\n`);
    expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
    return socket;
  }

  /** Writes `text` on a fresh socket and returns everything the server sent before closing. */
  function exchange(write: (socket: Socket) => void): Promise<{ reply: string; ms: number }> {
    const socket = connect(limited.port, "127.0.0.1");
    open.push(socket);
    const started = Date.now();
    let reply = "";
    socket.on("data", (chunk: Buffer) => {
      reply += chunk.toString("utf8");
    });
    socket.on("connect", () => write(socket));
    return new Promise((resolve) => {
      socket.on("close", () => resolve({ reply, ms: Date.now() - started }));
      socket.on("error", () => undefined);
    });
  }

  /** True once a one-off request is admitted again (closed sockets leave the count). */
  async function admittedWithin(timeoutMs: number): Promise<boolean> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
      const reply = await fetch(`${limited.url}/api/sessions`, {
        headers: { authorization: `Bearer ${limited.token}`, connection: "close" },
      });
      await reply.arrayBuffer();
      if (reply.status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  function jsonOf(reply: string): Record<string, unknown> {
    return JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4)) as Record<string, unknown>;
  }

  test("past maxConnections, HTTP and upgrades get connection_limit_reached (503); a closed one frees its place", async () => {
    const first = await keptAlive();
    await keptAlive();
    const refused = await fetch(`${limited.url}/api/sessions`, {
      headers: { authorization: `Bearer ${limited.token}` },
    });
    expect(refused.status).toBe(503);
    expectTypedError(
      { status: 503, body: (await refused.json()) as Record<string, unknown> },
      "connection_limit_reached",
    );
    const upgrade = { authorization: `Bearer ${limited.token}` };
    expect(await upgradeStatus("/api/sessions/abc/terminal", upgrade, limited)).toBe(503);

    first.destroy();
    expect(await admittedWithin(5_000)).toBe(true);
    for (const socket of open.splice(0)) socket.destroy();
  });

  test("a body or headers sent too slowly get request_timeout (408), authenticated or not", async () => {
    expect(await admittedWithin(5_000)).toBe(true); // the last test's sockets are gone
    const host = new URL(limited.url).host;
    const slowBody = await exchange((socket) => {
      socket.write(
        `POST /api/sessions HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${limited.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"agent":`,
      );
    });
    expect(slowBody.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonOf(slowBody.reply)).toMatchObject({ error: { name: "request_timeout" } });
    expect(slowBody.ms).toBeLessThan(5_000);

    const slowHeaders = await exchange((socket) => {
      socket.write(`GET /api/sessions HTTP/1.1\r\nHost: ${host}\r\n`);
    });
    expect(slowHeaders.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonOf(slowHeaders.reply)).toMatchObject({ error: { name: "request_timeout" } });

    // A connection that never sends a byte is closed without an answer.
    const silent = await exchange(() => undefined);
    expect(silent.reply).toBe("");
    expect(silent.ms).toBeLessThan(5_000);
    await expect(stat(join(root, "limited-state"))).rejects.toThrow();
  });

  test("a send to an unknown session is answered before its body is read", async () => {
    const host = new URL(limited.url).host;
    const early = await exchange((socket) => {
      socket.write(
        `POST /api/sessions/nope/send HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${limited.token}\r\nContent-Length: 50000000\r\n\r\n{"text":`,
      );
    });
    expect(early.reply).toMatch(/^HTTP\/1\.1 404 /);
    expect(jsonOf(early.reply)).toMatchObject({ error: { name: "session_not_found" } });
  });
});
