// GET /api/sessions/:id/events as Server-Sent Events. Each entry's SSE `id` is its log
// id, so a client reconnecting with `Last-Event-ID` (header, or `?after=` for clients
// that cannot set it) gets exactly the entries it missed, then live ones. When the ring
// already dropped some, a `gap` event says how many before the replay.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ElwoodError } from "../index.js";
import type { ServeEvent, SessionEventLog } from "./event-log.js";

const KEEPALIVE_MS = 15_000;

export function lastEventIdOf(request: IncomingMessage, url: URL): number {
  const raw = request.headers["last-event-id"] ?? url.searchParams.get("after") ?? "0";
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) {
    throw new ElwoodError(
      "invalid_options",
      `Last-Event-ID must be a whole number (an event id this server sent); got ${JSON.stringify(value)}.`,
    );
  }
  return Number(value.trim());
}

function frame(event: ServeEvent): string {
  const data = JSON.stringify({ id: event.id, at: event.at, type: event.type, data: event.data });
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${data}\n\n`;
}

/** Streams the log from `afterId` until the client goes away or `closed` fires. */
export function streamEvents(
  response: ServerResponse,
  log: SessionEventLog,
  afterId: number,
  onClose: (stop: () => void) => void,
): void {
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  response.write(": elwood events\n\n");
  const { events, missed } = log.since(afterId);
  if (missed > 0) {
    response.write(`event: gap\ndata: ${JSON.stringify({ missed, afterId })}\n\n`);
  }
  for (const event of events) response.write(frame(event));
  const unsubscribe = log.subscribe((event) => response.write(frame(event)));
  const keepalive = setInterval(() => response.write(": keepalive\n\n"), KEEPALIVE_MS);
  keepalive.unref();
  let stopOnLogClose: () => void = () => {};
  const stop = () => {
    unsubscribe();
    stopOnLogClose();
    clearInterval(keepalive);
    if (!response.writableEnded) response.end();
  };
  response.on("close", stop);
  onClose(stop);
  // A closed session's stream ends after everything it recorded was sent.
  stopOnLogClose = log.onClose(stop);
}
