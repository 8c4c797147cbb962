// How a failure reaches the ACP client: a JSON-RPC error whose `data.name` is the stable
// ElwoodError name (README "Errors"), so a client can tell `session_not_found` from
// `agent_exited` without parsing the message. A request the client should not have sent
// (bad input, an unknown or busy session) is -32602 (invalid params); the rest -32603.
import { RequestError } from "@agentclientprotocol/sdk";
import { ElwoodError, type ElwoodErrorName } from "../index.js";

const INVALID_INPUT: ReadonlySet<string> = new Set<ElwoodErrorName>([
  "invalid_options",
  "invalid_image",
  "invalid_approval",
  "request_too_large",
  "session_not_found",
  "session_already_open",
  "state_not_found",
  "resume_unavailable",
  "adapter_mismatch",
  "prompt_in_progress",
]);

export function acpError(name: ElwoodErrorName, message: string): RequestError {
  return toRequestError(new ElwoodError(name, message));
}

export function toRequestError(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  if (error instanceof ElwoodError) {
    const code = INVALID_INPUT.has(error.name) ? -32602 : -32603;
    const details = error.details === undefined ? {} : { details: error.details };
    return new RequestError(code, error.message, { name: error.name, ...details });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RequestError(-32603, `Internal error: ${message}`, { name: "internal" });
}
