// Claude's side of approvals (prd/approvals.md): a PermissionRequest input becomes the
// agent-neutral ApprovalRequest, and a human's answer becomes Claude's
// PermissionRequest result. The broker in core/approvals owns everything else.

import {
  type ApprovalRequest,
  approvalRequestOf,
  type ElwoodApprovalAnswer,
  type ElwoodApprovalDetail,
  lineDiff,
  mcpApprovalDetail,
} from "../core/approvals/types.js";
import type { ClaudePermissionRequestEvent } from "./hooks/events.js";
import type { ClaudePermissionRequestResult } from "./hooks/responses.js";

type Fields = Readonly<Record<string, unknown>>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function detailOf(toolName: string, input: Fields): ElwoodApprovalDetail {
  const mcp = mcpApprovalDetail(toolName, input);
  if (mcp !== undefined) return mcp;
  if (toolName === "Bash" && typeof input.command === "string") {
    const description = typeof input.description === "string" ? input.description : undefined;
    return {
      kind: "command",
      command: input.command,
      ...(description === undefined ? {} : { description }),
    };
  }
  const filePath = typeof input.file_path === "string" ? input.file_path : undefined;
  const edit = (diff: string): ElwoodApprovalDetail => ({
    kind: "edit",
    ...(filePath === undefined ? {} : { filePath }),
    diff,
  });
  if (toolName === "Edit") return edit(lineDiff(text(input.old_string), text(input.new_string)));
  if (toolName === "Write") return edit(lineDiff("", text(input.content)));
  if (toolName === "MultiEdit" && Array.isArray(input.edits)) {
    const edits = input.edits as readonly Fields[];
    return edit(
      edits.map((one) => lineDiff(text(one.old_string), text(one.new_string))).join("\n"),
    );
  }
  return { kind: "other" };
}

/**
 * Tools whose prompt Claude asks through PermissionRequest but takes only a person's
 * answer for: 2.1.332 ignores a hook's allow for ExitPlanMode (the plan approval stays on
 * screen; a deny is honoured) and for AskUserQuestion (an allow carries no answer; the
 * question stays), so a pending approval would promise an answer that cannot work. The
 * dialog stays an attention for a person (prd/screens.md "Dialogs a turn stops on").
 */
const PERSON_ONLY_TOOLS: ReadonlySet<string> = new Set(["ExitPlanMode", "AskUserQuestion"]);

/** The approval a PermissionRequest becomes; undefined for a prompt only a person can allow. */
export function claudeApprovalRequest(
  event: ClaudePermissionRequestEvent,
): ApprovalRequest | undefined {
  if (PERSON_ONLY_TOOLS.has(event.tool_name)) return undefined;
  return approvalRequestOf("claude", event, detailOf);
}

export function claudeApprovalResult(answer: ElwoodApprovalAnswer): ClaudePermissionRequestResult {
  if (answer.behavior === "allow") return { behavior: "allow" };
  return answer.message === undefined
    ? { behavior: "deny" }
    : { behavior: "deny", message: answer.message };
}
