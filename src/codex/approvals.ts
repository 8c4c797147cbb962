// Codex's side of approvals (prd/approvals.md): a PermissionRequest input (Codex 0.171
// reports shell calls as `Bash {command}` and patches as `apply_patch {command}`) becomes
// the agent-neutral ApprovalRequest, and a human's answer becomes Codex's result.

import {
  type ApprovalRequest,
  approvalRequestOf,
  type ElwoodApprovalAnswer,
  type ElwoodApprovalDetail,
  mcpApprovalDetail,
} from "../core/approvals/types.js";
import type { CodexHookEventOf } from "./hooks/events.js";
import type { CodexPermissionRequestResult } from "./hooks/responses.js";

type Fields = Readonly<Record<string, unknown>>;

/** The first file a patch touches (`*** Update File: <path>` and its Add/Delete twins). */
function patchFilePath(patch: string): string | undefined {
  return /^\*\*\* (?:Update|Add|Delete) File: (.+)$/m.exec(patch)?.[1]?.trim();
}

function detailOf(toolName: string, input: Fields): ElwoodApprovalDetail {
  const mcp = mcpApprovalDetail(toolName, input);
  if (mcp !== undefined) return mcp;
  const command = typeof input.command === "string" ? input.command : undefined;
  if (toolName === "Bash" && command !== undefined) {
    const description = typeof input.description === "string" ? input.description : undefined;
    return { kind: "command", command, ...(description === undefined ? {} : { description }) };
  }
  if (toolName === "apply_patch" && command !== undefined) {
    const filePath = patchFilePath(command);
    return { kind: "edit", ...(filePath === undefined ? {} : { filePath }), diff: command };
  }
  return { kind: "other" };
}

export function codexApprovalRequest(
  event: CodexHookEventOf<"PermissionRequest">,
): ApprovalRequest {
  return approvalRequestOf("codex", event, detailOf);
}

/** Codex takes no message on allow and fails closed on anything beyond behavior/message. */
export function codexApprovalResult(answer: ElwoodApprovalAnswer): CodexPermissionRequestResult {
  if (answer.behavior === "allow") return { behavior: "allow" };
  return answer.message === undefined
    ? { behavior: "deny" }
    : { behavior: "deny", message: answer.message };
}
