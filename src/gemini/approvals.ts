// Gemini's side of approvals (prd/approvals.md "On screen", prd/gemini.md "Approvals"):
// Gemini CLI 0.61.0 has no hook that answers its permission dialog, but its Notification
// hook announces the dialog just before drawing it, with `notification_type:
// "ToolPermission"` and the dialog's details. That becomes the agent-neutral
// ApprovalRequest; the answer is typed into the dialog (src/gemini/screen/facts.ts).
//
// Details by dialog (`toSerializableDetails` in Gemini's hook system): `exec` {title:
// "Confirm Shell Command", command, rootCommand} is run_shell_command's; `edit` {title:
// "Confirm Edit: <path>" (replace) or "Confirm Write: <path>" (write_file), fileName,
// filePath, fileDiff, originalContent, newContent}; `mcp` {title, serverName, toolName,
// toolDisplayName}. Every other dialog (`info`: a URL fetch) is left to a person: the
// screen table has no row with answer keys for it.

import type { ApprovalRequest, ElwoodApprovalDetail } from "../core/approvals/types.js";
import type { GeminiHookEventOf } from "./hooks/events.js";

type Fields = Readonly<Record<string, unknown>>;

const text = (fields: Fields, name: string): string | undefined => {
  const value = fields[name];
  return typeof value === "string" ? value : undefined;
};

/** The tool and what a human judges it by, for the dialogs the screen table answers. */
function toolOf(details: Fields): { toolName: string; detail: ElwoodApprovalDetail } | undefined {
  const title = text(details, "title") ?? "";
  if (details.type === "exec") {
    const command = text(details, "command");
    if (command === undefined) return undefined;
    return { toolName: "run_shell_command", detail: { kind: "command", command } };
  }
  if (details.type === "edit") {
    const filePath = text(details, "filePath");
    const diff = text(details, "fileDiff");
    const toolName = title.startsWith("Confirm Write") ? "write_file" : "replace";
    const detail: ElwoodApprovalDetail = {
      kind: "edit",
      ...(filePath === undefined ? {} : { filePath }),
      ...(diff === undefined ? {} : { diff }),
    };
    return { toolName, detail };
  }
  if (details.type === "mcp") {
    const server = text(details, "serverName");
    const tool = text(details, "toolName");
    if (server === undefined || tool === undefined) return undefined;
    // The dialog does not carry the call's arguments.
    return { toolName: tool, detail: { kind: "mcp", server, tool, arguments: undefined } };
  }
  return undefined;
}

/** The approval a ToolPermission notification announces; undefined for any other notice. */
export function geminiApprovalRequest(
  event: GeminiHookEventOf<"Notification">,
): ApprovalRequest | undefined {
  if (event.notification_type !== "ToolPermission") return undefined;
  const details = event.details;
  if (typeof details !== "object" || details === null) return undefined;
  const tool = toolOf(details as Fields);
  if (tool === undefined) return undefined;
  return {
    agent: "gemini",
    agentSessionId: event.session_id,
    toolName: tool.toolName,
    input: details,
    detail: tool.detail,
  };
}
