// What the apps know of Claude Code (core/launch/app-facts.ts): its posture setting and
// how the elwood CLI spells it, its efforts, its own TUI command line for `elwood
// interactive`, and its PermissionRequest as pending approvals.
import type { AgentAppFacts, AgentSessionMode } from "../core/launch/app-facts.js";
import { claudeApprovalRequest, claudeApprovalResult } from "./approvals.js";
import type { ClaudeErrorName } from "./errors.js";
import { claudeChoiceFlags } from "./launch/argv.js";
import { CLAUDE_REASONING_EFFORTS, type ClaudeReasoningEffort } from "./options.js";
import { CLAUDE_PERMISSION_MODES, type ClaudePosture } from "./posture.js";

export const claudeAppFacts = {
  id: "claude",
  displayName: "Claude Code",
  installHint: "npm install -g @anthropic-ai/claude-code",
  highTrustSummary: "Claude bypassPermissions",
  reasoningEfforts: CLAUDE_REASONING_EFFORTS,
  postureSettings: [
    {
      option: "permissionMode",
      flag: "claude-permission-mode",
      env: "ELWOOD_CLAUDE_PERMISSION_MODE",
      configKey: "permissionMode",
      values: CLAUDE_PERMISSION_MODES,
      builtin: "dontAsk",
      highTrust: "bypassPermissions",
      valueLabel: "mode",
      help: "Claude permission mode (default dontAsk).",
    },
  ],
  servedFields: [
    { name: "allowedTools", kind: "string_list" },
    { name: "disallowedTools", kind: "string_list" },
  ],
  sessionModes: [
    permissionMode("default", "Ask", "Asks before each tool that needs permission."),
    permissionMode("acceptEdits", "Accept edits", "Edits files without asking; asks for the rest."),
    permissionMode("plan", "Plan", "Plans only: reads and proposes, changes nothing."),
    permissionMode(
      "dontAsk",
      "Don't ask",
      "Denies what the settings do not allow, without asking.",
    ),
    permissionMode("bypassPermissions", "Bypass permissions", "Runs every tool without asking."),
  ],
  usageErrorNames: [
    "claude_invalid_reasoning_effort",
    "claude_high_trust_conflict",
    // The user's own settings switch hooks off (issue 48): their config to change.
    "claude_hooks_disabled",
  ] satisfies ClaudeErrorName[],
  interactiveArgv: (launch) => [
    launch.binary,
    ...(launch.resumeId === undefined ? [] : ["--resume", launch.resumeId]),
    ...claudeChoiceFlags(
      {
        model: launch.model,
        reasoningEffort: launch.reasoningEffort as ClaudeReasoningEffort | undefined,
      },
      launch.posture as Pick<ClaudePosture, "permissionMode">,
    ),
  ],
  approvals: {
    hookName: "PermissionRequest",
    request: claudeApprovalRequest,
    result: claudeApprovalResult,
  },
} as const satisfies AgentAppFacts;

// A Claude session mode is one of its permission modes.
function permissionMode(id: string, name: string, description: string): AgentSessionMode {
  return { id, name, description, posture: { permissionMode: id } };
}
