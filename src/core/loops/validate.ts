// Loop request validation (§5.9): a readonly fixed-or-idle union, a 1..65,536-byte
// message, and a fixed interval that is a safe integer in [60,000, 604,800,000).
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

export function validateLoopMessage(message: unknown): string {
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

export function validateIntervalMs(intervalMs: unknown): number {
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

export function invalidLoop(message: string, details?: Record<string, unknown>): ElwoodError {
  return new ElwoodError("invalid_loop", message, details === undefined ? {} : { details });
}
