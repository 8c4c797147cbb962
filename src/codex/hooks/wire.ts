// Turns a Codex hook handler's result into the exact JSON Codex 0.171.0 accepts
// (hook-protocols B4/B5, C-HRESP-10). Codex validates every reply against the event's
// closed schema, so each event has its own serializer and nothing else is ever emitted.

import {
  describeIssues,
  type HookWireContext,
  type HookWireResult,
} from "../../bridge/catalogue.js";
import { invalidResult, validateHookResult, type WireEvent } from "../../bridge/validate-result.js";
import { codexResultSchemas } from "./responses.js";
import { codexToolInputSchema } from "./tools.js";

type Fields = Record<string, unknown>;

/** Validate `result` for the event and serialize it to Codex's hook output JSON. */
export function toCodexWire(
  event: WireEvent,
  result: unknown,
  context: HookWireContext,
): HookWireResult {
  const validated = validateHookResult("Codex", event, result, codexResultSchemas);
  if (!("fields" in validated)) return validated;
  const { fields } = validated;
  const name = event.hook_event_name;
  if (name === "PreToolUse") return preToolUseWire(event, fields, context);
  if (name === "PermissionRequest") {
    return { ok: true, wire: { hookSpecificOutput: { hookEventName: name, decision: fields } } };
  }
  return { ok: true, wire: stopWire(fields) };
}

function preToolUseWire(
  event: WireEvent,
  fields: Fields,
  context: HookWireContext,
): HookWireResult {
  const { permissionDecision, permissionDecisionReason, additionalContext, updatedInput } = fields;
  const specific: Fields = { hookEventName: "PreToolUse" };
  if (updatedInput !== undefined) {
    if (!context.isToolKeyed) {
      return invalidResult("PreToolUse updatedInput is only accepted from a tool-keyed handler");
    }
    const tool = typeof event.tool_name === "string" ? event.tool_name : "";
    const checked = codexToolInputSchema(tool).safeParse(updatedInput);
    if (!checked.success) {
      return invalidResult(
        `PreToolUse updatedInput does not fit ${tool} input: ${describeIssues(checked.error)}`,
      );
    }
    specific.permissionDecision = "allow";
    specific.updatedInput = checked.data;
  } else if (permissionDecision === "deny") {
    specific.permissionDecision = "deny";
    specific.permissionDecisionReason = permissionDecisionReason;
  }
  // A bare allow is unsupported by Codex 0.171 (the hook would fail): send context only.
  if (additionalContext !== undefined) specific.additionalContext = additionalContext;
  return {
    ok: true,
    wire: Object.keys(specific).length > 1 ? { hookSpecificOutput: specific } : undefined,
  };
}

function stopWire(fields: Fields): Fields {
  if (fields.continue === false) {
    return fields.stopReason === undefined
      ? { continue: false }
      : { continue: false, stopReason: fields.stopReason };
  }
  const reason = String(fields.reason);
  const extra = fields.additionalContext;
  // Codex injects `reason` as the continuation prompt, so extra context rides along in it.
  return {
    decision: "block",
    reason: typeof extra === "string" && extra.length > 0 ? `${reason}\n\n${extra}` : reason,
  };
}
