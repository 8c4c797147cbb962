// What a Claude hook handler may return, per event (seeds §6.4, hook-protocols A4/A6):
// the TypeScript result types that make invalid decisions unrepresentable, and the strict
// zod schemas that re-check the same rules at runtime (C-HOOK-06, C-HRESP-01..06).

import { z } from "zod";
import {
  type ClaudePermissionUpdate,
  type DeepReadonly,
  permissionUpdateSchema,
} from "./common.js";
import type { ClaudeHookEventName, ClaudeToolEventName } from "./events.js";
import type { ClaudeToolInputOf, ClaudeToolName } from "./tools.js";

/** Block the action; `reason` is shown to Claude (top-level `decision`/`reason`). */
export interface ClaudeBlockResult {
  readonly decision: "block";
  readonly reason: string;
}

/** Stop Claude after this hook (top-level `continue: false`, `stopReason`). */
export interface ClaudeStopContinuingResult {
  readonly continue: false;
  readonly stopReason?: string;
}

// Spelled out on non-blocking variants so a half-written block fails to type-check.
interface NotBlocking {
  readonly decision?: never;
  readonly reason?: never;
}

export interface ClaudeContextResult extends NotBlocking {
  readonly additionalContext?: string;
}

export type ClaudePermissionDecision = "allow" | "deny" | "ask" | "defer";

/** Event-name PreToolUse result: a decision and/or context, never an input rewrite. */
export interface ClaudePreToolUseResult {
  readonly permissionDecision?: ClaudePermissionDecision;
  readonly permissionDecisionReason?: string;
  readonly additionalContext?: string;
  /** Only tool-keyed handlers (`PreToolUse: { Bash(e) {…} }`) may rewrite the input. */
  readonly updatedInput?: never;
}

/** Tool-keyed PreToolUse result: may also rewrite the input, typed as that tool's input. */
export interface ClaudePreToolUseToolResult<T extends ClaudeToolName>
  extends Omit<ClaudePreToolUseResult, "updatedInput"> {
  readonly updatedInput?: DeepReadonly<ClaudeToolInputOf<T>>;
}

export interface ClaudePermissionDenyResult {
  readonly behavior: "deny";
  readonly message?: string;
  readonly interrupt?: boolean;
}

export type ClaudePermissionRequestResult =
  | {
      readonly behavior: "allow";
      readonly updatedPermissions?: readonly ClaudePermissionUpdate[];
      readonly updatedInput?: never;
    }
  | ClaudePermissionDenyResult;

export type ClaudePermissionRequestToolResult<T extends ClaudeToolName> =
  | {
      readonly behavior: "allow";
      readonly updatedPermissions?: readonly ClaudePermissionUpdate[];
      readonly updatedInput?: DeepReadonly<ClaudeToolInputOf<T>>;
    }
  | ClaudePermissionDenyResult;

export interface ClaudePostToolUseOutputs {
  readonly additionalContext?: string;
  /** Replaces the tool result the model sees. */
  readonly updatedToolOutput?: unknown;
  /** Legacy MCP-only form of `updatedToolOutput`. */
  readonly updatedMCPToolOutput?: unknown;
}

export interface ClaudeElicitationResult {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: Readonly<Record<string, unknown>>;
}

interface WatchPathsResult {
  readonly watchPaths?: readonly string[];
}

/** Result type of an event-name handler; `never` means observe-only (return nothing). */
export interface ClaudeHookResults {
  SessionStart: {
    readonly additionalContext?: string;
    readonly initialUserMessage?: string;
    readonly sessionTitle?: string;
    readonly watchPaths?: readonly string[];
    readonly reloadSkills?: boolean;
  };
  Setup: { readonly additionalContext?: string };
  InstructionsLoaded: never;
  UserPromptSubmit:
    | ClaudeBlockResult
    | (ClaudeContextResult & {
        readonly sessionTitle?: string;
        readonly suppressOriginalPrompt?: boolean;
      });
  UserPromptExpansion: ClaudeBlockResult | ClaudeContextResult;
  PreToolUse: ClaudePreToolUseResult;
  PermissionRequest: ClaudePermissionRequestResult;
  PostToolUse:
    | (ClaudePostToolUseOutputs & NotBlocking)
    | (ClaudePostToolUseOutputs & ClaudeBlockResult);
  PostToolUseFailure: { readonly additionalContext?: string };
  PostToolBatch: ClaudeBlockResult | ClaudeContextResult;
  PermissionDenied: { readonly retry: boolean };
  Notification: never;
  SubagentStart: { readonly additionalContext?: string };
  SubagentStop: ClaudeBlockResult | ClaudeContextResult;
  TaskCreated: ClaudeBlockResult | ClaudeStopContinuingResult;
  TaskCompleted: ClaudeBlockResult | ClaudeStopContinuingResult;
  Stop: ClaudeBlockResult | ClaudeContextResult;
  StopFailure: never;
  TeammateIdle: ClaudeBlockResult | ClaudeStopContinuingResult;
  ConfigChange: ClaudeBlockResult;
  CwdChanged: WatchPathsResult;
  FileChanged: WatchPathsResult;
  WorktreeCreate: { readonly worktreePath: string };
  WorktreeRemove: never;
  PreCompact: ClaudeBlockResult;
  PostCompact: never;
  SessionEnd: never;
  Elicitation: ClaudeElicitationResult;
  ElicitationResult: ClaudeElicitationResult;
  MessageDisplay: { readonly displayContent?: string };
}

/** Result type of a tool-keyed handler for tool T on a tool event. */
export type ClaudeToolHookResult<
  E extends ClaudeToolEventName,
  T extends ClaudeToolName,
> = E extends "PreToolUse"
  ? ClaudePreToolUseToolResult<T>
  : E extends "PermissionRequest"
    ? ClaudePermissionRequestToolResult<T>
    : ClaudeHookResults[E];

// ---- runtime schemas (strict: an unexpected field is an invalid result) ----

const text = z.string();
const block = z.strictObject({ decision: z.literal("block"), reason: text });
const stopContinuing = z.strictObject({
  continue: z.literal(false),
  stopReason: text.optional(),
});
const context = z.strictObject({ additionalContext: text.optional() });
const watchPaths = z.strictObject({ watchPaths: z.array(text).optional() });
const elicitation = z.strictObject({
  action: z.enum(["accept", "decline", "cancel"]),
  content: z.record(z.string(), z.unknown()).optional(),
});
const anyObject = z.record(z.string(), z.unknown());
const postToolOutputs = {
  additionalContext: text.optional(),
  updatedToolOutput: z.unknown().optional(),
  updatedMCPToolOutput: z.unknown().optional(),
};

/** Runtime schema per event; `null` marks an observe-only event (any value is invalid). */
export const claudeResultSchemas: { readonly [N in ClaudeHookEventName]: z.ZodType | null } = {
  SessionStart: z.strictObject({
    additionalContext: text.optional(),
    initialUserMessage: text.optional(),
    sessionTitle: text.optional(),
    watchPaths: z.array(text).optional(),
    reloadSkills: z.boolean().optional(),
  }),
  Setup: context,
  InstructionsLoaded: null,
  UserPromptSubmit: z.union([
    block,
    z.strictObject({
      additionalContext: text.optional(),
      sessionTitle: text.optional(),
      suppressOriginalPrompt: z.boolean().optional(),
    }),
  ]),
  UserPromptExpansion: z.union([block, context]),
  PreToolUse: z.strictObject({
    permissionDecision: z.enum(["allow", "deny", "ask", "defer"]).optional(),
    permissionDecisionReason: text.optional(),
    additionalContext: text.optional(),
    updatedInput: anyObject.optional(),
  }),
  PermissionRequest: z.discriminatedUnion("behavior", [
    z.strictObject({
      behavior: z.literal("allow"),
      updatedPermissions: z.array(permissionUpdateSchema).optional(),
      updatedInput: anyObject.optional(),
    }),
    z.strictObject({
      behavior: z.literal("deny"),
      message: text.optional(),
      interrupt: z.boolean().optional(),
    }),
  ]),
  PostToolUse: z.union([
    z.strictObject({ ...postToolOutputs, decision: z.literal("block"), reason: text }),
    z.strictObject(postToolOutputs),
  ]),
  PostToolUseFailure: context,
  PostToolBatch: z.union([block, context]),
  PermissionDenied: z.strictObject({ retry: z.boolean() }),
  Notification: null,
  SubagentStart: context,
  SubagentStop: z.union([block, context]),
  TaskCreated: z.union([block, stopContinuing]),
  TaskCompleted: z.union([block, stopContinuing]),
  Stop: z.union([block, context]),
  StopFailure: null,
  TeammateIdle: z.union([block, stopContinuing]),
  ConfigChange: block,
  CwdChanged: watchPaths,
  FileChanged: watchPaths,
  WorktreeCreate: z.strictObject({ worktreePath: text.min(1) }),
  WorktreeRemove: null,
  PreCompact: block,
  PostCompact: null,
  SessionEnd: null,
  Elicitation: elicitation,
  ElicitationResult: elicitation,
  MessageDisplay: z.strictObject({ displayContent: text.optional() }),
};
