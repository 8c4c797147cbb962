// `parseLoopCommand` (§5.9): the optional slash-command UX for callers. It only parses;
// it never schedules, and sendMessage/sendPrompt never call it.
import { ElwoodError } from "../../errors.js";
import type { ElwoodLoopRequest } from "../contract/loops.js";
import { invalidLoop, validateIntervalMs, validateLoopMessage } from "./validate.js";

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** `/loop` exactly, then whitespace or the end of the input. */
const COMMAND = /^\/loop(?=\s|$)/;
/** A positive decimal integer followed by exactly one unit letter. */
const INTERVAL_TOKEN = /^(\d+)([smhd])$/;

/**
 * Parses `/loop [<n><s|m|h|d>] <message>`. Returns undefined for anything that is not an
 * exact `/loop` command; throws `invalid_loop` for a recognized command that is invalid.
 */
export function parseLoopCommand(command: string): ElwoodLoopRequest | undefined {
  if (typeof command !== "string") {
    throw new ElwoodError("invalid_loop", "parseLoopCommand takes a string.");
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
