// Copilot's side of approvals (prd/approvals.md): a permissionRequest input (the shell
// tool is `bash {command}`) becomes the agent-neutral ApprovalRequest, and a human's
// answer becomes Copilot's `{behavior, message}`.

import {
  type ApprovalRequest,
  approvalRequestOf,
  type ElwoodApprovalAnswer,
  type ElwoodApprovalDetail,
  mcpApprovalDetail,
} from "../core/approvals/types.js";
import type { CopilotHookEventOf } from "./hooks/events.js";
import type { CopilotPermissionRequestResult } from "./hooks/responses.js";

type Fields = Readonly<Record<string, unknown>>;

function detailOf(toolName: string, input: Fields): ElwoodApprovalDetail {
  const mcp = mcpApprovalDetail(toolName, input);
  if (mcp !== undefined) return mcp;
  const command = typeof input.command === "string" ? input.command : undefined;
  if (toolName === "bash" && command !== undefined) return { kind: "command", command };
  return { kind: "other" };
}

export function copilotApprovalRequest(
  event: CopilotHookEventOf<"permissionRequest">,
): ApprovalRequest {
  return approvalRequestOf("copilot", event, detailOf);
}

export function copilotApprovalResult(
  answer: ElwoodApprovalAnswer,
): CopilotPermissionRequestResult {
  if (answer.behavior === "allow") return { behavior: "allow" };
  return answer.message === undefined
    ? { behavior: "deny" }
    : { behavior: "deny", message: answer.message };
}
