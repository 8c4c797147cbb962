// startServe(): the HTTP + WebSocket server over live sessions (README "elwood serve"),
// on loopback unless told otherwise. The page is one client of the same guarded API:
// every request and upgrade passes the RequestGuard (Host, Origin, token) and the
// connection cap; sessions are capped in the registry, request time in http-server.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer } from "ws";
import { createHookToken } from "../bridge/token.js";
import { ElwoodError, type ElwoodErrorName } from "../index.js";
import { decodeSegment, findRoute } from "./api-routes.js";
import { TERMINAL_SUBPROTOCOL } from "./auth.js";
import { ConnectionGate } from "./connection-gate.js";
import { rawErrorResponse, sendError } from "./http-io.js";
import { createHttpServer } from "./http-server.js";
import { normalizeServeOptions, type ServeOptions } from "./options.js";
import { SessionRegistry } from "./registry.js";
import { isUnspecifiedAddress, RequestGuard } from "./request-guard.js";
import { assetNameOf, serveAsset } from "./static-assets.js";
import { attachTerminalSocket } from "./terminal-socket.js";

export interface ServeHandle {
  /** Base URL, e.g. http://127.0.0.1:4173 (loopback when the server binds every interface). */
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

/** Refusals that leave the request body unread: the connection closes after the answer. */
const CLOSE_AFTER: readonly ElwoodErrorName[] = [
  "request_too_large",
  "unauthorized",
  "host_not_allowed",
  "origin_not_allowed",
  "connection_limit_reached",
];

export async function startServe(options: ServeOptions = {}): Promise<ServeHandle> {
  const settings = normalizeServeOptions(options);
  const token = settings.token ?? createHookToken();
  const registry = new SessionRegistry({
    defaults: {
      stateDir: settings.stateDir,
      env: settings.sessionEnv,
      approvalExpiryMs: settings.approvalExpiryMs,
    },
    maxSessions: settings.maxSessions,
  });
  const connections = new ConnectionGate(settings.maxConnections);
  const closers = new Set<() => void>();
  const onServerClose = (stop: () => void) => {
    closers.add(stop);
  };
  const { server, track } = createHttpServer(settings.requestTimeoutMs);
  server.on("connection", (socket: Socket) => connections.track(socket));

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
  const address = server.address() as AddressInfo;
  const guard = new RequestGuard({
    token,
    address: { host: settings.host, boundAddress: address.address, port: address.port },
  });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    connections.check(request.socket);
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    if (!url.pathname.startsWith("/api/")) {
      guard.admitPage(request.headers);
      const asset = assetNameOf(url.pathname);
      if (method !== "GET" || asset === undefined) throw routeNotFound(method, url.pathname);
      await serveAsset(response, settings.webRoot, asset);
      return;
    }
    guard.admitApi(request.headers);
    const found = findRoute(method, url.pathname);
    if (!("route" in found)) throw routeNotFound(method, url.pathname, found.allowed);
    const { id, subId } = found;
    await found.route.handle({ request, response, url, registry, id, subId, onServerClose });
  };

  // Attached once the port is known (the guard names it); the listen callback and this
  // continuation run before the event loop can accept a connection.
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    track(request, response);
    handle(request, response).catch((error: unknown) => {
      // The body was not read: close the connection after answering instead of draining it.
      if (ElwoodError.is(error, ...CLOSE_AFTER)) response.setHeader("connection", "close");
      sendError(response, error);
      if (!request.complete) request.resume();
    });
  });

  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: () => TERMINAL_SUBPROTOCOL,
  });
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    try {
      connections.check(socket);
      guard.admitApi(request.headers);
      const url = new URL(request.url ?? "/", "http://localhost");
      const match = TERMINAL_PATH.exec(url.pathname);
      if (match?.[1] === undefined) throw routeNotFound("GET", url.pathname);
      const readOnly = terminalMode(url.searchParams.get("mode"));
      const session = registry.get(decodeSegment(match[1]));
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const detach = attachTerminalSocket(ws, session, { readOnly });
        closers.add(detach);
        ws.on("close", () => closers.delete(detach));
      });
    } catch (error) {
      socket.end(rawErrorResponse(error));
    }
  });

  const port = address.port;
  const url = `http://${urlHostOf(settings.host)}:${port}`;
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
        connections.destroyAll();
        await stopped;
      })();
      return closing;
    },
  };
}

// `?mode=read-only` watches without typing (elwood attach --read-only); no mode takes over.
function terminalMode(mode: string | null): boolean {
  if (mode === null) return false;
  if (mode === "read-only") return true;
  throw new ElwoodError(
    "invalid_options",
    `The terminal socket's mode is "read-only" or absent; got ${JSON.stringify(mode.slice(0, 40))}.`,
  );
}

// A wildcard bind has no address of its own to print; loopback reaches it from here.
function urlHostOf(host: string): string {
  if (isUnspecifiedAddress(host)) return host.includes(":") ? "[::1]" : "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
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
