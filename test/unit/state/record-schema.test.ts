// The v1 session record schema (§8.2, C-STATE-04, C-STATE-13): every field, the
// posture each adapter supplies, and strictness against unknown keys.

import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../../src/claude/adapter.js";
import { CLAUDE_PERMISSION_MODES } from "../../../src/claude/posture.js";
import { codexAdapter } from "../../../src/codex/adapter.js";
import { CODEX_APPROVAL_POLICIES, CODEX_SANDBOX_MODES } from "../../../src/codex/posture.js";
import { SessionRecordSchema, sessionRecordSchema } from "../../../src/state/index.js";

const claudeRecordSchema = sessionRecordSchema(claudeAdapter.posture, claudeAdapter.agent);
const codexRecordSchema = sessionRecordSchema(codexAdapter.posture, codexAdapter.agent);

const claude = {
  schemaVersion: 1,
  elwoodSessionId: "s-1",
  adapter: "claude",
  cwd: "/work/project",
  resume: {
    agentSessionId: "0b9c",
    posture: {
      permissionMode: "acceptEdits",
      allowedTools: ["Bash(git *)"],
      disallowedTools: ["WebFetch"],
      tools: ["Bash", "Read"],
    },
  },
};

const codex = {
  schemaVersion: 1,
  elwoodSessionId: "s-2",
  adapter: "codex",
  cwd: "/work/project",
  resume: {
    agentSessionId: "thread-1",
    posture: { sandbox: "workspace-write", approvalPolicy: "on-request" },
  },
};

// The record as its agent reads it: the envelope plus that adapter's posture schema.
function accepts(value: unknown): boolean {
  const adapter = (value as { adapter?: unknown }).adapter;
  const schema = adapter === "codex" ? codexRecordSchema : claudeRecordSchema;
  return schema.safeParse(value).success && SessionRecordSchema.safeParse(value).success;
}

function withResume(base: typeof claude | typeof codex, resume: unknown): unknown {
  return { ...base, resume };
}

describe("SessionRecordSchema", () => {
  it("C-STATE-04: accepts full Claude and Codex records and returns them unchanged", () => {
    expect(claudeRecordSchema.parse(claude)).toEqual(claude);
    expect(codexRecordSchema.parse(codex)).toEqual(codex);
    expect(SessionRecordSchema.parse(claude)).toEqual(claude);
    expect(SessionRecordSchema.parse(codex)).toEqual(codex);
  });

  it("the agent-neutral envelope takes any agent id but never a path-like one", () => {
    const other = { ...codex, adapter: "echo", resume: { posture: { anything: 1 } } };
    expect(SessionRecordSchema.safeParse(other).success).toBe(true);
    for (const adapter of ["", "../claude", "Claude", "a b", "x".repeat(33)])
      expect(SessionRecordSchema.safeParse({ ...codex, adapter }).success).toBe(false);
    expect(SessionRecordSchema.safeParse(withResume(codex, { posture: "plan" })).success).toBe(
      false,
    );
  });

  it("accepts minimal records: no agent session id and an empty posture", () => {
    expect(accepts(withResume(claude, { posture: {} }))).toBe(true);
    expect(accepts(withResume(codex, { posture: {} }))).toBe(true);
  });

  it("C-STATE-13: accepts every Claude permission mode and rejects others", () => {
    for (const mode of CLAUDE_PERMISSION_MODES)
      expect(accepts(withResume(claude, { posture: { permissionMode: mode } }))).toBe(true);
    expect(CLAUDE_PERMISSION_MODES).toEqual([
      "default",
      "acceptEdits",
      "plan",
      "bypassPermissions",
      "dontAsk",
      "auto",
    ]);
    expect(accepts(withResume(claude, { posture: { permissionMode: "yolo" } }))).toBe(false);
  });

  it("C-STATE-13: accepts every Codex sandbox and approval policy and rejects others", () => {
    for (const sandbox of CODEX_SANDBOX_MODES)
      for (const approvalPolicy of CODEX_APPROVAL_POLICIES)
        expect(accepts(withResume(codex, { posture: { sandbox, approvalPolicy } }))).toBe(true);
    expect(accepts(withResume(codex, { posture: { sandbox: "none" } }))).toBe(false);
    expect(accepts(withResume(codex, { posture: { approvalPolicy: "always" } }))).toBe(false);
  });

  it("C-STATE-13: each agent's record accepts only its own id and posture", () => {
    expect(accepts(withResume(claude, { posture: { sandbox: "read-only" } }))).toBe(false);
    expect(accepts(withResume(codex, { posture: { permissionMode: "plan" } }))).toBe(false);
    expect(accepts(withResume(codex, { posture: { tools: ["Bash"] } }))).toBe(false);
    expect(claudeRecordSchema.safeParse(codex).success).toBe(false);
    expect(codexRecordSchema.safeParse(claude).success).toBe(false);
  });

  it("tool lists must be arrays of strings", () => {
    for (const key of ["allowedTools", "disallowedTools", "tools"]) {
      expect(accepts(withResume(claude, { posture: { [key]: [] } }))).toBe(true);
      expect(accepts(withResume(claude, { posture: { [key]: "Bash" } }))).toBe(false);
      expect(accepts(withResume(claude, { posture: { [key]: ["Bash", 3] } }))).toBe(false);
    }
  });

  it("rejects a wrong schema version, adapter, id, cwd or agent session id", () => {
    expect(accepts({ ...claude, schemaVersion: 2 })).toBe(false);
    expect(accepts({ ...claude, schemaVersion: "1" })).toBe(false);
    expect(accepts({ ...claude, adapter: "gemini" })).toBe(false);
    for (const id of ["", ".", "..", "a/b", "a\\b", "a\0b", "/abs", "x".repeat(129)])
      expect(accepts({ ...claude, elwoodSessionId: id })).toBe(false);
    expect(accepts({ ...claude, cwd: "relative/dir" })).toBe(false);
    expect(accepts(withResume(claude, { agentSessionId: "", posture: {} }))).toBe(false);
    expect(accepts(withResume(claude, { agentSessionId: 7, posture: {} }))).toBe(false);
  });

  it("rejects missing required fields", () => {
    for (const key of ["schemaVersion", "elwoodSessionId", "adapter", "cwd", "resume"]) {
      const copy: Record<string, unknown> = { ...claude };
      delete copy[key];
      expect(accepts(copy)).toBe(false);
    }
    expect(accepts(withResume(claude, { agentSessionId: "x" }))).toBe(false);
  });

  it("is strict: unknown keys at every level are rejected", () => {
    expect(accepts({ ...claude, status: "running" })).toBe(false);
    expect(accepts({ ...claude, socketPath: "/tmp/s" })).toBe(false);
    expect(accepts(withResume(claude, { posture: {}, token: "t" }))).toBe(false);
    expect(accepts(withResume(claude, { posture: { model: "opus" } }))).toBe(false);
    expect(accepts(withResume(codex, { posture: { sandbox: "read-only", extra: 1 } }))).toBe(false);
  });

  it("rejects explicitly undefined optional fields (exact optional)", () => {
    expect(accepts(withResume(claude, { agentSessionId: undefined, posture: {} }))).toBe(false);
    expect(accepts(withResume(claude, { posture: { permissionMode: undefined } }))).toBe(false);
  });
});
