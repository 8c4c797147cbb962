// `elwood attach <id>` (issue 25, prd/cli.md "elwood attach"): this terminal taken over by
// a session live on a running `elwood serve`, through the server's terminal socket (no
// second PTY). The terminal side is the same takeover as `session.attach()`; this file
// finds the server, opens the socket and turns its frames and close codes into output,
// an ending and the exit status.
import type { Writable } from "node:stream";
import WebSocket from "ws";
import { ElwoodError } from "../../index.js";
import { parseDetachKey } from "../../terminal/takeover/detach-key.js";
import {
  type ElwoodAttachEnd,
  type TakeoverInput,
  type TakeoverOutput,
  TerminalTakeover,
  terminalSizeOf,
} from "../../terminal/takeover/terminal-takeover.js";
import { findServerFor, type ServerAddress } from "../discovery/find-server.js";
import { SocketScreen } from "./socket-screen.js";

export interface AttachIo {
  readonly stdin: TakeoverInput;
  readonly stdout: TakeoverOutput;
  readonly stderr: Writable;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface AttachRequest {
  readonly sessionId: string;
  /** Another server's URL; its token comes from ELWOOD_SERVE_TOKEN. */
  readonly url?: string;
  /** `ctrl-<key>`; ctrl-] by default. */
  readonly detachKey?: string;
  readonly readOnly: boolean;
}

/** Exit statuses: detached, and the session ended or the connection broke while attached. */
export const ATTACH_EXIT = { detached: 0, ended: 1 } as const;

/** Runs until detach or the session's end; resolves with the exit status. */
export async function runAttach(request: AttachRequest, io: AttachIo): Promise<number> {
  const detachKey = parseDetachKey(request.detachKey);
  if (io.stdin.isTTY !== true || io.stdout.isTTY !== true) {
    throw usage(
      "`elwood attach` needs a terminal on stdin and stdout; a script drives a session through the API instead (POST /api/sessions/:id/send, or the terminal socket).",
    );
  }
  const { server, session } = await findServerFor({
    sessionId: request.sessionId,
    url: request.url,
    env: io.env,
  });
  const screen = await openTerminalSocket(server, session.id, request.readOnly);
  const mode = request.readOnly ? ", read-only" : "";
  io.stderr.write(
    `elwood: attached to ${session.id} (${session.agent}${mode}); press ${detachKey.label} to detach.\n`,
  );
  const size = terminalSizeOf(io.stdout);
  if (
    request.readOnly &&
    size !== undefined &&
    (size.cols !== session.size.cols || size.rows !== session.size.rows)
  ) {
    io.stderr.write(
      `elwood: the session's screen is ${session.size.cols}×${session.size.rows} and this terminal ${size.cols}×${size.rows}; a read-only view does not resize it.\n`,
    );
  }
  const takeover = new TerminalTakeover({
    input: io.stdin,
    output: io.stdout,
    screen,
    detachKey,
    readOnly: request.readOnly,
  });
  const stopEnding = screen.onEnding((ending) => takeover.end(ending));
  // Raw mode from here on: each notice is a line of its own, carriage return included.
  const stopNotices = screen.onNotice((message) => io.stderr.write(`\r\nelwood: ${message}\r\n`));
  const onSignal = () => takeover.end({ reason: "detached", byKey: false });
  // Killed from outside (Ctrl-C itself is a key for the agent in raw mode): detach, so the
  // terminal is restored rather than left raw by a default signal death.
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const signal of signals) process.on(signal, onSignal);
  try {
    const end = await takeover.ended;
    io.stderr.write(`${describeEnd(end, session.id)}\n`);
    return end.reason === "detached" ? ATTACH_EXIT.detached : ATTACH_EXIT.ended;
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    stopEnding();
    stopNotices();
    screen.close();
  }
}

function describeEnd(end: ElwoodAttachEnd, sessionId: string): string {
  if (end.reason === "detached") {
    return `elwood: detached from ${sessionId}; it keeps running. Attach again with \`elwood attach ${sessionId}\`.`;
  }
  if (end.reason === "ended") return `elwood: ${end.message}`;
  return `elwood: the attachment failed: ${end.error.message}`;
}

// The socket, open; an upgrade the server refused is the same usage error as its API's.
async function openTerminalSocket(
  server: ServerAddress,
  sessionId: string,
  readOnly: boolean,
): Promise<SocketScreen> {
  const base = server.url.replace(/^http/, "ws");
  const url = `${base}/api/sessions/${encodeURIComponent(sessionId)}/terminal${readOnly ? "?mode=read-only" : ""}`;
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${server.token}` } });
  // Frames may come in the same read as the handshake: the screen keeps them from here.
  const screen = new SocketScreen(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) => {
      socket.terminate();
      reject(
        response.statusCode === 404
          ? usage(
              `Session ${sessionId} is no longer live on ${server.url}; \`elwood sessions\` marks the live ones.`,
            )
          : new ElwoodError(
              "session_not_running",
              `The server at ${server.url} refused the terminal socket (HTTP ${response.statusCode}).`,
            ),
      );
    });
    socket.once("error", (cause) =>
      reject(
        new ElwoodError(
          "session_not_running",
          `Could not open the terminal socket at ${server.url}: ${cause.message}`,
          { cause },
        ),
      ),
    );
  });
  return screen;
}

function usage(message: string): ElwoodError {
  return new ElwoodError("invalid_options", message, { details: { usage: true } });
}
