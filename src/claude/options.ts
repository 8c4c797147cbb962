// StartClaudeOptions / ResumeClaudeOptions (seeds §5.1, §5.2): Claude's fields of the
// shared option schema (core/launch/session-options.ts), validated before anything is
// spawned or written, and the highTrust/permissionMode rule that joins two of them.

import { agentOptions, type CommonStartOptions } from "../core/launch/session-options.js";
import { ElwoodError } from "../errors.js";
import { flag, oneOf, plainObject, text, textList } from "../options/fields.js";
import type { ClaudeErrorName } from "./errors.js";
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

const CLAUDE_FIELDS = {
  name: text("name"),
  model: text("model"),
  reasoningEffort: oneOf(
    "reasoningEffort",
    CLAUDE_REASONING_EFFORTS,
    "claude_invalid_reasoning_effort",
  ),
  permissionMode: oneOf("permissionMode", CLAUDE_PERMISSION_MODES),
  // `tools: []` is allowed: `--tools ""` disables every built-in tool.
  allowedTools: textList("allowedTools"),
  disallowedTools: textList("disallowedTools"),
  tools: textList("tools"),
  highTrust: flag("highTrust").default(false),
  settingsOverrides: plainObject("`settingsOverrides` must be a plain object of Claude settings."),
};

export const claudeOptions = agentOptions<
  typeof CLAUDE_FIELDS,
  ClaudeLaunchOptions,
  ClaudeHookHandlers,
  ClaudePosture
>({
  fields: CLAUDE_FIELDS,
  startOnly: ["name", "model", "settingsOverrides"],
  split({ name, model, reasoningEffort, settingsOverrides, highTrust, ...policy }) {
    const { permissionMode, allowedTools, disallowedTools, tools } = policy;
    if (highTrust && permissionMode !== undefined) {
      throw new ElwoodError<ClaudeErrorName>(
        "claude_high_trust_conflict",
        `\`highTrust: true\` already means permissionMode "bypassPermissions"; drop \`permissionMode\` ("${permissionMode}") or \`highTrust\`.`,
        { details: { permissionMode } },
      );
    }
    const mode = highTrust ? "bypassPermissions" : permissionMode;
    const posture: ClaudePosture = {
      ...(mode === undefined ? {} : { permissionMode: mode }),
      ...(allowedTools === undefined ? {} : { allowedTools: [...allowedTools] }),
      ...(disallowedTools === undefined ? {} : { disallowedTools: [...disallowedTools] }),
      ...(tools === undefined ? {} : { tools: [...tools] }),
    };
    if (settingsOverrides !== undefined) assertInlineSettingsSize(settingsOverrides);
    return { launch: { name, model, reasoningEffort, settingsOverrides }, posture };
  },
});

/** The most `settingsOverrides` may take as JSON: it travels inside one argv string. */
export const MAX_SETTINGS_OVERRIDES_BYTES = 65_536;

// The settings go inline on the command line (Linux caps one argument at 128 KiB, and
// the login shell's `-c` string holds the whole command), so they must serialize, small.
function assertInlineSettingsSize(settingsOverrides: object): void {
  let json: string | undefined;
  try {
    json = JSON.stringify(settingsOverrides);
  } catch (error) {
    throw new ElwoodError("invalid_options", "`settingsOverrides` must be JSON-serializable.", {
      details: { option: "settingsOverrides" },
      cause: error,
    });
  }
  const bytes = Buffer.byteLength(json ?? "", "utf8");
  if (bytes > MAX_SETTINGS_OVERRIDES_BYTES)
    throw new ElwoodError(
      "invalid_options",
      `\`settingsOverrides\` is ${bytes} bytes as JSON; at most ${MAX_SETTINGS_OVERRIDES_BYTES} fit on the command line Claude is started with.`,
      { details: { option: "settingsOverrides" } },
    );
}
