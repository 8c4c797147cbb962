// Arguments of the per-call session methods (send/stream, send*, waits, interrupt),
// checked at the call so that a lazy session class refuses them before it starts and a
// started session before it writes anything (issue 16 "Options"). One bound for every
// millisecond option: Node's timers fire at once beyond 2^31-1 ms, so a larger value
// would silently mean "now".
import { ElwoodError } from "../../errors.js";
import type { TurnOptions } from "./turn.js";

export const MAX_TIMER_MS = 2_147_483_647;

function invalid(message: string, details: Record<string, unknown> = {}): ElwoodError {
  return new ElwoodError("invalid_options", message, { details });
}

function describe(value: unknown): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number") return String(value);
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

/** A prompt or message: a string with visible text. */
export function assertTurnText(value: unknown, what: string): asserts value is string {
  if (typeof value !== "string" || value.trim().length === 0) {
    throw invalid(`A ${what} must be a non-empty string; got ${describe(value)}.`);
  }
}

// What the CLI would see first once the text is pasted: paste markers, controls and blanks
// are dropped on the way (C-API-40), so "\x1b /help" is "/help" to it.
const LEADING_NOISE = /^(?:\x1b\[20[01]~|[\s\x00-\x1f\x7f-\x9f])*/;

/**
 * send()/stream() promise the agent's reply; text the CLI runs as a command has none (a
 * help overlay, a picker, "Unrecognized command"), so it is refused before anything is
 * written (issue 49, prd/decisions.md "Slash text in send()").
 */
export function assertNotCommandText(value: string, call: string): void {
  if (!value.replace(LEADING_NOISE, "").startsWith("/")) return;
  const command = value.replace(LEADING_NOISE, "").split(/\s/, 1)[0] ?? "/";
  throw invalid(
    `${call} does not take text that starts with "/": the CLI would run ${JSON.stringify(command.slice(0, 40))} as its own command, which has no reply. Use the session's operations for what they cover (compact(), listModels()/setModel(), login(), createLoop(), interrupt()), sendMessage() to type the command yourself, or put a word before the slash to send it as a prompt.`,
    { rule: "slash_command", command: command.slice(0, 40) },
  );
}

/** An options argument: absent, or a plain object. */
export function assertOptionsArgument(value: unknown, what: string): void {
  if (value === undefined) return;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(`${what} options must be an object; got ${describe(value)}.`);
  }
}

/** A millisecond option: absent, or a whole number from `min` to 2^31-1. */
export function optionalMilliseconds(value: unknown, name: string, min = 1): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > MAX_TIMER_MS) {
    throw invalid(
      `\`${name}\` must be a whole number of milliseconds from ${min} to ${MAX_TIMER_MS}; got ${describe(value)}.`,
      { option: name },
    );
  }
  return value as number;
}

/** send()/stream() options; images are checked by the image snapshot that follows. */
export function checkTurnOptions(options: unknown): TurnOptions {
  assertOptionsArgument(options, "Turn");
  const raw = (options ?? {}) as Record<string, unknown>;
  optionalMilliseconds(raw.timeoutMs, "timeoutMs");
  optionalMilliseconds(raw.catchUpMs, "catchUpMs", 0);
  return raw as TurnOptions;
}

/** waitForStatus/waitForActivity: a predicate and an optional timeout (0 = only "now"). */
export function checkWaitArguments(match: unknown, timeoutMs: unknown): void {
  if (typeof match !== "function") {
    throw invalid(`A wait needs a predicate function; got ${describe(match)}.`);
  }
  optionalMilliseconds(timeoutMs, "timeoutMs", 0);
}

/** `{ timeoutMs? }` options (interrupt, compact): absent, or an object with a valid timeout. */
export function checkTimeoutOptions(options: unknown, what: string): number | undefined {
  assertOptionsArgument(options, what);
  return optionalMilliseconds(
    (options as { timeoutMs?: unknown } | undefined)?.timeoutMs,
    "timeoutMs",
  );
}

/** answerDialog(): one key or a list of 1 to 16, each a non-empty string, and `{ timeoutMs? }`. */
export function checkDialogAnswer(
  keys: unknown,
  options: unknown,
): { readonly keys: readonly string[]; readonly timeoutMs: number | undefined } {
  const list: unknown[] = Array.isArray(keys) ? keys : [keys];
  const isValid =
    list.length >= 1 &&
    list.length <= 16 &&
    list.every((key) => typeof key === "string" && key.length > 0);
  if (!isValid) {
    throw invalid(
      `answerDialog() takes the keys that choose an option: a non-empty string ("\\r") or a list of 1 to 16 of them (["\\x1b[B", "\\r"]); got ${describe(keys)}.`,
    );
  }
  return { keys: list as string[], timeoutMs: checkTimeoutOptions(options, "answerDialog()") };
}
