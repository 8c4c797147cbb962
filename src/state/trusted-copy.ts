// Comparing a session's workspace state with its trusted copy (issue 21, prd/decisions.md
// "Trusted copies"). The record and loop sidecar live in `<cwd>/.elwood/` by default,
// where the agent's tools can write; their copies live in the private dir, which a
// sandboxed agent cannot reach. A resume launches only what both agree on.

import { ElwoodError } from "../errors.js";
import type { LoopDefinition } from "./loop-sidecar.js";
import type { SessionRecord } from "./record.js";

/** The record fields a resume depends on, in the order they are compared. */
export type TrustedField =
  | "adapter"
  | "cwd"
  | "resume.posture"
  | "resume.agentSessionId"
  | "resume.launched"
  | "loops";

/** JSON with object keys sorted, so key order never counts as a difference. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const entries = Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries);
  });
}

/**
 * The first field in which the workspace record differs from the trusted one. A record
 * that lacks the conversation id the copy holds is not a difference: the copy is written
 * first, so a crash between the two writes leaves exactly that (the copy's id is used).
 */
export function recordMismatch(
  record: SessionRecord,
  trusted: SessionRecord,
): TrustedField | undefined {
  if (record.adapter !== trusted.adapter) return "adapter";
  if (record.cwd !== trusted.cwd) return "cwd";
  if (canonicalJson(record.resume.posture) !== canonicalJson(trusted.resume.posture))
    return "resume.posture";
  const agentSessionId = record.resume.agentSessionId;
  if (agentSessionId !== undefined && agentSessionId !== trusted.resume.agentSessionId)
    return "resume.agentSessionId";
  const { launched } = record.resume;
  if (launched !== undefined && canonicalJson(launched) !== canonicalJson(trusted.resume.launched))
    return "resume.launched";
  return undefined;
}

/** Whether two loop lists are the same definitions in the same order. */
export function sameLoops(
  loops: readonly LoopDefinition[],
  trusted: readonly LoopDefinition[],
): boolean {
  return canonicalJson(loops) === canonicalJson(trusted);
}

export function trustedCopyMismatch(options: {
  readonly elwoodSessionId: string;
  readonly field: TrustedField;
  readonly path: string;
}): ElwoodError {
  const { elwoodSessionId, field } = options;
  const file = field === "loops" ? "loops.json" : "record.json";
  return new ElwoodError(
    "state_corrupt",
    `Session ${elwoodSessionId}: ${file} differs from Elwood's private copy in "${field}", so it was changed outside Elwood (possibly by the agent). Nothing was launched: start a new session, and delete this one's folder by hand once you have looked at it.`,
    { details: { path: options.path, elwoodSessionId, field } },
  );
}

export function trustedCopyMissing(options: {
  readonly elwoodSessionId: string;
  readonly path: string;
}): ElwoodError {
  const { elwoodSessionId } = options;
  return new ElwoodError(
    "state_corrupt",
    `Session ${elwoodSessionId} has no private copy of its record, so Elwood cannot tell whether the record was changed outside it (an older Elwood wrote it, or it was planted). Nothing was launched: start a new session, and delete this one's folder by hand once you have looked at it.`,
    { details: { path: options.path, elwoodSessionId, field: "record" } },
  );
}

export function trustedRecordRemoved(options: {
  readonly elwoodSessionId: string;
  readonly path: string;
}): ElwoodError {
  const { elwoodSessionId } = options;
  return new ElwoodError(
    "state_corrupt",
    `Session ${elwoodSessionId}: record.json was removed outside Elwood (possibly by the agent) while Elwood's private copy remains, so it is not started afresh in its place. Nothing was launched: start a new session, and delete this one's folder by hand once you have looked at it.`,
    { details: { path: options.path, elwoodSessionId, field: "record" } },
  );
}
