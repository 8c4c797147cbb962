// Newline-delimited JSON-RPC over a byte pipe (ACP's stdio transport), tolerant of what a
// broken or hostile client writes: a line that is not JSON gets a parse error, one that is
// not an object an invalid-request error, and a line longer than the limit is dropped up to
// its newline with a request_too_large error, while the connection goes on. (The SDK's own
// ndJsonStream ends the connection on an oversized line.)
import type { Readable, Writable } from "node:stream";
import type { AnyMessage, Stream } from "@agentclientprotocol/sdk";

const NEWLINE = 0x0a;

export interface FramingOptions {
  /** The longest line read; longer ones are discarded with an error response. */
  readonly maxLineBytes: number;
}

function errorLine(code: number, message: string, data?: unknown): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return `${JSON.stringify({ jsonrpc: "2.0", id: null, error })}\n`;
}

/** A message Stream for the SDK over `input` and `output`; it ends when `input` ends. */
export function lineDelimitedStream(
  input: Readable,
  output: Writable,
  options: FramingOptions,
): Stream {
  const writeLine = (line: string): Promise<void> =>
    new Promise((resolve) => {
      if (output.destroyed || output.writableEnded) return resolve();
      // A client that went away (EPIPE) is noticed by its input ending; never throw here.
      const ok = output.write(line, () => resolve());
      if (!ok) output.once("drain", () => resolve());
    });

  const readable = new ReadableStream<AnyMessage>({
    start(controller) {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let discarding = false;

      const deliver = (line: Buffer): void => {
        const text = line.toString("utf8").trim();
        if (text === "") return;
        let message: unknown;
        try {
          message = JSON.parse(text);
        } catch {
          void writeLine(errorLine(-32700, "Parse error: the line is not valid JSON."));
          return;
        }
        if (typeof message !== "object" || message === null || Array.isArray(message)) {
          void writeLine(
            errorLine(-32600, "Invalid request: each line must be one JSON-RPC object."),
          );
          return;
        }
        controller.enqueue(message as AnyMessage);
      };

      const tooLong = (): void => {
        void writeLine(
          errorLine(
            -32600,
            `Invalid request: a message longer than ${options.maxLineBytes} bytes was dropped.`,
            { name: "request_too_large", maxLineBytes: options.maxLineBytes },
          ),
        );
      };

      const push = (chunk: Buffer): void => {
        let start = 0;
        for (
          let index = chunk.indexOf(NEWLINE);
          index !== -1;
          index = chunk.indexOf(NEWLINE, start)
        ) {
          const piece = chunk.subarray(start, index);
          start = index + 1;
          if (discarding) {
            discarding = false;
            continue;
          }
          if (pendingBytes + piece.length > options.maxLineBytes) {
            pending = [];
            pendingBytes = 0;
            tooLong();
            continue;
          }
          pending.push(piece);
          const line = Buffer.concat(pending);
          pending = [];
          pendingBytes = 0;
          deliver(line);
        }
        const tail = chunk.subarray(start);
        if (tail.length === 0 || discarding) return;
        if (pendingBytes + tail.length > options.maxLineBytes) {
          pending = [];
          pendingBytes = 0;
          discarding = true;
          tooLong();
          return;
        }
        // Copy: the stream may reuse the chunk's memory.
        pending.push(Buffer.from(tail));
        pendingBytes += tail.length;
      };

      input.on("data", (chunk: Buffer | string) => {
        push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      });
      const finish = (): void => {
        if (!discarding && pendingBytes > 0) deliver(Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      input.once("end", finish);
      input.once("close", finish);
      input.once("error", finish);
    },
  });

  const writable = new WritableStream<AnyMessage>({
    write: (message) => writeLine(`${JSON.stringify(message)}\n`),
  });
  return { readable, writable };
}
