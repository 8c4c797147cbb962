// StartClaudeOptions / ResumeClaudeOptions (seeds §5.1, §5.2), validated before anything
// is spawned or written: reasoning effort, the highTrust/permissionMode conflict, tool rules.

import {
  type CommonStartOptions,
  invalidOption,
  type NormalizedAgentOptions,
  normalizeAgentOptions,
  optionalBoolean,
  optionalEnum,
  optionalString,
  optionalStringList,
} from "../core/launch/common-options.js";
import { ElwoodError } from "../errors.js";
import type { ClaudeHookHandlers } from "./hooks/handlers.js";
import { CLAUDE_PERMISSION_MODES, type ClaudePosture } from "./posture.js";

export const CLAUDE_REASONING_EFFORTS = ["low", "medium", "high", "xhigh", "max"] as const;
export type ClaudeReasoningEffort = (typeof CLAUDE_REASONING_EFFORTS)[number];
export type ClaudePermissionMode = (typeof CLAUDE_PERMISSION_MODES)[number];
/** A Claude permission rule or tool name, e.g. `"Bash(git *)"` or `"Read"`. */
export type ClaudeToolRule = string;
export type ClaudeSettingsOverrides = Readonly<Record<string, unknown>>;

interface ClaudePolicyOptions {
  readonly reasoningEffort?: ClaudeReasoningEffort;
  readonly permissionMode?: ClaudePermissionMode;
  readonly allowedTools?: readonly ClaudeToolRule[];
  readonly disallowedTools?: readonly ClaudeToolRule[];
  readonly tools?: readonly ClaudeToolRule[];
  readonly highTrust?: boolean;
  readonly hooks?: ClaudeHookHandlers;
}

export interface StartClaudeOptions extends CommonStartOptions, ClaudePolicyOptions {
  readonly name?: string;
  readonly model?: string;
  readonly settingsOverrides?: ClaudeSettingsOverrides;
}

export interface ResumeClaudeOptions
  extends Omit<CommonStartOptions, "cwd" | "persona">,
    ClaudePolicyOptions {
  readonly elwoodSessionId: string;
  readonly cwd?: string;
}

/** What the Claude launch needs beyond the persisted posture. */
export interface ClaudeLaunchOptions {
  readonly name: string | undefined;
  readonly model: string | undefined;
  readonly reasoningEffort: ClaudeReasoningEffort | undefined;
  readonly settingsOverrides: ClaudeSettingsOverrides | undefined;
}

function normalizeClaudeSpecific(raw: Readonly<Record<string, unknown>>) {
  const reasoningEffort = optionalEnum(
    raw.reasoningEffort,
    "reasoningEffort",
    CLAUDE_REASONING_EFFORTS,
    "claude_invalid_reasoning_effort",
  );
  let permissionMode = optionalEnum(raw.permissionMode, "permissionMode", CLAUDE_PERMISSION_MODES);
  if (optionalBoolean(raw.highTrust, "highTrust")) {
    if (permissionMode !== undefined) {
      throw new ElwoodError(
        "claude_high_trust_conflict",
        `\`highTrust: true\` already means permissionMode "bypassPermissions"; drop \`permissionMode\` ("${permissionMode}") or \`highTrust\`.`,
        { details: { permissionMode } },
      );
    }
    permissionMode = "bypassPermissions";
  }
  const allowedTools = optionalStringList(raw.allowedTools, "allowedTools");
  const disallowedTools = optionalStringList(raw.disallowedTools, "disallowedTools");
  const tools = raw.tools === undefined ? undefined : toolsList(raw.tools);
  const settingsOverrides = raw.settingsOverrides;
  if (
    settingsOverrides !== undefined &&
    (typeof settingsOverrides !== "object" ||
      settingsOverrides === null ||
      Array.isArray(settingsOverrides))
  ) {
    throw invalidOption("`settingsOverrides` must be a plain object of Claude settings.");
  }
  const postureOverrides: ClaudePosture = {
    ...(permissionMode === undefined ? {} : { permissionMode }),
    ...(allowedTools === undefined ? {} : { allowedTools: [...allowedTools] }),
    ...(disallowedTools === undefined ? {} : { disallowedTools: [...disallowedTools] }),
    ...(tools === undefined ? {} : { tools: [...tools] }),
  };
  return {
    launch: {
      name: optionalString(raw.name, "name"),
      model: optionalString(raw.model, "model"),
      reasoningEffort,
      settingsOverrides: settingsOverrides as ClaudeSettingsOverrides | undefined,
    },
    postureOverrides,
  };
}

export function normalizeClaudeOptions(
  options: StartClaudeOptions | ResumeClaudeOptions,
): NormalizedAgentOptions<ClaudeLaunchOptions, ClaudeHookHandlers, ClaudePosture> {
  return normalizeAgentOptions(options, normalizeClaudeSpecific);
}

// `tools` may be empty: `--tools ""` disables every built-in tool.
function toolsList(value: unknown): readonly string[] {
  if (Array.isArray(value) && value.length === 0) return [];
  return optionalStringList(value, "tools") ?? [];
}
