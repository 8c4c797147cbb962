// Turns a Gemini hook handler's result into the JSON Gemini CLI 0.61.0 reads from a
// command hook's stdout: `{"decision":"deny","reason":…}` for a BeforeTool deny, and
// `{"decision":"block","reason":…}` to refuse a prompt (BeforeAgent) or continue a turn
// (AfterAgent). An allow sends nothing, so Gemini's own approval flow still runs.

import type { HookWireContext, HookWireResult } from "../../bridge/catalogue.js";
import { validateHookResult, type WireEvent } from "../../bridge/validate-result.js";
import { geminiResultSchemas } from "./responses.js";

/** Validate `result` for the event and serialize it to Gemini's hook output JSON. */
export function toGeminiWire(
  event: WireEvent,
  result: unknown,
  _context: HookWireContext,
): HookWireResult {
  const validated = validateHookResult("Gemini", event, result, geminiResultSchemas);
  if (!("fields" in validated)) return validated;
  const { decision, reason } = validated.fields;
  if (decision === "allow") return { ok: true, wire: undefined };
  return { ok: true, wire: { decision, reason } };
}
