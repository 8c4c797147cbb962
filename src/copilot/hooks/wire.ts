// Turns a Copilot hook handler's result into the JSON Copilot 1.0.102 reads: flat
// objects, `{permissionDecision, permissionDecisionReason}` for preToolUse and
// `{behavior, message}` for permissionRequest (Claude's `hookSpecificOutput` wrapper is
// ignored by Copilot, so it is never sent).

import type { HookWireResult } from "../../bridge/catalogue.js";
import { validateHookResult, type WireEvent } from "../../bridge/validate-result.js";
import { copilotResultSchemas } from "./responses.js";

/** Validate `result` for the event and serialize it to Copilot's hook output JSON. */
export function toCopilotWire(event: WireEvent, result: unknown): HookWireResult {
  const validated = validateHookResult("Copilot", event, result, copilotResultSchemas);
  if (!("fields" in validated)) return validated;
  return { ok: true, wire: { ...validated.fields } };
}
