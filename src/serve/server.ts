// startServe(): the loopback HTTP + WebSocket server over live sessions (README
// "elwood serve"). The page is one client of the same token-guarded API.
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer } from "ws";
import { createHookToken } from "../bridge/token.js";
import { ElwoodError } from "../index.js";
import { findRoute } from "./api-routes.js";
import { BearerAuth, TERMINAL_SUBPROTOCOL } from "./auth.js";
import { sendError, statusOf } from "./http-io.js";
import { normalizeServeOptions, type ServeOptions } from "./options.js";
import { SessionRegistry } from "./registry.js";
import { assetNameOf, serveAsset } from "./static-assets.js";
import { attachTerminalSocket } from "./terminal-socket.js";

export interface ServeHandle {
  /** Base URL, e.g. http://127.0.0.1:4173 */
  readonly url: string;
  /** The page's URL with the token in its fragment (what the command prints). */
  readonly pageUrl: string;
  readonly port: number;
  readonly token: string;
  readonly registry: SessionRegistry;
  /**
   * Closes every session (graceful stop; `force` kills at once), stream and socket, then
   * the server. Idempotent.
   */
  close(options?: { readonly force?: boolean }): Promise<void>;
}

const TERMINAL_PATH = /^\/api\/sessions\/([^/]{1,200})\/terminal$/;

export async function startServe(options: ServeOptions = {}): Promise<ServeHandle> {
  const settings = normalizeServeOptions(options);
  const token = settings.token ?? createHookToken();
  const auth = new BearerAuth(token);
  const registry = new SessionRegistry({ stateDir: settings.stateDir, env: settings.sessionEnv });
  const closers = new Set<() => void>();
  const onServerClose = (stop: () => void) => {
    closers.add(stop);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    if (!url.pathname.startsWith("/api/")) {
      const asset = assetNameOf(url.pathname);
      if (method !== "GET" || asset === undefined) throw routeNotFound(method, url.pathname);
      await serveAsset(response, settings.webRoot, asset);
      return;
    }
    auth.check(request.headers);
    const found = findRoute(method, url.pathname);
    if (!("route" in found)) throw routeNotFound(method, url.pathname, found.allowed);
    await found.route.handle({ request, response, url, registry, id: found.id, onServerClose });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (ElwoodError.is(error, "request_too_large", "unauthorized")) {
        // The body was not read: close the connection after answering instead of draining it.
        response.setHeader("connection", "close");
      }
      sendError(response, error);
      if (!request.complete) request.resume();
    });
  });
  server.requestTimeout = 0; // `send` waits for a whole turn, and SSE streams stay open
  server.headersTimeout = 30_000;

  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: () => TERMINAL_SUBPROTOCOL,
  });
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    try {
      const url = new URL(request.url ?? "/", "http://localhost");
      const match = TERMINAL_PATH.exec(url.pathname);
      if (match?.[1] === undefined) throw routeNotFound("GET", url.pathname);
      auth.check(request.headers);
      const session = registry.get(decodeURIComponent(match[1]));
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const detach = attachTerminalSocket(ws, session);
        closers.add(detach);
        ws.on("close", () => closers.delete(detach));
      });
    } catch (error) {
      refuseUpgrade(socket, error);
    }
  });
  const tracked = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    tracked.add(socket);
    socket.on("close", () => tracked.delete(socket));
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((cause: unknown) => {
    throw new ElwoodError(
      "invalid_options",
      `Could not listen on ${settings.host}:${settings.port}; pick another --port or --host.`,
      { cause, details: { host: settings.host, port: settings.port } },
    );
  });

  const port = (server.address() as AddressInfo).port;
  const hostForUrl = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  const url = `http://${hostForUrl}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    pageUrl: `${url}/#token=${token}`,
    port,
    token,
    registry,
    close(closeOptions = {}) {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const close of [...closers]) close();
        closers.clear();
        await registry.closeAll(closeOptions);
        sockets.close();
        for (const socket of tracked) socket.destroy();
        await stopped;
      })();
      return closing;
    },
  };
}

function routeNotFound(method: string, pathname: string, allowed: readonly string[] = []) {
  const hint =
    allowed.length > 0
      ? `${pathname} accepts ${allowed.join(", ")}, not ${method}.`
      : "See the README's API list.";
  return new ElwoodError("route_not_found", `No route for ${method} ${pathname}. ${hint}`, {
    details: { method, path: pathname.slice(0, 200) },
  });
}

function refuseUpgrade(socket: Socket, error: unknown): void {
  const typed = error instanceof ElwoodError ? error : undefined;
  const status = typed ? statusOf(typed) : 400;
  const body = JSON.stringify({
    error: { name: typed?.name ?? "invalid_options", message: typed?.message ?? "Bad upgrade." },
  });
  const reason = STATUS_CODES[status] ?? "Error";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
