// The Gemini hook catalogue handed to the bridge dispatcher (bridge/catalogue.ts): all 11
// Gemini CLI 0.61.0 hook events, parse/resolve/serialize wired together.

import type { HookCatalogue } from "../../bridge/catalogue.js";
import { type HookInputSchemas, parseHookInput } from "../../bridge/parse-hook-input.js";
import {
  GEMINI_HOOK_EVENT_NAMES,
  GEMINI_TOOL_EVENT_NAMES,
  type GeminiAnyHookEvent,
  geminiHookEventSchemas,
  geminiUnknownHookEventSchema,
} from "./events.js";
import { type GeminiHookHandlers, resolveGeminiHandler } from "./handlers.js";
import { geminiToolInputSchema, normalizeGeminiToolName } from "./tools.js";
import { toGeminiWire } from "./wire.js";

const geminiHookInputs: HookInputSchemas = {
  agentName: "Gemini",
  eventSchemas: geminiHookEventSchemas,
  unknownEventSchema: geminiUnknownHookEventSchema,
  toolEventNames: GEMINI_TOOL_EVENT_NAMES,
  toolInputSchema: geminiToolInputSchema,
  normalizeToolName: normalizeGeminiToolName,
};

/**
 * Events Gemini fires per model request (AfterModel once per streamed chunk) or per tool
 * step (AfterTool), each one a bash round trip the CLI waits for: registered only when a
 * handler is declared for them or someone listens for them at start (issue 44). AfterTool
 * cost 35 ms per tool step in a real session (prd/gemini.md "Hooks"); Elwood itself
 * needs none of them.
 */
export const GEMINI_LISTENER_ONLY_EVENTS: readonly string[] = [
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
  "AfterTool",
];

export const geminiHookCatalogue: HookCatalogue<GeminiHookHandlers, GeminiAnyHookEvent> =
  Object.freeze({
    eventNames: GEMINI_HOOK_EVENT_NAMES,
    parse: (raw: unknown) => parseHookInput<GeminiAnyHookEvent>(raw, geminiHookInputs),
    resolveHandler: resolveGeminiHandler,
    toWire: toGeminiWire,
  });
