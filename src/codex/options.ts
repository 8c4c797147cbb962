// StartCodexOptions / ResumeCodexOptions (api.md §5.5, §5.6), validated before anything
// is spawned or written: reasoning effort, highTrust against explicit sandbox/approval,
// raw config overrides.
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

function normalizeCodexSpecific(raw: Readonly<Record<string, unknown>>) {
  const reasoningEffort = optionalEnum(
    raw.reasoningEffort,
    "reasoningEffort",
    CODEX_REASONING_EFFORTS,
    "codex_invalid_reasoning_effort",
  );
  let sandbox = optionalEnum(raw.sandbox, "sandbox", CODEX_SANDBOX_MODES);
  let approvalPolicy = optionalEnum(raw.approvalPolicy, "approvalPolicy", CODEX_APPROVAL_POLICIES);
  // Codex 0.171 refuses it both as `-a untrusted` (exit 2) and as `approval_policy` in
  // config ("no longer supported"), so passing it on would only spawn a CLI that dies.
  if (approvalPolicy === "untrusted") {
    throw invalidOption(
      'Codex 0.171 no longer supports approvalPolicy "untrusted"; use "on-request" (with sandbox "read-only" or "workspace-write" to be asked before commands leave the sandbox) or "never".',
    );
  }
  if (optionalBoolean(raw.highTrust, "highTrust")) {
    if (sandbox !== undefined || approvalPolicy !== undefined) {
      throw new ElwoodError(
        "codex_high_trust_conflict",
        '`highTrust: true` already means sandbox "danger-full-access" with approvalPolicy "never"; drop `sandbox`/`approvalPolicy` or `highTrust`.',
        { details: { sandbox, approvalPolicy } },
      );
    }
    sandbox = "danger-full-access";
    approvalPolicy = "never";
  }
  const configOverrides = optionalStringList(raw.configOverrides, "configOverrides") ?? [];
  for (const override of configOverrides) {
    if (!override.includes("=")) {
      throw invalidOption(
        `Each config override must look like key=value; got ${JSON.stringify(override)}.`,
      );
    }
  }
  return {
    launch: {
      model: optionalString(raw.model, "model"),
      profile: optionalString(raw.profile, "profile"),
      reasoningEffort,
      configOverrides,
    },
    postureOverrides: {
      ...(sandbox === undefined ? {} : { sandbox }),
      ...(approvalPolicy === undefined ? {} : { approvalPolicy }),
    },
  };
}

export function normalizeCodexOptions(
  options: StartCodexOptions | ResumeCodexOptions,
): NormalizedAgentOptions<CodexLaunchOptions, CodexHookHandlers, CodexPosture> {
  return normalizeAgentOptions(options, normalizeCodexSpecific);
}
