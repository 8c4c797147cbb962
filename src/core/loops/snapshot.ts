// Immutable loop snapshots (C-LOOP-15) and their redacted event form (C-LOOP-16).
import type { LoopDefinition } from "../../state/loop-sidecar.js";
import type {
  ElwoodLoopEventSnapshot,
  ElwoodLoopSnapshot,
  ElwoodLoopState,
} from "../contract/loops.js";

interface LoopView {
  readonly definition: LoopDefinition;
  readonly state: ElwoodLoopState;
  readonly dueAt?: number | undefined;
}

export function snapshotOf(view: LoopView): ElwoodLoopSnapshot {
  return Object.freeze({ ...redactedSnapshotOf(view), message: view.definition.message });
}

/** Everything but the prompt: events and errors identify a loop only by id. */
export function redactedSnapshotOf(view: LoopView): ElwoodLoopEventSnapshot {
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

/** listLoops order: creation time, then id. */
export function byCreation(a: LoopDefinition, b: LoopDefinition): number {
  return a.createdAt - b.createdAt || compareIds(a.id, b.id);
}

/** Due order: earliest due time, then id. */
export function byDueThenId(a: LoopView, b: LoopView): number {
  return (a.dueAt ?? 0) - (b.dueAt ?? 0) || compareIds(a.definition.id, b.definition.id);
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
