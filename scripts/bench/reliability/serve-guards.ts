// `elwood serve` stays local (issue 21 "Done when" 3), as a reliability row: with the
// right token, a foreign Host and a foreign Origin are refused on HTTP and on WebSocket
// upgrades, and none of it starts a session. A real server in this process on loopback;
// no agent is ever needed (the session cap's refusal is in test/e2e/serve-limits.test.ts).

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { startServe } from "../../../src/serve/index.js";
import type { Row } from "./types.js";

interface Reply {
  readonly status: number;
  readonly name: string | undefined;
  readonly body?: unknown;
}

function call(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}${options.path}`, {
      method: options.method,
      headers: options.headers,
    });
    outgoing.once("error", reject);
    outgoing.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => {
        text += part;
      });
      response.once("end", () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        const name = (body as { error?: { name?: string } } | undefined)?.error?.name;
        resolve({ status: response.statusCode ?? 0, name, body });
      });
    });
    outgoing.end(options.body);
  });
}

function upgrade(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const path = "/api/sessions/abc/terminal";
    const socket = new WebSocket(`${url.replace("http", "ws")}${path}`, { headers });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      socket.close();
      resolve(101);
    });
    socket.once("error", () => resolve(0));
  });
}

export async function serveStaysLocal(runs: number): Promise<Row> {
  const scenario = "serve: right token, foreign Host or Origin (HTTP and WebSocket)";
  const root = await mkdtemp(join(tmpdir(), "elwood-rel-serve-"));
  await writeFile(join(root, "index.html"), "<!doctype html><title>Elwood</title>");
  const server = await startServe({ webRoot: root, stateDir: join(root, "state") });
  let failures = 0;
  let firstFailure: string | undefined;
  const expect = (what: string, got: Reply | number, status: number, name?: string) => {
    const actual = typeof got === "number" ? { status: got, name } : got;
    if (actual.status === status && actual.name === name) return;
    failures += 1;
    firstFailure ??= `${what}: got ${actual.status} ${actual.name ?? ""}, wanted ${status} ${name ?? ""}`;
  };
  const token = server.token;
  const own = new URL(server.url).host;
  const start = JSON.stringify({ agent: "claude", cwd: root });
  let sessionsAfter = -1;
  try {
    for (let run = 0; run < runs; run += 1) {
      const authorized = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      expect(
        "foreign Host",
        await call(server.url, {
          method: "POST",
          path: "/api/sessions",
          headers: { ...authorized, host: `evil.example:${new URL(server.url).port}` },
          body: start,
        }),
        421,
        "host_not_allowed",
      );
      expect(
        "foreign Origin",
        await call(server.url, {
          method: "POST",
          path: "/api/sessions",
          headers: { ...authorized, host: own, origin: "http://evil.example" },
          body: start,
        }),
        403,
        "origin_not_allowed",
      );
      const bearer = { "sec-websocket-protocol": `elwood.terminal, elwood.bearer.${token}` };
      expect(
        "WebSocket, foreign Origin",
        await upgrade(server.url, { ...bearer, origin: "http://evil.example" }),
        403,
      );
      expect(
        "WebSocket, foreign Host",
        await upgrade(server.url, { ...bearer, host: "evil.example" }),
        421,
      );
    }
    const list = await call(server.url, {
      method: "GET",
      path: "/api/sessions",
      headers: { authorization: `Bearer ${token}`, host: own },
    });
    const sessions = (list.body as { sessions?: unknown[] } | undefined)?.sessions;
    sessionsAfter = Array.isArray(sessions) ? sessions.length : -1;
    if (sessionsAfter !== 0) {
      failures += 1;
      firstFailure ??= `the session list after the refusals: ${JSON.stringify(list.body)}`;
    }
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
  return {
    scenario,
    runs,
    failures,
    leaks: `${sessionsAfter} sessions listed after`,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}
