// The Codex hook catalogue handed to the bridge dispatcher (bridge/catalogue.ts): all 12
// Codex 0.171.0 hook events, parse/resolve/serialize wired together.

import type { HookCatalogue } from "../../bridge/catalogue.js";
import { CODEX_HOOK_EVENT_NAMES, type CodexAnyHookEvent } from "./events.js";
import { type CodexHookHandlers, resolveCodexHandler } from "./handlers.js";
import { parseCodexHookInput } from "./parse.js";
import { toCodexWire } from "./wire.js";

export const codexHookCatalogue: HookCatalogue<CodexHookHandlers, CodexAnyHookEvent> =
  Object.freeze({
    eventNames: CODEX_HOOK_EVENT_NAMES,
    parse: parseCodexHookInput,
    resolveHandler: resolveCodexHandler,
    toWire: toCodexWire,
  });
