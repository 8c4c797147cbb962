// StartCodexOptions / ResumeCodexOptions (api.md §5.5, §5.6): Codex's fields of the
// shared option schema (core/launch/session-options.ts), validated before anything is
// spawned or written, and the highTrust rule against an explicit sandbox/approval.
import { agentOptions, type CommonStartOptions } from "../core/launch/session-options.js";
import { ElwoodError } from "../errors.js";
import { flag, oneOf, text, textList } from "../options/fields.js";
import type { CodexErrorName } from "./errors.js";
import type { CodexHookHandlers } from "./hooks/handlers.js";
import { CODEX_APPROVAL_POLICIES, CODEX_SANDBOX_MODES, type CodexPosture } from "./posture.js";

export const CODEX_REASONING_EFFORTS = [
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max",
] as const;
export type CodexReasoningEffort = (typeof CODEX_REASONING_EFFORTS)[number];
export type CodexSandboxMode = (typeof CODEX_SANDBOX_MODES)[number];
export type CodexApprovalPolicy = (typeof CODEX_APPROVAL_POLICIES)[number];

interface CodexPolicyOptions {
  readonly hooks?: CodexHookHandlers;
  readonly reasoningEffort?: CodexReasoningEffort;
  readonly sandbox?: CodexSandboxMode;
  readonly approvalPolicy?: CodexApprovalPolicy;
  readonly highTrust?: boolean;
}

export interface StartCodexOptions extends CommonStartOptions, CodexPolicyOptions {
  readonly model?: string;
  readonly profile?: string;
  /** Raw `-c key=value` overrides, passed in order and not parsed. */
  readonly configOverrides?: readonly string[];
}

export interface ResumeCodexOptions
  extends Omit<CommonStartOptions, "cwd" | "persona">,
    CodexPolicyOptions {
  readonly elwoodSessionId: string;
  readonly cwd?: string;
}

export interface CodexLaunchOptions {
  readonly model: string | undefined;
  readonly profile: string | undefined;
  readonly reasoningEffort: CodexReasoningEffort | undefined;
  readonly configOverrides: readonly string[];
}

// Codex 0.171 refuses it both as `-a untrusted` (exit 2) and as `approval_policy` in
// config ("no longer supported"), so passing it on would only spawn a CLI that dies.
const UNTRUSTED_REFUSED =
  'Codex 0.171 no longer supports approvalPolicy "untrusted"; use "on-request" (with sandbox "read-only" or "workspace-write" to be asked before commands leave the sandbox) or "never".';

const overrideProblem = (overrides: readonly string[] | undefined) =>
  overrides?.find((override) => !override.includes("="));

const CODEX_FIELDS = {
  model: text("model"),
  profile: text("profile"),
  reasoningEffort: oneOf(
    "reasoningEffort",
    CODEX_REASONING_EFFORTS,
    "codex_invalid_reasoning_effort",
  ),
  sandbox: oneOf("sandbox", CODEX_SANDBOX_MODES),
  approvalPolicy: oneOf("approvalPolicy", CODEX_APPROVAL_POLICIES).refine(
    (policy) => policy !== "untrusted",
    { error: UNTRUSTED_REFUSED },
  ),
  highTrust: flag("highTrust").default(false),
  configOverrides: textList("configOverrides").refine(
    (overrides) => overrideProblem(overrides) === undefined,
    {
      error: (issue) =>
        `Each config override must look like key=value; got ${JSON.stringify(overrideProblem(issue.input as string[]))}.`,
    },
  ),
};

export const codexOptions = agentOptions<
  typeof CODEX_FIELDS,
  CodexLaunchOptions,
  CodexHookHandlers,
  CodexPosture
>({
  fields: CODEX_FIELDS,
  startOnly: ["model", "profile", "configOverrides"],
  split({
    model,
    profile,
    reasoningEffort,
    configOverrides = [],
    highTrust,
    sandbox,
    approvalPolicy,
  }) {
    if (highTrust && (sandbox !== undefined || approvalPolicy !== undefined)) {
      throw new ElwoodError<CodexErrorName>(
        "codex_high_trust_conflict",
        '`highTrust: true` already means sandbox "danger-full-access" with approvalPolicy "never"; drop `sandbox`/`approvalPolicy` or `highTrust`.',
        { details: { sandbox, approvalPolicy } },
      );
    }
    const posture: CodexPosture = highTrust
      ? { sandbox: "danger-full-access", approvalPolicy: "never" }
      : {
          ...(sandbox === undefined ? {} : { sandbox }),
          ...(approvalPolicy === undefined ? {} : { approvalPolicy }),
        };
    return { launch: { model, profile, reasoningEffort, configOverrides }, posture };
  },
});
