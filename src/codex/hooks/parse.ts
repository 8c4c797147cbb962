// Runtime validation of a raw Codex hook input into a deep-frozen typed event (C-HOOK-13),
// through the shared parser with Codex's schemas; raw tool names outside the known set
// become `unknown:<raw>`.
import type { HookParseResult } from "../../bridge/catalogue.js";
import { parseHookInput } from "../../bridge/parse-hook-input.js";
import {
  type CodexAnyHookEvent,
  codexHookEventSchemas,
  codexUnknownHookEventSchema,
  isCodexHookEventName,
  isCodexToolEventName,
} from "./events.js";
import { codexToolInputSchema, normalizeCodexToolName } from "./tools.js";

const codexSchemas = {
  agentName: "Codex",
  schemaOf: (name: string) =>
    isCodexHookEventName(name) ? codexHookEventSchemas[name] : undefined,
  unknownEventSchema: codexUnknownHookEventSchema,
  isToolEvent: isCodexToolEventName,
  toolInputSchema: codexToolInputSchema,
  normalizeToolName: normalizeCodexToolName,
};

/** Validate a JSON-decoded Codex hook input. Never throws. */
export function parseCodexHookInput(raw: unknown): HookParseResult<CodexAnyHookEvent> {
  return parseHookInput<CodexAnyHookEvent>(raw, codexSchemas);
}
