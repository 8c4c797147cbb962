// The bare HTTP server under `elwood serve`, with the request-time limits (prd/serve.md
// "Limits"): every client, authenticated or not, has `requestTimeoutMs` to send a whole
// request and a third of that (at most 20 s) for its headers, else `request_timeout`
// (408). A request that is complete waits as long as its answer takes: a `send` lasts a
// whole turn and an SSE stream stays open.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { ElwoodError } from "../index.js";
import { rawErrorResponse, sendError } from "./http-io.js";

export interface HttpServerParts {
  readonly server: Server;
  /** Records the request a connection is answering, for the timeout reply. */
  readonly track: (request: IncomingMessage, response: ServerResponse) => void;
}

export function createHttpServer(requestTimeoutMs: number): HttpServerParts {
  const server = createServer({
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(20_000, Math.ceil(requestTimeoutMs / 3)),
    // Node checks the deadlines every 30 s by default; a 408 should come near its time.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(requestTimeoutMs / 4))),
  });
  const current = new WeakMap<Duplex, { request: IncomingMessage; response: ServerResponse }>();
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    answerClientError(error, socket, current.get(socket), requestTimeoutMs);
  });
  return {
    server,
    track: (request, response) => current.set(request.socket, { request, response }),
  };
}

function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  current: { request: IncomingMessage; response: ServerResponse } | undefined,
  requestTimeoutMs: number,
): void {
  const isTimeout = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  const reply = isTimeout
    ? new ElwoodError(
        "request_timeout",
        `The request was not received whole within ${requestTimeoutMs} ms; send it faster, or in smaller parts.`,
        { details: { timeoutMs: requestTimeoutMs } },
      )
    : new ElwoodError("invalid_options", "The request is not valid HTTP/1.1.");
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  if (current !== undefined && !current.request.complete) {
    // A handler is reading this request's body: answer through its response, once.
    if (current.response.headersSent) {
      socket.destroy();
      return;
    }
    current.response.setHeader("connection", "close");
    sendError(current.response, reply);
    return;
  }
  // A connection that never sent a byte is simply closed.
  if (isTimeout && socket instanceof Socket && socket.bytesRead === 0) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(reply));
}
