// The schema-version-1 session record (§8.2, prd/internals.md): exactly the
// fields needed to resume or tear down, with the launch posture per adapter.

import path from "node:path";
import { z } from "zod";
import { isValidSessionId } from "./session-id.js";

export const SESSION_RECORD_SCHEMA_VERSION = 1;

export const ADAPTER_KINDS = ["claude", "codex"] as const;
export type AdapterKind = (typeof ADAPTER_KINDS)[number];

export const CLAUDE_PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "plan",
  "bypassPermissions",
  "dontAsk",
  "auto",
] as const;
export const CODEX_SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export const CODEX_APPROVAL_POLICIES = ["untrusted", "on-request", "never"] as const;

const toolList = z.array(z.string()).exactOptional();

export const ClaudePostureSchema = z.strictObject({
  permissionMode: z.enum(CLAUDE_PERMISSION_MODES).exactOptional(),
  allowedTools: toolList,
  disallowedTools: toolList,
  tools: toolList,
});

export const CodexPostureSchema = z.strictObject({
  sandbox: z.enum(CODEX_SANDBOX_MODES).exactOptional(),
  approvalPolicy: z.enum(CODEX_APPROVAL_POLICIES).exactOptional(),
});

const sessionIdSchema = z.string().refine(isValidSessionId, "not an opaque path component");
const absolutePathSchema = z.string().refine(path.isAbsolute, "not an absolute path");
const agentSessionIdSchema = z.string().min(1).exactOptional();

const ClaudeRecordSchema = z.strictObject({
  schemaVersion: z.literal(SESSION_RECORD_SCHEMA_VERSION),
  elwoodSessionId: sessionIdSchema,
  adapter: z.literal("claude"),
  cwd: absolutePathSchema,
  resume: z.strictObject({ agentSessionId: agentSessionIdSchema, posture: ClaudePostureSchema }),
});

const CodexRecordSchema = z.strictObject({
  schemaVersion: z.literal(SESSION_RECORD_SCHEMA_VERSION),
  elwoodSessionId: sessionIdSchema,
  adapter: z.literal("codex"),
  cwd: absolutePathSchema,
  resume: z.strictObject({ agentSessionId: agentSessionIdSchema, posture: CodexPostureSchema }),
});

export const SessionRecordSchema = z.discriminatedUnion("adapter", [
  ClaudeRecordSchema,
  CodexRecordSchema,
]);

export type ClaudePosture = z.infer<typeof ClaudePostureSchema>;
export type CodexPosture = z.infer<typeof CodexPostureSchema>;
export type ClaudeSessionRecord = z.infer<typeof ClaudeRecordSchema>;
export type CodexSessionRecord = z.infer<typeof CodexRecordSchema>;
export type SessionRecord = z.infer<typeof SessionRecordSchema>;
