// The Codex hook catalogue handed to the bridge dispatcher (bridge/catalogue.ts): all 12
// Codex 0.171.0 hook events, parse/resolve/serialize wired together.

import type { HookCatalogue } from "../../bridge/catalogue.js";
import { parseHookInput } from "../../bridge/parse-hook-input.js";
import { CODEX_HOOK_EVENT_NAMES, type CodexAnyHookEvent } from "./events.js";
import { type CodexHookHandlers, resolveCodexHandler } from "./handlers.js";
import { codexHookInputs } from "./tools.js";
import { toCodexWire } from "./wire.js";

export const codexHookCatalogue: HookCatalogue<CodexHookHandlers, CodexAnyHookEvent> =
  Object.freeze({
    eventNames: CODEX_HOOK_EVENT_NAMES,
    parse: (raw: unknown) => parseHookInput<CodexAnyHookEvent>(raw, codexHookInputs),
    resolveHandler: resolveCodexHandler,
    toWire: toCodexWire,
  });
