// Loop request validation (§5.9, prd/loops.md "Validation"), and `parseLoopCommand`, the
// optional `/loop` UX for callers: it only parses (sendMessage/sendPrompt never call it).
// Every bad shape or value is `invalid_loop`; the message never appears in the error.
import { ElwoodError } from "../../errors.js";
import {
  LOOP_LIFETIME_MS,
  MAX_LOOP_MESSAGE_BYTES,
  MIN_LOOP_INTERVAL_MS,
} from "../../state/loop-sidecar.js";
import { sanitizePastedText } from "../../terminal/input.js";
import type { ElwoodLoopRequest } from "../contract/loops.js";

const FIXED_KEYS = new Set(["mode", "intervalMs", "message"]);
const IDLE_KEYS = new Set(["mode", "message"]);
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** `/loop` exactly, then whitespace or the end of the input. */
const COMMAND = /^\/loop(?=\s|$)/;
/** A positive decimal integer followed by exactly one unit letter. */
const INTERVAL_TOKEN = /^(\d+)([smhd])$/;

/** Returns a fresh, plain copy of a valid request, or throws `invalid_loop`. */
export function validateLoopRequest(request: unknown): ElwoodLoopRequest {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw invalidLoop("A loop request must be an object with `mode` and `message`.");
  }
  const fields = request as Record<string, unknown>;
  const mode = fields.mode;
  if (mode !== "fixed" && mode !== "idle") {
    throw invalidLoop('A loop request needs `mode` "fixed" or "idle".');
  }
  const allowed = mode === "fixed" ? FIXED_KEYS : IDLE_KEYS;
  const extra = Object.keys(fields).filter((key) => !allowed.has(key));
  if (extra.length > 0) {
    throw invalidLoop(`A ${mode} loop request does not take ${extra.join(", ")}.`, {
      unexpectedKeys: extra,
    });
  }
  const message = validateLoopMessage(fields.message);
  if (mode === "idle") return { mode, message };
  return { mode, intervalMs: validateIntervalMs(fields.intervalMs), message };
}

/** Parses `/loop [<n><s|m|h|d>] <message>`: undefined for anything else, invalid_loop if bad. */
export function parseLoopCommand(command: string): ElwoodLoopRequest | undefined {
  if (typeof command !== "string") {
    throw invalidLoop("parseLoopCommand takes a string.");
  }
  const head = COMMAND.exec(command);
  if (head === null) return undefined;
  const rest = command.slice(head[0].length).trim();
  const tokenEnd = rest.search(/\s/);
  const token = tokenEnd === -1 ? rest : rest.slice(0, tokenEnd);
  const interval = INTERVAL_TOKEN.exec(token);
  const count = interval === null ? 0 : Number(interval[1]);
  // "0m" is not a positive integer, so it is simply part of an idle-loop message.
  if (interval === null || count === 0) return { mode: "idle", message: validateLoopMessage(rest) };
  const unit = interval[2] as keyof typeof UNIT_MS;
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(count * UNIT_MS[unit])) {
    throw invalidLoop("The /loop interval is too large to be a safe integer.");
  }
  const intervalMs = validateIntervalMs(count * UNIT_MS[unit]);
  const message = validateLoopMessage(tokenEnd === -1 ? "" : rest.slice(tokenEnd).trim());
  return { mode: "fixed", intervalMs, message };
}

function validateLoopMessage(message: unknown): string {
  if (typeof message !== "string") throw invalidLoop("A loop `message` must be a string.");
  const bytes = Buffer.byteLength(message, "utf8");
  if (bytes < 1 || bytes > MAX_LOOP_MESSAGE_BYTES) {
    throw invalidLoop(
      `A loop message must be 1..${MAX_LOOP_MESSAGE_BYTES} UTF-8 bytes (got ${bytes}).`,
      { messageBytes: bytes },
    );
  }
  // A message with nothing left to paste would fail at every occurrence; refuse it now.
  if (sanitizePastedText(message).trim().length === 0) {
    throw invalidLoop("A loop message must contain visible text.", { messageBytes: bytes });
  }
  return message;
}

function validateIntervalMs(intervalMs: unknown): number {
  const isValid =
    typeof intervalMs === "number" &&
    Number.isSafeInteger(intervalMs) &&
    intervalMs >= MIN_LOOP_INTERVAL_MS &&
    intervalMs < LOOP_LIFETIME_MS;
  if (!isValid) {
    throw invalidLoop(
      `A fixed loop needs an integer intervalMs of at least ${MIN_LOOP_INTERVAL_MS} and less than ${LOOP_LIFETIME_MS}.`,
      { intervalMs: typeof intervalMs === "number" ? intervalMs : typeof intervalMs },
    );
  }
  return intervalMs;
}

/** A loop id from the caller: a string, or no such loop. */
export function checkLoopId(loopId: unknown): string {
  if (typeof loopId !== "string") throw loopNotFound(typeof loopId);
  return loopId;
}

export function loopNotFound(loopId: string): ElwoodError {
  return new ElwoodError("loop_not_found", "No such active loop in this session.", {
    details: { loopId },
  });
}

function invalidLoop(message: string, details?: Record<string, unknown>): ElwoodError {
  return new ElwoodError("invalid_loop", message, details === undefined ? {} : { details });
}
