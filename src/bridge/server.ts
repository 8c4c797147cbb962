// HookBridgeServer: one loopback HTTP endpoint per live session. `POST /hooks/<Event>`
// with the per-launch token header; the 8 MiB cap is applied before authentication and
// parsing; anything unauthenticated, oversized or incomplete is answered with "no
// decision" and never dispatched (prd/internals.md "bridge/", prd/bridge.md).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { ElwoodError } from "../errors.js";
import type { HookAbandonReason } from "./catalogue.js";
import type { HookRequestSink } from "./dispatcher.js";
import {
  HOOK_CLIENT_PID_HEADER,
  HOOK_EVENT_NAME_PATTERN,
  HOOK_PORT_ENV,
  HOOK_ROUTE_PREFIX,
  HOOK_TOKEN_ENV,
  HOOK_TOKEN_HEADER,
  MAX_HOOK_REQUEST_BYTES,
  SERVER_DEADLINE_MARGIN_MS,
} from "./limits.js";
import { identifyPeer, type PeerIdentity, type PeerPolicy } from "./peer/identify.js";
import { readCappedBody } from "./request-body.js";
import { createHookStats, type HookBridgeStats, type MutableHookBridgeStats } from "./stats.js";
import { createHookToken, isTokenMatch } from "./token.js";

export interface HookBridgeServerOptions {
  /** Where authenticated, complete, JSON requests go (normally a HookDispatcher). */
  readonly sink: HookRequestSink;
  /** Byte cap on one request body; default 8 MiB. */
  readonly maxRequestBytes?: number;
  /** Hard deadline for answering a dispatched request; default the event's deadline + 1 s. */
  readonly responseDeadlineMs?: number;
}

/** The environment a CLI needs to reach this bridge (never written to disk). */
// A type alias (not an interface) so it spreads into NodeJS.ProcessEnv-like records.
export type HookBridgeEnvironment = {
  readonly ELWOOD_HOOK_PORT: string;
  readonly ELWOOD_HOOK_TOKEN: string;
};

export class HookBridgeServer {
  readonly port: number;
  readonly token: string;
  readonly url: string;
  readonly #server: Server;
  readonly #expectedToken: Buffer;
  readonly #sink: HookRequestSink;
  readonly #maxRequestBytes: number;
  readonly #responseDeadlineMs: number | undefined;
  readonly #sockets = new Set<Socket>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #stats: MutableHookBridgeStats = createHookStats();
  // One identification per connection: Claude's http hooks reuse a keep-alive socket.
  readonly #peers = new WeakMap<Socket, Promise<PeerIdentity>>();
  #peerPolicy: PeerPolicy | undefined;
  #conversation: ConversationGuard | undefined;
  // Every conversation id the session has announced, so a forged announcement can add an
  // id but never make the real conversation's hooks look foreign.
  readonly #knownConversations = new Set<string>();
  #closing: Promise<void> | undefined;

  private constructor(server: Server, token: string, options: HookBridgeServerOptions) {
    this.#server = server;
    this.token = token;
    this.#expectedToken = Buffer.from(token, "utf8");
    this.#sink = options.sink;
    this.#maxRequestBytes = options.maxRequestBytes ?? MAX_HOOK_REQUEST_BYTES;
    this.#responseDeadlineMs = options.responseDeadlineMs;
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
  }

  /** Listen on 127.0.0.1 with an OS-chosen port and a fresh token. */
  static async start(options: HookBridgeServerOptions): Promise<HookBridgeServer> {
    const server = createServer({ noDelay: true });
    // Slow or stalled writers must not hold sockets forever.
    server.headersTimeout = 10_000;
    server.requestTimeout = 60_000;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen({ host: "127.0.0.1", port: 0, exclusive: true }, () => {
          server.off("error", reject);
          resolve();
        });
      });
    } catch (cause) {
      throw new ElwoodError(
        "hook_bridge_failed",
        "Could not listen on 127.0.0.1 for the hook bridge. Check that loopback networking is available.",
        { cause },
      );
    }
    const bridge = new HookBridgeServer(server, createHookToken(), options);
    bridge.#attach();
    return bridge;
  }

  /** Counters for tests and diagnostics; never carries request content. */
  get stats(): HookBridgeStats {
    return { ...this.#stats };
  }

  /** `{ ELWOOD_HOOK_PORT, ELWOOD_HOOK_TOKEN }` for the CLI's environment. */
  environment(): HookBridgeEnvironment {
    return { [HOOK_PORT_ENV]: String(this.port), [HOOK_TOKEN_ENV]: this.token };
  }

  /**
   * From now on, admit an authenticated request only from the process meant to send it:
   * the CLI itself for http events, the CLI's own run of the command client for command
   * events (Linux; elsewhere, and where /proc cannot tell, the token alone decides).
   */
  admitOnlyPeersOf(policy: PeerPolicy): void {
    this.#peerPolicy = policy;
  }

  /**
   * From now on, refuse a hook whose `session_id` names a conversation the session never
   * announced (once it has announced one); `announcedBy` events introduce new ids.
   */
  expectConversation(guard: ConversationGuard): void {
    this.#conversation = guard;
  }

  /** Stop listening and drop every open connection. Idempotent. */
  close(): Promise<void> {
    if (this.#closing !== undefined) return this.#closing;
    this.#closing = new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      for (const timer of this.#timers) clearTimeout(timer);
      this.#timers.clear();
      for (const socket of this.#sockets) socket.destroy();
      this.#sockets.clear();
    });
    return this.#closing;
  }

  #attach(): void {
    this.#server.on("connection", (socket: Socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
    });
    // Garbage that is not HTTP at all: count it and hang up; nothing else to say.
    this.#server.on("clientError", (_error, socket: Socket) => {
      this.#stats.badFrames += 1;
      socket.destroy();
    });
    this.#server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      this.#handle(request, response).catch(() => {
        this.#stats.bridgeFailures += 1;
        reply(response, 200, undefined);
      });
    });
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.#stats.received += 1;
    const isAuthenticated = isTokenMatch(this.#expectedToken, request.headers[HOOK_TOKEN_HEADER]);
    const eventName = routeEventName(request);
    // The peer is identified while the body arrives; nothing is dispatched before both.
    const admitted =
      isAuthenticated && eventName !== undefined
        ? this.#isAdmittedPeer(request.socket, eventName, claimedPid(request))
        : undefined;
    const read = await readCappedBody(request, this.#maxRequestBytes, isAuthenticated);
    if (read.kind === "incomplete") {
      this.#stats.incomplete += 1;
      return;
    }
    if (read.kind === "oversized") {
      this.#stats.oversized += 1;
      replyAndHangUp(response);
      return;
    }
    // The size verdict above comes first; only then does the token decide.
    if (!isAuthenticated) {
      this.#stats.unauthenticated += 1;
      reply(response, 200, undefined);
      return;
    }
    if (eventName === undefined || admitted === undefined) {
      this.#stats.unrouted += 1;
      reply(response, 404, undefined);
      return;
    }
    if (!(await admitted)) {
      this.#stats.foreignPeer += 1;
      replyAndHangUp(response);
      return;
    }
    let input: unknown;
    try {
      input = JSON.parse(read.body.toString("utf8"));
    } catch {
      this.#stats.malformed += 1;
      this.#sink.reportMalformed(eventName, `${eventName} hook input is not valid JSON`);
      reply(response, 200, undefined);
      return;
    }
    if (!this.#isKnownConversation(eventName, input)) {
      this.#stats.foreignSession += 1;
      reply(response, 200, undefined);
      return;
    }
    this.#stats.dispatched += 1;
    if (this.#sink.isObserveOnly?.(eventName) === true) {
      // The CLI was told not to wait (Claude's http entry for an observe-only event waits
      // all the same): it gets no decision at once, and the listeners and handlers see the
      // event after. Whatever the handler returns is the dispatcher's to report.
      reply(response, 200, undefined);
      const unanswered = new AbortController();
      await this.#withinDeadline(
        this.#sink.dispatch(input, eventName, unanswered.signal),
        this.#responseDeadlineFor(eventName),
        unanswered,
      );
      return;
    }
    // The connection closing before the answer was written means the CLI stopped waiting
    // (an interrupt, its own hook timeout) or the bridge closed: the handler is told.
    const abandoned = new AbortController();
    const onClose = () => {
      if (response.writableFinished) return;
      const reason: HookAbandonReason =
        this.#closing === undefined ? "request_ended" : "bridge_closed";
      abandoned.abort(reason);
    };
    response.once("close", onClose);
    const body = await this.#withinDeadline(
      this.#sink.dispatch(input, eventName, abandoned.signal),
      this.#responseDeadlineFor(eventName),
      abandoned,
    );
    reply(response, 200, body);
  }

  async #isAdmittedPeer(
    socket: Socket,
    eventName: string,
    claimedPid: number | undefined,
  ): Promise<boolean> {
    const policy = this.#peerPolicy;
    if (policy === undefined) return true;
    let pending = this.#peers.get(socket);
    if (pending === undefined) {
      this.#stats.peerChecks += 1;
      const address = { localPort: socket.localPort ?? 0, remotePort: socket.remotePort ?? 0 };
      pending = identifyPeer(policy, address, eventName, claimedPid).then(
        (peer) => {
          if (peer.kind === "client" && peer.isClaimVerified) this.#stats.peerClaimsVerified += 1;
          return peer;
        },
        (): PeerIdentity => ({ kind: "foreign" }),
      );
      this.#peers.set(socket, pending);
    }
    const peer = await pending;
    switch (peer.kind) {
      case "unavailable":
        this.#stats.peerUnchecked += 1;
        return true;
      case "cli":
        return true;
      case "client":
        // A client run for one event speaks for that event only.
        return peer.eventName === eventName;
      case "foreign":
        return false;
    }
  }

  #isKnownConversation(eventName: string, input: unknown): boolean {
    const guard = this.#conversation;
    if (guard === undefined) return true;
    const current = guard.id();
    if (current !== undefined) this.#knownConversations.add(current);
    if (eventName === guard.announcedBy || this.#knownConversations.size === 0) return true;
    const id = (guard.sessionIdOf ?? sessionIdOf)(input);
    // No string id: the catalogue rejects the input as invalid, without a dispatch.
    return id === undefined || this.#knownConversations.has(id);
  }

  #responseDeadlineFor(eventName: string): number {
    if (this.#responseDeadlineMs !== undefined) return this.#responseDeadlineMs;
    const handlerMs = this.#sink.hookTimeoutMsFor?.(eventName) ?? this.#sink.hookTimeoutMs;
    return handlerMs + SERVER_DEADLINE_MARGIN_MS;
  }

  // The outer guarantee: whatever the sink does, the client is answered in time.
  #withinDeadline(
    pending: Promise<string | undefined>,
    deadlineMs: number,
    abandoned: AbortController,
  ): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        this.#stats.deadlineExpired += 1;
        abandoned.abort("deadline" satisfies HookAbandonReason);
        resolve(undefined);
      }, deadlineMs);
      this.#timers.add(timer);
      const settle = (body: string | undefined): void => {
        clearTimeout(timer);
        this.#timers.delete(timer);
        resolve(body);
      };
      pending.then(settle, () => settle(undefined));
    });
  }
}

/** How the server learns the session's conversation id (the agent's own session id). */
export interface ConversationGuard {
  /** The id the session announced last, or undefined before any. */
  readonly id: () => string | undefined;
  /** The event that announces a (new) conversation id: SessionStart. */
  readonly announcedBy: string;
  /** Reads a raw input's conversation id; default its `session_id` field. */
  readonly sessionIdOf?: (input: unknown) => string | undefined;
}

function sessionIdOf(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  const id = (input as { session_id?: unknown }).session_id;
  return typeof id === "string" ? id : undefined;
}

/** `POST /hooks/<EventName>` → the event name; anything else → undefined. */
function routeEventName(request: IncomingMessage): string | undefined {
  if (request.method !== "POST" || request.url === undefined) return undefined;
  if (!request.url.startsWith(HOOK_ROUTE_PREFIX)) return undefined;
  const name = request.url.slice(HOOK_ROUTE_PREFIX.length);
  return HOOK_EVENT_NAME_PATTERN.test(name) ? name : undefined;
}

function reply(response: ServerResponse, status: number, body: string | undefined): void {
  if (response.headersSent || response.destroyed) return;
  const text = body ?? "";
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

// An oversized sender may still be writing: answer "no decision", then cut it off.
function replyAndHangUp(response: ServerResponse): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(200, { "content-length": 0, connection: "close" });
  response.end(() => response.socket?.destroy());
}

/** The pid a command client names for itself, if the header holds one (a claim only). */
function claimedPid(request: IncomingMessage): number | undefined {
  const value = request.headers[HOOK_CLIENT_PID_HEADER];
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  return Number(value);
}
