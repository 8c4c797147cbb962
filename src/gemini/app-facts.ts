// What the apps know of Gemini (core/launch/app-facts.ts): its one posture setting, the
// approval mode, and how the elwood CLI spells it; its session modes for `elwood acp`; its
// own TUI command line for `elwood interactive`; and its approvals. Gemini has no hook that
// answers its permission dialog (its BeforeTool fires for every call, asked or not), so
// its approvals are answered on screen: the Notification hook announces the dialog.
import type { AgentAppFacts, AgentSessionMode } from "../core/launch/app-facts.js";
import { geminiApprovalRequest } from "./approvals.js";
import type { GeminiErrorName } from "./errors.js";
import { geminiArgv } from "./launch/argv.js";
import { GEMINI_APPROVAL_MODES, type GeminiPosture } from "./posture.js";

export const geminiAppFacts = {
  id: "gemini",
  displayName: "Gemini CLI",
  installHint: "npm install -g @google/gemini-cli",
  highTrustSummary: "Gemini --approval-mode yolo",
  // Gemini's CLI takes no reasoning effort flag (0.61.0 `--help`).
  reasoningEfforts: [],
  postureSettings: [
    {
      option: "approvalMode",
      flag: "gemini-approval-mode",
      env: "ELWOOD_GEMINI_APPROVAL_MODE",
      configKey: "approvalMode",
      values: GEMINI_APPROVAL_MODES,
      highTrust: "yolo",
      valueLabel: "mode",
      help: "Gemini approval mode (default: the user's Gemini settings).",
    },
  ],
  servedFields: [],
  sessionModes: [
    approvalMode("default", "Default", "Asks before edits and commands."),
    approvalMode("auto_edit", "Auto edit", "Edits without asking; asks before commands."),
    approvalMode("yolo", "YOLO", "Runs every tool without asking."),
    approvalMode("plan", "Plan", "Reads and plans only; makes no changes."),
  ],
  usageErrorNames: [
    "gemini_high_trust_conflict",
    "gemini_hooks_disabled",
  ] satisfies GeminiErrorName[],
  // The same flags a session launches with, without Elwood's home, hooks or session id.
  interactiveArgv: (launch) =>
    geminiArgv({
      binary: launch.binary,
      launch: { model: launch.model, skipTrust: false },
      posture: launch.posture as GeminiPosture,
      resumeId: launch.resumeId,
      newSessionId: undefined,
    }),
  approvals: {
    hookName: "Notification",
    answeredOnScreen: true,
    request: geminiApprovalRequest,
  },
} as const satisfies AgentAppFacts;

function approvalMode(id: string, name: string, description: string): AgentSessionMode {
  return { id, name, description, posture: { approvalMode: id } };
}
