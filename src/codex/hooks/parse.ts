// Runtime validation of a raw Codex hook input into a deep-frozen typed event
// (C-HOOK-13): the event's schema, the tool's input schema, then tool-name normalization
// (`unknown:<raw>`). Unknown event names parse as a generic event and fail open.

import {
  deepFreeze,
  describeIssues,
  type HookParseResult,
  UNKNOWN_HOOK_EVENT_NAME,
} from "../../bridge/catalogue.js";
import {
  type CodexAnyHookEvent,
  codexHookEventSchemas,
  codexUnknownHookEventSchema,
  isCodexHookEventName,
  isCodexToolEventName,
} from "./events.js";
import { codexToolInputSchema, normalizeCodexToolName } from "./tools.js";

/** Validate a JSON-decoded Codex hook input. Never throws. */
export function parseCodexHookInput(raw: unknown): HookParseResult<CodexAnyHookEvent> {
  const name = readEventName(raw);
  if (name === undefined) {
    return {
      ok: false,
      eventName: UNKNOWN_HOOK_EVENT_NAME,
      message: "hook input is not an object with a string hook_event_name",
    };
  }
  const schema = isCodexHookEventName(name)
    ? codexHookEventSchemas[name]
    : codexUnknownHookEventSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      eventName: name,
      message: `invalid ${name} input: ${describeIssues(parsed.error)}`,
    };
  }
  let data = parsed.data as Record<string, unknown>;
  if (isCodexToolEventName(name)) {
    const rawTool = String(data.tool_name);
    const input = codexToolInputSchema(rawTool).safeParse(data.tool_input);
    if (!input.success) {
      const why = describeIssues(input.error);
      return {
        ok: false,
        eventName: name,
        message: `invalid ${name} tool_input for ${rawTool}: ${why}`,
      };
    }
    data = { ...data, tool_name: normalizeCodexToolName(rawTool), tool_input: input.data };
  }
  // Cloned so freezing never reaches into the caller's decoded object.
  return { ok: true, event: deepFreeze(structuredClone(data)) as CodexAnyHookEvent };
}

function readEventName(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const name: unknown = (raw as { hook_event_name?: unknown }).hook_event_name;
  return typeof name === "string" && name.length > 0 ? name : undefined;
}
