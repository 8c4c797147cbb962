// Immutable loop snapshots (C-LOOP-15) and their redacted event form (C-LOOP-16).
import type { ElwoodLoopEventSnapshot, ElwoodLoopSnapshot } from "../contract/loops.js";
import type { LoopEntry } from "./scheduler.js";

export function snapshotOf(view: Readonly<LoopEntry>): ElwoodLoopSnapshot {
  return Object.freeze({ ...redactedSnapshotOf(view), message: view.definition.message });
}

/** Everything but the prompt: events and errors identify a loop only by id. */
export function redactedSnapshotOf(view: Readonly<LoopEntry>): ElwoodLoopEventSnapshot {
  const { definition, state } = view;
  return Object.freeze({
    id: definition.id,
    mode: definition.mode,
    ...(definition.mode === "fixed" ? { intervalMs: definition.intervalMs } : {}),
    jitterMs: definition.jitterMs,
    createdAt: definition.createdAt,
    expiresAt: definition.expiresAt,
    state,
    ...(state === "scheduled" && view.dueAt !== undefined ? { nextDueAt: view.dueAt } : {}),
  });
}
