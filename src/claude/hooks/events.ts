// Zod schemas and TypeScript types for every Claude Code 2.1.197 hook input
// (seeds §6.1, hook-protocols A5/A6). `hook_event_name` discriminates the union; on the
// five tool events `tool_name` further narrows `tool_input` (see tools.ts).

import { z } from "zod";
import {
  type ClaudeCommonFields,
  claudeCommonShape,
  type DeepReadonly,
  openEnum,
  type ShapeOf,
} from "./common.js";
import type { ClaudeToolCall, ClaudeToolName } from "./tools.js";

const nullableString = z.string().nullable();
const openRecord = z.record(z.string(), z.unknown());
const elicitationAction = openEnum(["accept", "decline", "cancel"]);
const stopShape = {
  stop_hook_active: z.boolean(),
  last_assistant_message: z.string().optional(),
  background_tasks: z.array(z.looseObject({ id: z.string() })).optional(),
  session_crons: z.array(z.looseObject({ id: z.string() })).optional(),
};
const taskShape = {
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string().optional(),
  teammate_name: z.string().optional(),
  team_name: z.string().optional(),
};

// Extra input fields per event, beyond the common ones and (for tool events) the tool pair.
const eventShapes = {
  SessionStart: {
    source: openEnum(["startup", "resume", "clear", "compact"]),
    model: z.string().optional(),
    session_title: z.string().optional(),
  },
  Setup: { trigger: openEnum(["init", "maintenance"]) },
  InstructionsLoaded: {
    file_path: z.string(),
    memory_type: openEnum(["User", "Project", "Local", "Managed"]),
    load_reason: openEnum([
      "session_start",
      "nested_traversal",
      "path_glob_match",
      "include",
      "compact",
    ]),
    globs: z.array(z.string()).optional(),
    trigger_file_path: z.string().optional(),
    parent_file_path: z.string().optional(),
  },
  UserPromptSubmit: { prompt: z.string(), session_title: z.string().optional() },
  UserPromptExpansion: {
    expansion_type: openEnum(["slash_command", "mcp_prompt"]),
    command_name: z.string(),
    command_args: z.string(),
    command_source: z.string().optional(),
    prompt: z.string(),
  },
  PreToolUse: { tool_use_id: z.string() },
  PermissionRequest: {
    permission_suggestions: z.array(z.looseObject({ type: z.string() })).optional(),
  },
  PostToolUse: {
    tool_use_id: z.string(),
    tool_response: z.unknown(),
    duration_ms: z.number().optional(),
  },
  PostToolUseFailure: {
    tool_use_id: z.string(),
    error: z.string(),
    is_interrupt: z.boolean().optional(),
    duration_ms: z.number().optional(),
  },
  PostToolBatch: {
    tool_calls: z.array(
      z.looseObject({
        tool_name: z.string(),
        tool_input: z.unknown(),
        tool_use_id: z.string(),
        tool_response: z.unknown().optional(),
      }),
    ),
  },
  PermissionDenied: { tool_use_id: z.string(), reason: z.string() },
  Notification: {
    message: z.string(),
    title: z.string().optional(),
    notification_type: openEnum([
      "permission_prompt",
      "idle_prompt",
      "auth_success",
      "elicitation_dialog",
      "elicitation_complete",
      "elicitation_response",
    ]),
  },
  SubagentStart: { agent_id: z.string(), agent_type: z.string() },
  SubagentStop: {
    ...stopShape,
    agent_id: z.string(),
    agent_type: z.string(),
    agent_transcript_path: z.string(),
  },
  TaskCreated: taskShape,
  TaskCompleted: taskShape,
  Stop: stopShape,
  StopFailure: {
    error: openEnum([
      "authentication_failed",
      "oauth_org_not_allowed",
      "billing_error",
      "rate_limit",
      "overloaded",
      "invalid_request",
      "model_not_found",
      "server_error",
      "unknown",
      "max_output_tokens",
    ]),
    error_details: z.string().optional(),
    last_assistant_message: z.string().optional(),
  },
  TeammateIdle: { teammate_name: z.string(), team_name: z.string().optional() },
  ConfigChange: {
    source: openEnum([
      "user_settings",
      "project_settings",
      "local_settings",
      "policy_settings",
      "skills",
    ]),
    file_path: z.string().optional(),
  },
  CwdChanged: { old_cwd: z.string(), new_cwd: z.string() },
  FileChanged: { file_path: z.string(), event: openEnum(["change", "add", "unlink"]) },
  WorktreeCreate: { name: z.string() },
  WorktreeRemove: { worktree_path: z.string() },
  PreCompact: { trigger: openEnum(["manual", "auto"]), custom_instructions: nullableString },
  PostCompact: { trigger: openEnum(["manual", "auto"]), compact_summary: z.string() },
  SessionEnd: {
    reason: openEnum([
      "clear",
      "resume",
      "logout",
      "prompt_input_exit",
      "other",
      "bypass_permissions_disabled",
    ]),
  },
  Elicitation: {
    mcp_server_name: z.string(),
    message: z.string(),
    mode: openEnum(["form", "url"]).optional(),
    url: z.string().optional(),
    elicitation_id: z.string().optional(),
    requested_schema: openRecord.optional(),
  },
  ElicitationResult: {
    mcp_server_name: z.string(),
    elicitation_id: z.string().optional(),
    mode: openEnum(["form", "url"]).optional(),
    action: elicitationAction,
    content: openRecord.optional(),
  },
  MessageDisplay: {
    turn_id: z.string(),
    message_id: z.string(),
    index: z.number().int(),
    final: z.boolean(),
    delta: z.string(),
  },
} as const;

type EventShapes = typeof eventShapes;

/** Every hook event Claude Code 2.1.197 fires (the binary's 30-entry event enum). */
export type ClaudeHookEventName = keyof EventShapes;
export const CLAUDE_HOOK_EVENT_NAMES = Object.freeze(
  Object.keys(eventShapes) as ClaudeHookEventName[],
);

/** Events that carry `tool_name`/`tool_input`. */
export const CLAUDE_TOOL_EVENT_NAMES = [
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionDenied",
] as const;
export type ClaudeToolEventName = (typeof CLAUDE_TOOL_EVENT_NAMES)[number];

type EventFields<N extends ClaudeHookEventName> = DeepReadonly<
  Omit<ClaudeCommonFields, keyof ShapeOf<EventShapes[N]>> & {
    hook_event_name: N;
  } & ShapeOf<EventShapes[N]>
>;

/** A tool event narrowed to one tool (what a tool-keyed handler receives). */
export type ClaudeToolEventFor<
  E extends ClaudeToolEventName,
  T extends ClaudeToolName = ClaudeToolName,
> = T extends unknown ? EventFields<E> & ClaudeToolCall<T> : never;

/** The parsed, deep-frozen input of one Claude hook event. */
export type ClaudeHookEventOf<N extends ClaudeHookEventName> = N extends ClaudeToolEventName
  ? ClaudeToolEventFor<N>
  : EventFields<N>;

/** Every known Claude hook event, discriminated on `hook_event_name`. */
export type ClaudeHookEvent = {
  [N in ClaudeHookEventName]: ClaudeHookEventOf<N>;
}[ClaudeHookEventName];

/** An event whose name this catalogue does not know (a newer CLI); observed, never decided. */
export type ClaudeUnknownHookEvent = DeepReadonly<ClaudeCommonFields> & {
  readonly hook_event_name: string;
  readonly [field: string]: unknown;
};

export type ClaudeSessionStartEvent = ClaudeHookEventOf<"SessionStart">;
export type ClaudePreToolUseEvent = ClaudeHookEventOf<"PreToolUse">;
export type ClaudePermissionRequestEvent = ClaudeHookEventOf<"PermissionRequest">;
export type ClaudePostToolUseEvent = ClaudeHookEventOf<"PostToolUse">;
export type ClaudeNotificationEvent = ClaudeHookEventOf<"Notification">;
export type ClaudeStopEvent = ClaudeHookEventOf<"Stop">;

const toolPairShape = { tool_name: z.string(), tool_input: z.unknown() };
const toolEvents = new Set<string>(CLAUDE_TOOL_EVENT_NAMES);

function schemaFor(name: ClaudeHookEventName): z.ZodType {
  return z.looseObject({
    ...claudeCommonShape,
    hook_event_name: z.literal(name),
    ...(toolEvents.has(name) ? toolPairShape : {}),
    ...eventShapes[name],
  });
}

/** Per-event input schemas; tool inputs are checked afterwards against the tool's shape. */
export const claudeHookEventSchemas: Readonly<Record<ClaudeHookEventName, z.ZodType>> =
  Object.freeze(
    Object.fromEntries(CLAUDE_HOOK_EVENT_NAMES.map((name) => [name, schemaFor(name)])) as {
      [N in ClaudeHookEventName]: z.ZodType;
    },
  );

/** Input schema of an event this catalogue does not know: only the common fields. */
export const claudeUnknownHookEventSchema = z.looseObject({
  ...claudeCommonShape,
  hook_event_name: z.string(),
});

export function isClaudeHookEventName(name: string): name is ClaudeHookEventName {
  return Object.hasOwn(eventShapes, name);
}

export function isClaudeToolEventName(name: string): name is ClaudeToolEventName {
  return toolEvents.has(name);
}
