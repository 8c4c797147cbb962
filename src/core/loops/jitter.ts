// Stable, delay-only jitter (§5.9, C-LOOP-07): derived once from the loop id at
// creation, in 0..min(10% of the cadence, 30,000 ms), then persisted and never re-derived.
import { createHash } from "node:crypto";

export const IDLE_CADENCE_MS = 300_000;
export const MAX_JITTER_MS = 30_000;

export function maxJitterMs(cadenceMs: number): number {
  return Math.min(Math.floor(cadenceMs / 10), MAX_JITTER_MS);
}

/** The same id and cadence always give the same offset. */
export function jitterFor(id: string, cadenceMs: number): number {
  const digest = createHash("sha256").update(id, "utf8").digest();
  return digest.readUInt32BE(0) % (maxJitterMs(cadenceMs) + 1);
}

/** The cadence a loop's jitter and clock use: its interval, or the idle threshold. */
export function cadenceOf(loop: { readonly mode: "fixed" | "idle"; readonly intervalMs?: number }) {
  return loop.mode === "fixed" && loop.intervalMs !== undefined ? loop.intervalMs : IDLE_CADENCE_MS;
}
