// What the apps know of Copilot (core/launch/app-facts.ts): its agent mode as a posture
// setting, its tool lists as served fields, its efforts, its own TUI command line for
// `elwood interactive`, and its permissionRequest as pending approvals.
import type { AgentAppFacts } from "../core/launch/app-facts.js";
import { copilotApprovalRequest, copilotApprovalResult } from "./approvals.js";
import type { CopilotErrorName } from "./errors.js";
import { copilotChoiceFlags } from "./launch/argv.js";
import { COPILOT_REASONING_EFFORTS } from "./options.js";
import { COPILOT_MODES, type CopilotMode } from "./posture.js";

export const copilotAppFacts = {
  id: "copilot",
  displayName: "Copilot",
  installHint: "npm install -g @github/copilot",
  highTrustSummary: "Copilot --allow-all",
  reasoningEfforts: COPILOT_REASONING_EFFORTS,
  postureSettings: [
    {
      option: "mode",
      flag: "copilot-mode",
      env: "ELWOOD_COPILOT_MODE",
      configKey: "mode",
      values: COPILOT_MODES,
      builtin: "interactive",
      highTrust: "interactive",
      valueLabel: "mode",
      help: "Copilot agent mode (default interactive).",
    },
  ],
  servedFields: [
    { name: "allowedTools", kind: "string_list" },
    { name: "deniedTools", kind: "string_list" },
  ],
  usageErrorNames: [
    "copilot_invalid_reasoning_effort",
    "copilot_high_trust_conflict",
    "copilot_hooks_disabled",
  ] satisfies CopilotErrorName[],
  interactiveArgv: (launch) => [
    launch.binary,
    "-C",
    launch.cwd,
    ...(launch.resumeId === undefined ? [] : [`--session-id=${launch.resumeId}`]),
    ...copilotChoiceFlags({
      model: launch.model,
      reasoningEffort: launch.reasoningEffort,
      posture: {
        ...(launch.posture.mode === undefined ? {} : { mode: launch.posture.mode as CopilotMode }),
      },
    }),
  ],
  approvals: {
    hookName: "permissionRequest",
    request: copilotApprovalRequest,
    result: copilotApprovalResult,
  },
} as const satisfies AgentAppFacts;
