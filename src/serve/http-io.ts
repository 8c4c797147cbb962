// JSON out of the API: every failure turned into
// `{ "error": { "name", "message", "details" } }` with the HTTP status its name implies,
// on a response or, where there is none (upgrades, client errors), raw on the socket.
// Request bodies are read in request-body.ts.
import { type ServerResponse, STATUS_CODES } from "node:http";
import { ELWOOD_AGENTS, ElwoodError, type ElwoodErrorName } from "../index.js";

const STATUS_BY_NAME: Partial<Record<ElwoodErrorName, number>> = {
  invalid_options: 400,
  invalid_image: 400,
  invalid_loop: 400,
  invalid_approval: 400,
  blocked_prompt: 400,
  // Each agent's own "fix the request" errors (its invalid effort, its high-trust conflict).
  ...Object.fromEntries(
    ELWOOD_AGENTS.agents.flatMap((agent) => agent.app.usageErrorNames.map((name) => [name, 400])),
  ),
  unauthorized: 401,
  route_not_found: 404,
  session_not_found: 404,
  state_not_found: 404,
  loop_not_found: 404,
  approval_not_found: 404,
  approval_settled: 409,
  session_already_open: 409,
  session_not_running: 409,
  agent_exited: 409,
  adapter_mismatch: 409,
  resume_unavailable: 409,
  input_queue_full: 409,
  composer_occupied: 409,
  loop_limit_reached: 409,
  origin_not_allowed: 403,
  request_timeout: 408,
  request_too_large: 413,
  host_not_allowed: 421,
  session_limit_reached: 429,
  connection_limit_reached: 503,
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
  const { status, body } = errorReply(error);
  sendJson(response, status, body);
}

/** A whole HTTP/1.1 error response for a bare socket; the connection closes after it. */
export function rawErrorResponse(error: unknown): string {
  const { status, body } = errorReply(error);
  const text = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${text}`;
}

function errorReply(error: unknown): { status: number; body: unknown } {
  const typed =
    error instanceof ElwoodError
      ? error
      : new ElwoodError("invalid_options", "The server failed to handle the request.", {
          cause: error,
        });
  const status = error instanceof ElwoodError ? statusOf(typed) : 500;
  return {
    status,
    body: { error: { name: typed.name, message: typed.message, details: publicDetails(typed) } },
  };
}

// Details are small facts (ids, option names); anything else stays on the server.
function publicDetails(error: ElwoodError): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error.details)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) out[key] = value;
  }
  return out;
}
