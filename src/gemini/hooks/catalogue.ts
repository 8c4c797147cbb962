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
 * Model-call events Gemini fires per request (AfterModel once per streamed chunk), each one a
 * bash round trip the CLI waits for (about 23 ms, prd/gemini.md): registered only when a
 * handler is declared for them or someone listens for them at start (issue 44).
 */
export const GEMINI_LISTENER_ONLY_EVENTS: readonly string[] = [
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
];

export const geminiHookCatalogue: HookCatalogue<GeminiHookHandlers, GeminiAnyHookEvent> =
  Object.freeze({
    eventNames: GEMINI_HOOK_EVENT_NAMES,
    parse: (raw: unknown) => parseHookInput<GeminiAnyHookEvent>(raw, geminiHookInputs),
    resolveHandler: resolveGeminiHandler,
    toWire: toGeminiWire,
  });
