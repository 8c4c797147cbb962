// The agent-neutral shape of a pending approval (prd/approvals.md): what a parent shows a
// human for one PermissionRequest and what the human may answer, and the detail helpers
// both adapters use (the `mcp__<server>__<tool>` naming, an edit's line diff).

import type { ElwoodAgentId } from "../contract/status.js";

/** What the tool call would do, in the terms a human judges it by. */
export type ElwoodApprovalDetail =
  | { readonly kind: "command"; readonly command: string; readonly description?: string }
  | { readonly kind: "edit"; readonly filePath?: string; readonly diff?: string }
  | {
      readonly kind: "mcp";
      readonly server: string;
      readonly tool: string;
      readonly arguments: unknown;
    }
  | { readonly kind: "other" };

/** One parked PermissionRequest as an adapter describes it. */
export interface ApprovalRequest {
  readonly agent: ElwoodAgentId;
  /** The CLI's own session id from the hook input. */
  readonly agentSessionId: string;
  readonly toolName: string;
  /** The tool's input exactly as the hook reported it (deep-frozen). */
  readonly input: unknown;
  readonly detail: ElwoodApprovalDetail;
}

/** A pending (or just settled) approval: the request plus its id and times (epoch ms). */
export interface ElwoodApproval extends ApprovalRequest {
  readonly id: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** What a human answered; `message` on a deny is shown to the model. */
export type ElwoodApprovalAnswer =
  | { readonly behavior: "allow" }
  | { readonly behavior: "deny"; readonly message?: string };

/**
 * Why an approval was cancelled: the CLI's hook request ended before it was answered
 * (`request_ended`: the CLI was interrupted, gave up on its own hook timeout, or exited),
 * its session ended (`session_ended`), the handler's deadline passed (`deadline`), or the
 * approvals were closed (`closed`).
 */
export type ElwoodApprovalCancelReason = "request_ended" | "session_ended" | "deadline" | "closed";

/**
 * How an approval stopped being pending: answered by someone, expired (the CLI shows its
 * own dialog), or cancelled because nobody waits for it any more (the hook fails open too).
 */
export type ElwoodApprovalEvent =
  | { readonly type: "created"; readonly approval: ElwoodApproval }
  | {
      readonly type: "answered";
      readonly approval: ElwoodApproval;
      readonly answer: ElwoodApprovalAnswer;
    }
  | { readonly type: "expired"; readonly approval: ElwoodApproval }
  | {
      readonly type: "cancelled";
      readonly approval: ElwoodApproval;
      readonly reason: ElwoodApprovalCancelReason;
    };

/** The MCP detail of a `mcp__<server>__<tool>` call, or undefined for any other name. */
export function mcpApprovalDetail(
  toolName: string,
  input: unknown,
): ElwoodApprovalDetail | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(toolName);
  if (match === null) return undefined;
  return { kind: "mcp", server: match[1] ?? "", tool: match[2] ?? "", arguments: input };
}

/**
 * The agent-neutral request of a permission hook whose input carries `session_id`,
 * `tool_name` and `tool_input`; `detailOf` is the agent's reading of its own tools.
 */
export function approvalRequestOf(
  agent: string,
  event: { readonly session_id: string; readonly tool_name: string; readonly tool_input: unknown },
  detailOf: (toolName: string, input: Readonly<Record<string, unknown>>) => ElwoodApprovalDetail,
): ApprovalRequest {
  const input =
    typeof event.tool_input === "object" && event.tool_input !== null ? event.tool_input : {};
  return {
    agent,
    agentSessionId: event.session_id,
    toolName: event.tool_name,
    input: event.tool_input,
    detail: detailOf(event.tool_name, input as Readonly<Record<string, unknown>>),
  };
}

/** `-` lines for the old text and `+` lines for the new: enough for a human to judge. */
export function lineDiff(oldText: string, newText: string): string {
  const removed = oldText === "" ? [] : oldText.split("\n").map((line) => `-${line}`);
  const added = newText === "" ? [] : newText.split("\n").map((line) => `+${line}`);
  return [...removed, ...added].join("\n");
}
