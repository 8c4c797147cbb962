// JSON in and out for the API: a capped body reader, and every failure turned into
// `{ "error": { "name", "message", "details" } }` with the HTTP status its name implies.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ElwoodError, type ElwoodErrorName } from "../index.js";

/** Bodies above this are refused with 413 before they are buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A send may carry base64 images: 50 MiB of image bytes per send (api.md) plus text. */
export const SEND_MAX_BODY_BYTES = 72 * 1024 * 1024;

const STATUS_BY_NAME: Partial<Record<ElwoodErrorName, number>> = {
  invalid_options: 400,
  invalid_image: 400,
  invalid_loop: 400,
  blocked_prompt: 400,
  claude_invalid_reasoning_effort: 400,
  codex_invalid_reasoning_effort: 400,
  claude_high_trust_conflict: 400,
  codex_high_trust_conflict: 400,
  unauthorized: 401,
  route_not_found: 404,
  session_not_found: 404,
  state_not_found: 404,
  loop_not_found: 404,
  session_already_open: 409,
  session_not_running: 409,
  agent_exited: 409,
  adapter_mismatch: 409,
  resume_unavailable: 409,
  input_queue_full: 409,
  loop_limit_reached: 409,
  request_too_large: 413,
  wait_timeout: 504,
};

export function statusOf(error: ElwoodError): number {
  return STATUS_BY_NAME[error.name] ?? 500;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}

/** Anything thrown becomes a typed error body; non-Elwood errors are reported as 500. */
export function sendError(response: ServerResponse, error: unknown): void {
  const typed =
    error instanceof ElwoodError
      ? error
      : new ElwoodError("invalid_options", "The server failed to handle the request.", {
          cause: error,
        });
  const status = error instanceof ElwoodError ? statusOf(typed) : 500;
  sendJson(response, status, {
    error: { name: typed.name, message: typed.message, details: publicDetails(typed) },
  });
}

// Details are small facts (ids, option names); anything else stays on the server.
function publicDetails(error: ElwoodError): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error.details)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) out[key] = value;
  }
  return out;
}

/** Reads and parses a JSON object body; an empty body is `{}`. */
export async function readJsonObject(
  request: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<Record<string, unknown>> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
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

function tooLarge(limit: number): ElwoodError {
  return new ElwoodError(
    "request_too_large",
    `The request body is larger than ${limit} bytes; send less (images belong in files, not bodies).`,
    { details: { limitBytes: limit } },
  );
}
