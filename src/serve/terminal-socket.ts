// GET /api/sessions/:id/terminal upgraded to a WebSocket (prd/serve.md "Terminal socket"):
// server → client binary frames are raw PTY output (the terminal's 128 KB replay first,
// then live bytes) and text frames are JSON notices (`exit`, `error`); client → server
// binary frames are raw keys for the PTY (human takeover), text frames are JSON
// `{ "type": "resize", cols, rows }` or `{ "type": "input", "data": "…" }`. A read-only
// connection (`?mode=read-only`, `elwood attach --read-only`) gets the same output, and
// every frame it sends is refused here, whatever the client does (`unauthorized` notice).
// Keys that arrive before the session's first ready are held until then (notices
// `starting`, `ready`, `held_keys_dropped`, `keys_refused`; startup-key-hold.ts).
import type { RawData, WebSocket } from "ws";
import { ElwoodError, type ElwoodStatusEvent, isTerminalStatus } from "../index.js";
import type { ServedSession } from "./served-session.js";
import { StartupKeyHold } from "./startup-key-hold.js";

/** A client this far behind is disconnected rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const MAX_CONTROL_CHARS = 64 * 1024;

export function attachTerminalSocket(
  socket: WebSocket,
  session: ServedSession,
  options: { readonly readOnly: boolean },
): () => void {
  const notify = (message: object) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const fail = (error: unknown) => {
    const typed = error instanceof ElwoodError ? error : undefined;
    notify({
      type: "error",
      error: {
        name: typed?.name ?? "invalid_options",
        message: typed?.message ?? "The terminal input failed.",
      },
    });
  };

  const stopData = session.terminal.onData((chunk) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, "client too slow for the terminal stream");
      return;
    }
    socket.send(Buffer.from(chunk, "utf8"));
  });
  // Keys typed before the session's first ready wait for it (startup-key-hold.ts).
  const hold = options.readOnly
    ? undefined
    : new StartupKeyHold({
        sessionId: session.id,
        isStarting: !session.hasBeenReady && !isTerminalStatus(session.status),
        type: (keys) => session.sendKeys(keys),
        notify,
        onError: fail,
      });
  const stopExit = session.log.subscribe((event) => {
    if (event.type === "exit") notify({ type: "exit", ...(event.data as object) });
    if (event.type === "status") hold?.onStatus((event.data as ElwoodStatusEvent).status);
  });

  socket.on("message", (data: RawData, isBinary: boolean) => {
    try {
      if (options.readOnly || hold === undefined) throw readOnlyRefusal();
      if (isBinary) {
        hold.keys(toBytes(data));
        return;
      }
      handleControl(session, hold, toBytes(data).toString("utf8")).catch(fail);
    } catch (error) {
      fail(error);
    }
  });
  socket.on("error", () => socket.terminate());

  const stopOnClose = session.log.onClose(() => {
    if (socket.readyState === socket.OPEN) socket.close(1000, "session closed");
  });
  const detach = () => {
    stopData();
    stopExit();
    stopOnClose();
  };
  socket.on("close", detach);
  return () => {
    detach();
    if (socket.readyState === socket.OPEN) socket.close(1001, "server closing");
  };
}

async function handleControl(
  session: ServedSession,
  hold: StartupKeyHold,
  text: string,
): Promise<void> {
  if (text.length > MAX_CONTROL_CHARS) throw badControl("a control message under 64 KB");
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw badControl("JSON text frames; raw keys go in binary frames");
  }
  const fields = (typeof message === "object" && message !== null ? message : {}) as Record<
    string,
    unknown
  >;
  if (fields.type === "resize") {
    await session.resize({ cols: fields.cols as number, rows: fields.rows as number });
    return;
  }
  if (fields.type === "input" && typeof fields.data === "string") {
    hold.keys(Buffer.from(fields.data, "utf8"));
    return;
  }
  throw badControl('{ "type": "resize", "cols", "rows" } or { "type": "input", "data" }');
}

function readOnlyRefusal(): ElwoodError {
  return new ElwoodError(
    "unauthorized",
    "This terminal connection is read-only (?mode=read-only): it cannot type or resize. Connect without it to take over.",
  );
}

function badControl(expected: string): ElwoodError {
  return new ElwoodError("invalid_options", `The terminal socket expects ${expected}.`);
}

function toBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
