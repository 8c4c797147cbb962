// The first half of every agent's `toWire`: no result is no decision; a result for an
// unknown or observe-only event, or one its schema rejects, is invalid (the dispatcher
// fails open with `invalid_response`). What is left is the agent's own serializer.
import type { z } from "zod";
import { describeIssues, type HookWireResult } from "./catalogue.js";

/** Per known event, its result schema; null for an observe-only event. */
export type ResultSchemas = Readonly<Record<string, z.ZodType | null>>;

/** The event facts a serializer needs. */
export interface WireEvent {
  readonly hook_event_name: string;
  readonly tool_name?: unknown;
}

export type ValidatedResult =
  | { readonly ok: true; readonly fields: Readonly<Record<string, unknown>> }
  | HookWireResult;

/** `{ ok: true, fields }` to serialize, or the final wire result (no decision / invalid). */
export function validateHookResult(
  agentName: string,
  event: WireEvent,
  result: unknown,
  schemas: ResultSchemas,
): ValidatedResult {
  const name = event.hook_event_name;
  if (result === undefined) return { ok: true, wire: undefined };
  const schema = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (schema === undefined) {
    return invalidResult(
      `${name} is not a known ${agentName} hook event; its handler must return undefined`,
    );
  }
  if (schema === null) {
    return invalidResult(
      `${name} is observe-only in ${agentName}; its handler must return undefined, not a decision`,
    );
  }
  const parsed = schema.safeParse(result);
  if (!parsed.success)
    return invalidResult(`invalid ${name} result: ${describeIssues(parsed.error)}`);
  return { ok: true, fields: parsed.data as Readonly<Record<string, unknown>> };
}

export function invalidResult(message: string): HookWireResult {
  return { ok: false, message };
}
