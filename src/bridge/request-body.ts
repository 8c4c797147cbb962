// Reads one bridge request body under the byte cap, before anything looks at who sent it
// or what it says: the declared Content-Length and the bytes actually received are both
// checked, and a body the client never finished is reported as incomplete (seeds §6.2).

import type { IncomingMessage } from "node:http";

export type BodyReadResult =
  | { readonly kind: "complete"; readonly body: Buffer }
  | { readonly kind: "oversized" }
  | { readonly kind: "incomplete" };

/**
 * Collect `request`'s body, stopping as soon as it is known to exceed `maxBytes`. With
 * `isKept: false` the bytes are only counted (a sender that will be refused anyway
 * cannot make us buffer), yet the size verdict still comes first.
 */
export function readCappedBody(
  request: IncomingMessage,
  maxBytes: number,
  isKept = true,
): Promise<BodyReadResult> {
  const declared = declaredLength(request);
  if (declared !== undefined && declared > maxBytes) {
    return Promise.resolve({ kind: "oversized" });
  }
  return new Promise<BodyReadResult>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isDone = false;
    const settle = (result: BodyReadResult): void => {
      if (isDone) return;
      isDone = true;
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("close", onClose);
      request.off("error", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        // Stop reading; the caller replies and drops the connection.
        request.pause();
        settle({ kind: "oversized" });
        return;
      }
      if (isKept) chunks.push(chunk);
    };
    const onEnd = (): void => {
      // `complete` is false when the parser saw the connection end mid-body.
      if (!request.complete) settle({ kind: "incomplete" });
      else settle({ kind: "complete", body: Buffer.concat(chunks, size) });
    };
    const onClose = (): void => settle({ kind: "incomplete" });
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("close", onClose);
    request.on("error", onClose);
  });
}

/** The Content-Length header as a number; undefined when absent (chunked). */
function declaredLength(request: IncomingMessage): number | undefined {
  const header = request.headers["content-length"];
  if (header === undefined) return undefined;
  const value = Number(header);
  // Node's parser already rejects malformed lengths; treat anything odd as oversized.
  return Number.isSafeInteger(value) && value >= 0 ? value : Number.POSITIVE_INFINITY;
}
