// What the apps know of Codex (core/launch/app-facts.ts): its posture settings and how
// the elwood CLI spells them, its efforts, its own TUI command line for `elwood
// interactive`, and its PermissionRequest as pending approvals.
import type { AgentAppFacts, AgentSessionMode } from "../core/launch/app-facts.js";
import { codexApprovalRequest, codexApprovalResult } from "./approvals.js";
import type { CodexErrorName } from "./errors.js";
import { codexChoiceFlags } from "./launch/choice-flags.js";
import { CODEX_REASONING_EFFORTS } from "./options.js";
import { CODEX_APPROVAL_POLICIES, CODEX_SANDBOX_MODES, type CodexPosture } from "./posture.js";

// The posture schema still reads "untrusted" from old records, but a start with it is
// refused (Codex 0.171 rejects it), so users are offered only the policies that start.
const STARTABLE_APPROVAL_POLICIES = CODEX_APPROVAL_POLICIES.filter(
  (policy) => policy !== "untrusted",
);

export const codexAppFacts = {
  id: "codex",
  displayName: "Codex",
  installHint: "npm install -g @openai/codex",
  highTrustSummary: "Codex danger-full-access + never",
  reasoningEfforts: CODEX_REASONING_EFFORTS,
  postureSettings: [
    {
      option: "sandbox",
      flag: "codex-sandbox",
      env: "ELWOOD_CODEX_SANDBOX",
      configKey: "sandbox",
      values: CODEX_SANDBOX_MODES,
      builtin: "workspace-write",
      highTrust: "danger-full-access",
      valueLabel: "mode",
      help: "Codex sandbox (default workspace-write).",
    },
    {
      option: "approvalPolicy",
      flag: "codex-approval-policy",
      env: "ELWOOD_CODEX_APPROVAL_POLICY",
      configKey: "approvalPolicy",
      values: STARTABLE_APPROVAL_POLICIES,
      builtin: "never",
      highTrust: "never",
      valueLabel: "policy",
      help: "Codex approval policy (default never).",
    },
  ],
  servedFields: [],
  sessionModes: [
    sandboxMode(
      "auto",
      "Auto",
      "Works in the workspace; asks before leaving the sandbox.",
      "workspace-write",
      "on-request",
    ),
    sandboxMode(
      "read-only",
      "Read only",
      "Reads only; asks before any change or command outside the sandbox.",
      "read-only",
      "on-request",
    ),
    sandboxMode(
      "full-access",
      "Full access",
      "No sandbox and no questions.",
      "danger-full-access",
      "never",
    ),
  ],
  usageErrorNames: [
    "codex_invalid_reasoning_effort",
    "codex_high_trust_conflict",
  ] satisfies CodexErrorName[],
  // `codex resume <id>` is a subcommand: it comes right after the binary.
  interactiveArgv: (launch) => [
    launch.binary,
    ...(launch.resumeId === undefined ? [] : ["resume", launch.resumeId]),
    "--cd",
    launch.cwd,
    ...codexChoiceFlags({
      model: launch.model,
      reasoningEffort: launch.reasoningEffort,
      posture: launch.posture as Pick<CodexPosture, "sandbox" | "approvalPolicy">,
    }),
  ],
  approvals: {
    hookName: "PermissionRequest",
    request: codexApprovalRequest,
    result: codexApprovalResult,
  },
} as const satisfies AgentAppFacts;

// A Codex session mode is a sandbox with the approval policy that goes with it.
function sandboxMode(
  id: string,
  name: string,
  description: string,
  sandbox: string,
  approvalPolicy: string,
): AgentSessionMode {
  return { id, name, description, posture: { sandbox, approvalPolicy } };
}
