// What a Codex session persists for resume (§8.2): its sandbox and approval policy.
// The record's posture field is validated against this schema.
import { z } from "zod";

export const CODEX_SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export const CODEX_APPROVAL_POLICIES = ["untrusted", "on-request", "never"] as const;

export const CodexPostureSchema = z.strictObject({
  sandbox: z.enum(CODEX_SANDBOX_MODES).exactOptional(),
  approvalPolicy: z.enum(CODEX_APPROVAL_POLICIES).exactOptional(),
});

export type CodexPosture = z.infer<typeof CodexPostureSchema>;
