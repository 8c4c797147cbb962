// Detail helpers every adapter's approval mapping shares: the `mcp__<server>__<tool>`
// naming both CLIs use for MCP tools, and a plain line diff of an edit's old and new text.

import type { ElwoodApprovalDetail } from "./types.js";

/** The MCP detail of a `mcp__<server>__<tool>` call, or undefined for any other name. */
export function mcpApprovalDetail(
  toolName: string,
  input: unknown,
): ElwoodApprovalDetail | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(toolName);
  if (match === null) return undefined;
  return { kind: "mcp", server: match[1] ?? "", tool: match[2] ?? "", arguments: input };
}

/** `-` lines for the old text and `+` lines for the new: enough for a human to judge. */
export function lineDiff(oldText: string, newText: string): string {
  const removed = oldText === "" ? [] : oldText.split("\n").map((line) => `-${line}`);
  const added = newText === "" ? [] : newText.split("\n").map((line) => `+${line}`);
  return [...removed, ...added].join("\n");
}
