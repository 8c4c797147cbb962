// Zod schemas and TypeScript types for Copilot 1.0.102's hook inputs (its camelCase
// events, seen live: prd/copilot.md "Hooks"). Copilot's inputs name neither their event
// nor use snake case, so the catalogue first adds Elwood's common fields (the route's
// event name as `hook_event_name`, `session_id`, and for tool events the normalized
// `tool_name`/`tool_input` pair); Copilot's own fields stay as it sent them. Loose
// schemas: a newer Copilot that adds fields still validates.

import { z } from "zod";
import { type DeepReadonly, openEnum, type ShapeOf } from "../../bridge/catalogue.js";
import type { CopilotToolCall, CopilotToolName } from "./tools.js";

const commonShape = {
  session_id: z.string(),
  transcript_path: z.string().nullable(),
  cwd: z.string(),
  /** Copilot's own id field, the same as `session_id`. */
  sessionId: z.string(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
};
const toolShape = { tool_name: z.string(), tool_input: z.unknown(), toolName: z.string() };

// Fields beyond the common ones.
const eventShapes = {
  sessionStart: {
    source: openEnum(["new", "resume"]),
    initialPrompt: z.string().optional(),
  },
  sessionEnd: { reason: z.string().optional() },
  userPromptSubmitted: { prompt: z.string() },
  preToolUse: { ...toolShape, toolArgs: z.unknown() },
  postToolUse: { ...toolShape, toolArgs: z.unknown(), toolResult: z.unknown().optional() },
  postToolUseFailure: { ...toolShape, toolArgs: z.unknown(), error: z.unknown().optional() },
  permissionRequest: {
    ...toolShape,
    toolInput: z.unknown(),
    permissionSuggestions: z.array(z.unknown()).optional(),
  },
  agentStop: {
    transcriptPath: z.string().optional(),
    stopReason: z.string().optional(),
    stop_hook_active: z.boolean().optional(),
    /** Elwood's: the turn's last reply, read from the session record the hook names. */
    lastAssistantMessage: z.string().optional(),
  },
  subagentStart: {},
  subagentStop: {},
  errorOccurred: { error: z.unknown().optional() },
  preCompact: { trigger: z.string().optional() },
  notification: {
    message: z.string().optional(),
    title: z.string().optional(),
    notification_type: z.string().optional(),
  },
} as const;

type EventShapes = typeof eventShapes;

export type CopilotHookEventName = keyof EventShapes;
export const COPILOT_HOOK_EVENT_NAMES = Object.freeze(
  Object.keys(eventShapes) as CopilotHookEventName[],
);

export const COPILOT_TOOL_EVENT_NAMES = [
  "preToolUse",
  "postToolUse",
  "postToolUseFailure",
  "permissionRequest",
] as const;
export type CopilotToolEventName = (typeof COPILOT_TOOL_EVENT_NAMES)[number];

type CommonFields = ShapeOf<typeof commonShape>;
type EventFields<N extends CopilotHookEventName> = DeepReadonly<
  CommonFields & { hook_event_name: N } & Omit<ShapeOf<EventShapes[N]>, "tool_name" | "tool_input">
>;

/** A tool event narrowed to one tool (what a tool-keyed handler receives). */
export type CopilotToolEventFor<
  E extends CopilotToolEventName,
  T extends CopilotToolName = CopilotToolName,
> = T extends unknown ? EventFields<E> & CopilotToolCall<T> : never;

export type CopilotHookEventOf<N extends CopilotHookEventName> = N extends CopilotToolEventName
  ? CopilotToolEventFor<N>
  : EventFields<N>;

/** Every Copilot hook event, discriminated on `hook_event_name`. */
export type CopilotHookEvent = {
  [N in CopilotHookEventName]: CopilotHookEventOf<N>;
}[CopilotHookEventName];

/** An event name this catalogue does not know (a newer Copilot); observed, never decided. */
export type CopilotUnknownHookEvent = DeepReadonly<CommonFields> & {
  readonly hook_event_name: string;
  readonly [field: string]: unknown;
};

export type CopilotAnyHookEvent = CopilotHookEvent | CopilotUnknownHookEvent;

function schemaFor(name: CopilotHookEventName): z.ZodType {
  return z.looseObject({ ...commonShape, hook_event_name: z.literal(name), ...eventShapes[name] });
}

export const copilotHookEventSchemas: Readonly<Record<CopilotHookEventName, z.ZodType>> =
  Object.freeze(
    Object.fromEntries(COPILOT_HOOK_EVENT_NAMES.map((name) => [name, schemaFor(name)])) as {
      [N in CopilotHookEventName]: z.ZodType;
    },
  );

export const copilotUnknownHookEventSchema = z.looseObject({
  ...commonShape,
  hook_event_name: z.string(),
});

export function isCopilotHookEventName(name: string): name is CopilotHookEventName {
  return Object.hasOwn(eventShapes, name);
}

export function isCopilotToolEventName(name: string): name is CopilotToolEventName {
  return (COPILOT_TOOL_EVENT_NAMES as readonly string[]).includes(name);
}
