// Zod schemas and TypeScript types for every Codex 0.171.0 hook input (seeds §7A.1,
// hook-protocols B5, the JSON Schemas embedded in the binary). Codex's own schemas are
// closed; ours are loose so a newer Codex that adds fields still validates.

import { z } from "zod";
import { type DeepReadonly, openEnum, type ShapeOf } from "../../bridge/catalogue.js";
import type { CodexToolCall, CodexToolName } from "./tools.js";

export const CODEX_PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "plan",
  "dontAsk",
  "bypassPermissions",
] as const;

const nullableString = z.string().nullable();
const commonShape = {
  session_id: z.string(),
  transcript_path: nullableString,
  cwd: z.string(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
};
const modelShape = { model: z.string() };
const modeShape = { permission_mode: openEnum(CODEX_PERMISSION_MODES) };
const turnShape = { ...modelShape, ...modeShape, turn_id: z.string() };
const toolPairShape = { tool_name: z.string(), tool_input: z.unknown() };
const stopShape = {
  ...turnShape,
  stop_hook_active: z.boolean(),
  last_assistant_message: nullableString,
};
const compactShape = { ...modelShape, turn_id: z.string(), trigger: openEnum(["manual", "auto"]) };

// Fields beyond the common ones; which of model/permission_mode/turn_id appear varies.
const eventShapes = {
  SessionStart: {
    ...modelShape,
    ...modeShape,
    source: openEnum(["startup", "resume", "clear", "compact", "fork"]),
  },
  SessionEnd: { reason: openEnum(["other"]) },
  UserPromptSubmit: { ...turnShape, prompt: z.string() },
  PreToolUse: { ...turnShape, ...toolPairShape, tool_use_id: z.string() },
  PermissionRequest: { ...turnShape, ...toolPairShape },
  PostToolUse: {
    ...turnShape,
    ...toolPairShape,
    tool_use_id: z.string(),
    tool_response: z.unknown(),
  },
  PreCompact: compactShape,
  PostCompact: compactShape,
  SubagentStart: { ...turnShape, agent_id: z.string(), agent_type: z.string() },
  SubagentStop: {
    ...stopShape,
    agent_id: z.string(),
    agent_type: z.string(),
    agent_transcript_path: nullableString,
  },
  Stop: stopShape,
  Interrupt: turnShape,
} as const;

type EventShapes = typeof eventShapes;

export type CodexHookEventName = keyof EventShapes;
export const CODEX_HOOK_EVENT_NAMES = Object.freeze(
  Object.keys(eventShapes) as CodexHookEventName[],
);

export const CODEX_TOOL_EVENT_NAMES = ["PreToolUse", "PermissionRequest", "PostToolUse"] as const;
export type CodexToolEventName = (typeof CODEX_TOOL_EVENT_NAMES)[number];

type CommonFields = ShapeOf<typeof commonShape>;
type EventFields<N extends CodexHookEventName> = DeepReadonly<
  Omit<CommonFields, keyof ShapeOf<EventShapes[N]>> & { hook_event_name: N } & Omit<
      ShapeOf<EventShapes[N]>,
      "tool_name" | "tool_input"
    >
>;

/** A tool event narrowed to one tool (what a tool-keyed handler receives). */
export type CodexToolEventFor<
  E extends CodexToolEventName,
  T extends CodexToolName = CodexToolName,
> = T extends unknown ? EventFields<E> & CodexToolCall<T> : never;

export type CodexHookEventOf<N extends CodexHookEventName> = N extends CodexToolEventName
  ? CodexToolEventFor<N>
  : EventFields<N>;

/** Every Codex hook event, discriminated on `hook_event_name`. */
export type CodexHookEvent = { [N in CodexHookEventName]: CodexHookEventOf<N> }[CodexHookEventName];

/** An event name this catalogue does not know (a newer Codex); observed, never decided. */
export type CodexUnknownHookEvent = DeepReadonly<CommonFields> & {
  readonly hook_event_name: string;
  readonly [field: string]: unknown;
};

export type CodexAnyHookEvent = CodexHookEvent | CodexUnknownHookEvent;

function schemaFor(name: CodexHookEventName): z.ZodType {
  return z.looseObject({ ...commonShape, hook_event_name: z.literal(name), ...eventShapes[name] });
}

export const codexHookEventSchemas: Readonly<Record<CodexHookEventName, z.ZodType>> = Object.freeze(
  Object.fromEntries(CODEX_HOOK_EVENT_NAMES.map((name) => [name, schemaFor(name)])) as {
    [N in CodexHookEventName]: z.ZodType;
  },
);

export const codexUnknownHookEventSchema = z.looseObject({
  ...commonShape,
  hook_event_name: z.string(),
});

export function isCodexHookEventName(name: string): name is CodexHookEventName {
  return Object.hasOwn(eventShapes, name);
}

export function isCodexToolEventName(name: string): name is CodexToolEventName {
  return (CODEX_TOOL_EVENT_NAMES as readonly string[]).includes(name);
}
