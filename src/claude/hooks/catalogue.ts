// The Claude hook catalogue handed to the bridge dispatcher (bridge/catalogue.ts):
// all 30 Claude Code 2.1.197 events, parse/resolve/serialize wired together.

import type { HookCatalogue } from "../../bridge/catalogue.js";
import { type HookInputSchemas, parseHookInput } from "../../bridge/parse-hook-input.js";
import {
  CLAUDE_HOOK_EVENT_NAMES,
  CLAUDE_TOOL_EVENT_NAMES,
  claudeHookEventSchemas,
  claudeUnknownHookEventSchema,
} from "./events.js";
import {
  type ClaudeAnyHookEvent,
  type ClaudeHookHandlers,
  resolveClaudeHandler,
} from "./handlers.js";
import { claudeToolInputSchema, normalizeClaudeToolName } from "./tools.js";
import { toClaudeWire } from "./wire.js";

/** What the shared parser needs to validate a raw Claude hook input into a typed event. */
const claudeHookInputs: HookInputSchemas = {
  agentName: "Claude",
  eventSchemas: claudeHookEventSchemas,
  unknownEventSchema: claudeUnknownHookEventSchema,
  toolEventNames: CLAUDE_TOOL_EVENT_NAMES,
  toolInputSchema: claudeToolInputSchema,
  normalizeToolName: normalizeClaudeToolName,
};

export const claudeHookCatalogue: HookCatalogue<ClaudeHookHandlers, ClaudeAnyHookEvent> =
  Object.freeze({
    eventNames: CLAUDE_HOOK_EVENT_NAMES,
    parse: (raw: unknown) => parseHookInput<ClaudeAnyHookEvent>(raw, claudeHookInputs),
    resolveHandler: resolveClaudeHandler,
    toWire: toClaudeWire,
  });
