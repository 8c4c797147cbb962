// The schema-version-1 session record (§8.2, prd/internals.md): exactly the fields
// needed to resume or tear down. The record is agent-neutral: `adapter` is the agent's
// opaque id and `posture` is whatever launch posture that agent persists, validated by
// the posture schema its adapter supplies (sessionRecordSchema).

import path from "node:path";
import { z } from "zod";
import { isValidSessionId } from "./session-id.js";

export const SESSION_RECORD_SCHEMA_VERSION = 1;

/** Agent ids are short lower-case words: they name files, sockets and error names. */
export const AGENT_ID_PATTERN = /^[a-z][a-z0-9]{0,31}$/;

export interface SessionRecord<Posture = PostureRecord> {
  schemaVersion: typeof SESSION_RECORD_SCHEMA_VERSION;
  elwoodSessionId: string;
  /** The owning agent's id (its adapter's `agent`). */
  adapter: string;
  cwd: string;
  resume: {
    /** The agent's conversation id, recorded once the conversation is on disk. */
    agentSessionId?: string;
    /**
     * Written by every fresh start: the conversation the CLI was launched into, with the id
     * Elwood chose for it where the CLI takes one (Claude's `--session-id`). Until
     * `agentSessionId` is recorded that conversation is empty, so a resume relaunches it
     * empty under the same id (prd/decisions.md "An empty conversation resumes").
     */
    launched?: { agentSessionId?: string };
    posture: Posture;
  };
}

/** A posture as the envelope sees it: an object whose fields belong to the adapter. */
export type PostureRecord = Record<string, unknown>;

const sessionIdSchema = z.string().refine(isValidSessionId, "not an opaque path component");
const absolutePathSchema = z.string().refine(path.isAbsolute, "not an absolute path");
const agentSessionIdSchema = z.string().min(1).exactOptional();
const agentIdSchema = z.string().regex(AGENT_ID_PATTERN, "not an agent id");

/**
 * The strict record schema for one agent: `adapter` must be that agent's id and the
 * posture must pass its adapter's posture schema. Without an agent, the envelope
 * schema below: any agent id, posture any object.
 */
export function sessionRecordSchema<Posture>(
  posture: z.ZodType<Posture>,
  agent?: string,
): z.ZodType<SessionRecord<Posture>> {
  return z.strictObject({
    schemaVersion: z.literal(SESSION_RECORD_SCHEMA_VERSION),
    elwoodSessionId: sessionIdSchema,
    adapter: agent === undefined ? agentIdSchema : z.literal(agent),
    cwd: absolutePathSchema,
    resume: z.strictObject({
      agentSessionId: agentSessionIdSchema,
      launched: z.strictObject({ agentSessionId: agentSessionIdSchema }).exactOptional(),
      posture,
    }),
  });
}

/** What the state store reads and writes: the envelope, whatever the agent. */
export const SessionRecordSchema = sessionRecordSchema<PostureRecord>(
  z.record(z.string(), z.unknown()),
);

/** Tool lists in postures: arrays of strings (shared by adapters that persist tools). */
export const toolListSchema = z.array(z.string()).exactOptional();
