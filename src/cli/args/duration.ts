// `--timeout <n>(ms|s|m|h)`: a positive integer with a unit, in milliseconds.
import { usageError } from "../usage-error.js";

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^([1-9][0-9]*)(ms|s|m|h)$/;
/** Beyond this, timers overflow (Node caps setTimeout at 2^31-1 ms). */
const MAX_MS = 2_147_483_647;

export function parseDuration(text: string, source: string): number {
  const match = DURATION.exec(text.trim());
  if (match === null) {
    throw usageError(
      `${source} must be a positive whole number with a unit (ms, s, m or h), like 90s or 5m; got ${JSON.stringify(text)}.`,
    );
  }
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (ms > MAX_MS) throw usageError(`${source} is too long; the most is 596h (about 24 days).`);
  return ms;
}
