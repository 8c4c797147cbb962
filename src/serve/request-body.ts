// Request bodies for the API (prd/serve.md "Limits"): refused past their cap before
// they are buffered, read into one Buffer (sized from Content-Length when declared), and
// parsed as one JSON object. `send` bodies keep their long base64 image data out of JS
// strings (json-blobs.ts), so a 72 MiB body is held once, plus the decoded images.
import type { IncomingMessage } from "node:http";
import { ElwoodError } from "../index.js";
import { parseJsonWithBase64 } from "./json-blobs.js";

/** Bodies above this are refused with 413 before they are buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A send may carry base64 images: 50 MiB of image bytes per send (api.md) plus text. */
export const SEND_MAX_BODY_BYTES = 72 * 1024 * 1024;
// Longer than any valid `text` (256 Ki characters), so only image data is this long.
const BASE64_LITERAL_MIN_CHARS = 1024 * 1024;

/** The whole body in one Buffer; `request_too_large` past `limit`, before buffering. */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const header = request.headers["content-length"];
  const declared = header === undefined ? undefined : Number(header);
  if (declared !== undefined && Number.isFinite(declared) && declared > limit) {
    throw tooLarge(limit);
  }
  if (declared !== undefined && Number.isInteger(declared) && declared >= 0) {
    // One buffer of the declared size; Node's parser delivers exactly that many bytes.
    const body = Buffer.allocUnsafe(declared);
    let size = 0;
    for await (const chunk of request) {
      const bytes = chunk as Buffer;
      if (size + bytes.length > declared) throw tooLarge(limit);
      bytes.copy(body, size);
      size += bytes.length;
    }
    return body.subarray(0, size);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Reads and parses a JSON object body; an empty body is `{}`. */
export async function readJsonObject(
  request: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<Record<string, unknown>> {
  return jsonObjectOf(await readBody(request, limit), (body) => JSON.parse(body.toString("utf8")));
}

/**
 * A `send` body: as readJsonObject, up to SEND_MAX_BODY_BYTES, with base64 literals of a
 * mebibyte or more left undecoded as Base64Text (request-fields.ts decodes image data).
 */
export async function readSendObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  return jsonObjectOf(await readBody(request, SEND_MAX_BODY_BYTES), (body) =>
    parseJsonWithBase64(body, BASE64_LITERAL_MIN_CHARS),
  );
}

function jsonObjectOf(body: Buffer, parse: (body: Buffer) => unknown): Record<string, unknown> {
  if (body.every(isJsonWhitespace)) return {};
  let value: unknown;
  try {
    value = parse(body);
  } catch (cause) {
    throw new ElwoodError(
      "invalid_options",
      `The request body is not valid JSON (${(cause as Error).message}); send a JSON object.`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ElwoodError("invalid_options", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function tooLarge(limit: number): ElwoodError {
  return new ElwoodError(
    "request_too_large",
    `The request body is larger than ${limit} bytes; send less (images belong in files, not bodies).`,
    { details: { limitBytes: limit } },
  );
}
