// Runtime validation of a raw Claude hook input into a deep-frozen typed event
// (C-HOOK-07/17): the event's own schema, then the tool's input schema on tool events,
// then tool-name normalization. Unknown event names parse as a generic event (fail open).

import {
  deepFreeze,
  type HookParseResult,
  UNKNOWN_HOOK_EVENT_NAME,
} from "../../bridge/catalogue.js";
import { describeIssues } from "./common.js";
import {
  claudeHookEventSchemas,
  claudeUnknownHookEventSchema,
  isClaudeHookEventName,
  isClaudeToolEventName,
} from "./events.js";
import type { ClaudeAnyHookEvent } from "./handlers.js";
import { claudeToolInputSchema, normalizeClaudeToolName } from "./tools.js";

/** Validate a JSON-decoded Claude hook input. Never throws. */
export function parseClaudeHookInput(raw: unknown): HookParseResult<ClaudeAnyHookEvent> {
  const name = readEventName(raw);
  if (name === undefined) {
    return {
      ok: false,
      eventName: UNKNOWN_HOOK_EVENT_NAME,
      message: "hook input is not an object with a string hook_event_name",
    };
  }
  const schema = isClaudeHookEventName(name)
    ? claudeHookEventSchemas[name]
    : claudeUnknownHookEventSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      eventName: name,
      message: `invalid ${name} input: ${describeIssues(parsed.error)}`,
    };
  }
  let data = parsed.data as Record<string, unknown>;
  if (isClaudeToolEventName(name)) {
    const rawTool = String(data.tool_name);
    const input = claudeToolInputSchema(rawTool).safeParse(data.tool_input);
    if (!input.success) {
      const why = describeIssues(input.error);
      return {
        ok: false,
        eventName: name,
        message: `invalid ${name} tool_input for ${rawTool}: ${why}`,
      };
    }
    data = { ...data, tool_name: normalizeClaudeToolName(rawTool), tool_input: input.data };
  }
  // Cloned so freezing never reaches into the caller's decoded object.
  return { ok: true, event: deepFreeze(structuredClone(data)) as ClaudeAnyHookEvent };
}

function readEventName(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const name: unknown = (raw as { hook_event_name?: unknown }).hook_event_name;
  return typeof name === "string" && name.length > 0 ? name : undefined;
}
