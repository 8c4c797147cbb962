// The Codex hook catalogue handed to the bridge dispatcher (bridge/catalogue.ts): all 12
// Codex 0.171.0 hook events, parse/resolve/serialize wired together.

import type { HookCatalogue } from "../../bridge/catalogue.js";
import { type HookInputSchemas, parseHookInput } from "../../bridge/parse-hook-input.js";
import {
  CODEX_HOOK_EVENT_NAMES,
  CODEX_TOOL_EVENT_NAMES,
  type CodexAnyHookEvent,
  codexHookEventSchemas,
  codexUnknownHookEventSchema,
} from "./events.js";
import { type CodexHookHandlers, resolveCodexHandler } from "./handlers.js";
import { codexToolInputSchema, normalizeCodexToolName } from "./tools.js";
import { toCodexWire } from "./wire.js";

/** What the shared parser needs to validate a raw Codex hook input into a typed event. */
const codexHookInputs: HookInputSchemas = {
  agentName: "Codex",
  eventSchemas: codexHookEventSchemas,
  unknownEventSchema: codexUnknownHookEventSchema,
  toolEventNames: CODEX_TOOL_EVENT_NAMES,
  toolInputSchema: codexToolInputSchema,
  normalizeToolName: normalizeCodexToolName,
};

export const codexHookCatalogue: HookCatalogue<CodexHookHandlers, CodexAnyHookEvent> =
  Object.freeze({
    eventNames: CODEX_HOOK_EVENT_NAMES,
    parse: (raw: unknown) => parseHookInput<CodexAnyHookEvent>(raw, codexHookInputs),
    resolveHandler: resolveCodexHandler,
    toWire: toCodexWire,
  });
