// Zod schemas and TypeScript types for every Gemini CLI 0.61.0 hook input (its eleven
// events, fields as seen from a command hook on the pinned CLI: prd/gemini.md). Loose, so
// a newer Gemini that adds fields still validates.

import { z } from "zod";
import { type DeepReadonly, openEnum, type ShapeOf } from "../../bridge/catalogue.js";
import type { GeminiToolCall, GeminiToolName } from "./tools.js";

const commonShape = {
  session_id: z.string(),
  transcript_path: z.string().nullable().optional(),
  cwd: z.string(),
  timestamp: z.string().optional(),
};
const toolPairShape = { tool_name: z.string(), tool_input: z.unknown() };
const llmRequest = { llm_request: z.unknown() };

// Fields beyond the common ones.
const eventShapes = {
  SessionStart: { source: openEnum(["startup", "resume", "clear"]) },
  SessionEnd: { reason: openEnum(["exit", "clear", "logout", "prompt_input_exit", "other"]) },
  BeforeAgent: { prompt: z.string() },
  AfterAgent: {
    prompt: z.string(),
    prompt_response: z.string(),
    stop_hook_active: z.boolean().optional(),
  },
  BeforeModel: llmRequest,
  AfterModel: { ...llmRequest, llm_response: z.unknown() },
  BeforeToolSelection: llmRequest,
  BeforeTool: { ...toolPairShape, mcp_context: z.unknown().optional() },
  AfterTool: { ...toolPairShape, tool_response: z.unknown(), mcp_context: z.unknown().optional() },
  PreCompress: { trigger: openEnum(["manual", "auto"]) },
  Notification: {
    notification_type: openEnum(["ToolPermission"]),
    message: z.string().optional(),
    details: z.unknown().optional(),
  },
} as const;

type EventShapes = typeof eventShapes;

export type GeminiHookEventName = keyof EventShapes;
export const GEMINI_HOOK_EVENT_NAMES = Object.freeze(
  Object.keys(eventShapes) as GeminiHookEventName[],
);

export const GEMINI_TOOL_EVENT_NAMES = ["BeforeTool", "AfterTool"] as const;
export type GeminiToolEventName = (typeof GEMINI_TOOL_EVENT_NAMES)[number];

type CommonFields = ShapeOf<typeof commonShape>;
type EventFields<N extends GeminiHookEventName> = DeepReadonly<
  CommonFields & { hook_event_name: N } & Omit<ShapeOf<EventShapes[N]>, "tool_name" | "tool_input">
>;

/** A tool event narrowed to one tool (what a tool-keyed handler receives). */
export type GeminiToolEventFor<
  E extends GeminiToolEventName,
  T extends GeminiToolName = GeminiToolName,
> = T extends unknown ? EventFields<E> & GeminiToolCall<T> : never;

export type GeminiHookEventOf<N extends GeminiHookEventName> = N extends GeminiToolEventName
  ? GeminiToolEventFor<N>
  : EventFields<N>;

/** Every Gemini hook event, discriminated on `hook_event_name`. */
export type GeminiHookEvent = {
  [N in GeminiHookEventName]: GeminiHookEventOf<N>;
}[GeminiHookEventName];

/** An event name this catalogue does not know (a newer Gemini); observed, never decided. */
export type GeminiUnknownHookEvent = DeepReadonly<CommonFields> & {
  readonly hook_event_name: string;
  readonly [field: string]: unknown;
};

export type GeminiAnyHookEvent = GeminiHookEvent | GeminiUnknownHookEvent;

function schemaFor(name: GeminiHookEventName): z.ZodType {
  return z.looseObject({ ...commonShape, hook_event_name: z.literal(name), ...eventShapes[name] });
}

export const geminiHookEventSchemas: Readonly<Record<GeminiHookEventName, z.ZodType>> =
  Object.freeze(
    Object.fromEntries(GEMINI_HOOK_EVENT_NAMES.map((name) => [name, schemaFor(name)])) as {
      [N in GeminiHookEventName]: z.ZodType;
    },
  );

export const geminiUnknownHookEventSchema = z.looseObject({
  ...commonShape,
  hook_event_name: z.string(),
});

export function isGeminiHookEventName(name: string): name is GeminiHookEventName {
  return Object.hasOwn(eventShapes, name);
}

export function isGeminiToolEventName(name: string): name is GeminiToolEventName {
  return (GEMINI_TOOL_EVENT_NAMES as readonly string[]).includes(name);
}
