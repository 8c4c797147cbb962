// The Copilot hook catalogue handed to the bridge dispatcher (bridge/catalogue.ts). A
// Copilot input names neither its event nor its session in the fields every other CLI
// uses, so it is first given Elwood's common fields (the route's event name, `session_id`,
// `transcript_path`, and for tool events `tool_name`/`tool_input`), then validated by the
// shared parser.

import type { HookCatalogue } from "../../bridge/catalogue.js";
import { type HookInputSchemas, parseHookInput } from "../../bridge/parse-hook-input.js";
import {
  COPILOT_HOOK_EVENT_NAMES,
  COPILOT_TOOL_EVENT_NAMES,
  type CopilotAnyHookEvent,
  copilotHookEventSchemas,
  copilotUnknownHookEventSchema,
  isCopilotToolEventName,
} from "./events.js";
import { type CopilotHookHandlers, resolveCopilotHandler } from "./handlers.js";
import { copilotToolInputSchema, normalizeCopilotToolName } from "./tools.js";
import { lastAssistantText } from "./turn-end-text.js";
import { toCopilotWire } from "./wire.js";

const copilotHookInputs: HookInputSchemas = {
  agentName: "Copilot",
  eventSchemas: copilotHookEventSchemas,
  unknownEventSchema: copilotUnknownHookEventSchema,
  toolEventNames: COPILOT_TOOL_EVENT_NAMES,
  toolInputSchema: copilotToolInputSchema,
  normalizeToolName: normalizeCopilotToolName,
};

type Fields = Readonly<Record<string, unknown>>;

function sessionIdOf(raw: unknown): string | undefined {
  const id = isFields(raw) ? raw.sessionId : undefined;
  return typeof id === "string" ? id : undefined;
}

function isFields(raw: unknown): raw is Fields {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw);
}

/** Some Copilot versions send tool arguments as a JSON string; objects are kept. */
function toolArguments(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Copilot's input with Elwood's common fields added; not an object: left to the parser. */
export function withCommonFields(raw: unknown, routeName: string | undefined): unknown {
  if (!isFields(raw) || routeName === undefined) return raw;
  const common: Record<string, unknown> = {
    hook_event_name: routeName,
    session_id: raw.sessionId,
    // The launch already follows the session record (LaunchPlan.transcriptPath).
    transcript_path: null,
  };
  if (isCopilotToolEventName(routeName)) {
    common.tool_name = raw.toolName;
    common.tool_input = toolArguments(
      routeName === "permissionRequest" ? raw.toolInput : raw.toolArgs,
    );
  }
  if (routeName === "agentStop") {
    const path = typeof raw.transcriptPath === "string" ? raw.transcriptPath : undefined;
    // Absent when this turn's reply is not on disk yet: the turn then waits for its text.
    const text = lastAssistantText(path);
    if (text !== undefined) common.lastAssistantMessage = text;
  }
  return { ...raw, ...common };
}

export const copilotHookCatalogue: HookCatalogue<CopilotHookHandlers, CopilotAnyHookEvent> =
  Object.freeze({
    eventNames: COPILOT_HOOK_EVENT_NAMES,
    parse: (raw: unknown, routeName?: string) =>
      parseHookInput<CopilotAnyHookEvent>(withCommonFields(raw, routeName), copilotHookInputs),
    rawSessionIdOf: sessionIdOf,
    resolveHandler: resolveCopilotHandler,
    toWire: (event: CopilotAnyHookEvent, result: unknown) => toCopilotWire(event, result),
  });
