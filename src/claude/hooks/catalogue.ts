// The Claude hook catalogue handed to the bridge dispatcher (bridge/catalogue.ts):
// all 30 Claude Code 2.1.197 events, parse/resolve/serialize wired together.

import type { HookCatalogue } from "../../bridge/catalogue.js";
import { parseHookInput } from "../../bridge/parse-hook-input.js";
import { CLAUDE_HOOK_EVENT_NAMES } from "./events.js";
import {
  type ClaudeAnyHookEvent,
  type ClaudeHookHandlers,
  resolveClaudeHandler,
} from "./handlers.js";
import { claudeHookInputs } from "./tools.js";
import { toClaudeWire } from "./wire.js";

export const claudeHookCatalogue: HookCatalogue<ClaudeHookHandlers, ClaudeAnyHookEvent> =
  Object.freeze({
    eventNames: CLAUDE_HOOK_EVENT_NAMES,
    parse: (raw: unknown) => parseHookInput<ClaudeAnyHookEvent>(raw, claudeHookInputs),
    resolveHandler: resolveClaudeHandler,
    toWire: toClaudeWire,
  });
