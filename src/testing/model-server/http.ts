// Small HTTP helpers for the scripted model server: bounded body reading and JSON
// replies that never throw on a connection the client already dropped.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Bodies above this size are refused; CLI requests are far smaller. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

export class BodyTooLarge extends Error {
  override readonly name = "BodyTooLarge";
}

/** Reads the whole request body; rejects if the client aborts or sends too much. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge(`request body exceeds ${MAX_BODY_BYTES} bytes`));
        request.resume(); // drain the rest so the socket can still carry the reply
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
    request.on("aborted", () => reject(new Error("client aborted the request")));
  });
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (response.headersSent || response.destroyed) {
    if (!response.writableEnded) response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}
