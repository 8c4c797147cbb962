// Runtime validation of a raw Claude hook input into a deep-frozen typed event (C-HOOK-07/17),
// through the shared parser with Claude's event and tool schemas.
import type { HookParseResult } from "../../bridge/catalogue.js";
import { parseHookInput } from "../../bridge/parse-hook-input.js";
import {
  claudeHookEventSchemas,
  claudeUnknownHookEventSchema,
  isClaudeHookEventName,
  isClaudeToolEventName,
} from "./events.js";
import type { ClaudeAnyHookEvent } from "./handlers.js";
import { claudeToolInputSchema, normalizeClaudeToolName } from "./tools.js";

const claudeSchemas = {
  agentName: "Claude",
  schemaOf: (name: string) =>
    isClaudeHookEventName(name) ? claudeHookEventSchemas[name] : undefined,
  unknownEventSchema: claudeUnknownHookEventSchema,
  isToolEvent: isClaudeToolEventName,
  toolInputSchema: claudeToolInputSchema,
  normalizeToolName: normalizeClaudeToolName,
};

/** Validate a JSON-decoded Claude hook input. Never throws. */
export function parseClaudeHookInput(raw: unknown): HookParseResult<ClaudeAnyHookEvent> {
  return parseHookInput<ClaudeAnyHookEvent>(raw, claudeSchemas);
}
