// `elwood serve` request handling without any agent (issue 14 "Done when" 3, the part
// that needs no live session): the token guard, typed JSON errors for malformed JSON,
// unknown ids, oversized bodies and bad fields, and the page's static files.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
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

function upgradeStatus(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace("http", "ws")}${path}`, { headers });
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

  // Send is the one route with a larger bound (base64 images ride in it); see http-io.ts.
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
