// Approvals as ACP permission requests: each pending approval of the session becomes one
// session/request_permission to the client with allow-once / allow-always / reject-once,
// and the client's choice is the approval's answer. "Always" lasts for this ACP session
// and the same tool (and, for a command, the same command line). A request the client
// cancels, or one still open when the prompt is cancelled, is a reject: the tool never runs.
import type {
  AgentContext,
  PermissionOption,
  RequestPermissionResponse,
  ToolCallUpdate,
} from "@agentclientprotocol/sdk";
import type { ElwoodApproval, ElwoodApprovals } from "../index.js";
import { toolKindOf, toolLocations, toolTitle } from "./tool-calls.js";

const OPTIONS: PermissionOption[] = [
  { optionId: "allow_once", name: "Allow", kind: "allow_once" },
  { optionId: "allow_always", name: "Always allow", kind: "allow_always" },
  { optionId: "reject_once", name: "Reject", kind: "reject_once" },
];

const REJECTED = "The user rejected this tool call.";

export interface PermissionHost {
  readonly sessionId: () => string;
  readonly cwd: string;
  readonly client: () => AgentContext | undefined;
  /** The id of the tool call this approval is about, as the client sees it. */
  readonly toolCallIdFor: (approval: ElwoodApproval) => Promise<string>;
  readonly onRejected: (toolCallId: string) => void;
}

function alwaysKey(approval: ElwoodApproval): string {
  const detail = approval.detail;
  return detail.kind === "command"
    ? `${approval.toolName}\u0000${detail.command}`
    : approval.toolName;
}

export class PermissionBridge {
  readonly #approvals: ElwoodApprovals;
  readonly #host: PermissionHost;
  readonly #always = new Set<string>();
  /** Open client requests by approval id, aborted when the approval settles elsewhere. */
  readonly #open = new Map<string, AbortController>();
  readonly #unsubscribe: () => void;

  constructor(approvals: ElwoodApprovals, host: PermissionHost) {
    this.#approvals = approvals;
    this.#host = host;
    this.#unsubscribe = approvals.on((event) => {
      if (event.type === "created") void this.#ask(event.approval);
      else this.#open.get(event.approval.id)?.abort();
    });
  }

  /** Rejects every approval still pending (a cancelled prompt runs none of its tools). */
  rejectPending(): void {
    for (const approval of this.#approvals.pending()) this.#answer(approval, false);
  }

  close(): void {
    this.#unsubscribe();
    for (const controller of this.#open.values()) controller.abort();
    this.#approvals.close();
  }

  async #ask(approval: ElwoodApproval): Promise<void> {
    if (this.#always.has(alwaysKey(approval))) {
      this.#answer(approval, true);
      return;
    }
    const client = this.#host.client();
    if (client === undefined) {
      this.#answer(approval, false);
      return;
    }
    const toolCallId = await this.#host.toolCallIdFor(approval);
    const controller = new AbortController();
    this.#open.set(approval.id, controller);
    let response: RequestPermissionResponse | undefined;
    try {
      response = await client.request(
        "session/request_permission",
        {
          sessionId: this.#host.sessionId(),
          toolCall: this.#toolCall(approval, toolCallId),
          options: OPTIONS,
        },
        { cancellationSignal: controller.signal },
      );
    } catch {
      response = undefined;
    } finally {
      this.#open.delete(approval.id);
    }
    const outcome = response?.outcome;
    const chosen = outcome?.outcome === "selected" ? outcome.optionId : undefined;
    if (chosen === "allow_always") this.#always.add(alwaysKey(approval));
    const allow = chosen === "allow_once" || chosen === "allow_always";
    if (!allow) this.#host.onRejected(toolCallId);
    this.#answer(approval, allow);
  }

  #toolCall(approval: ElwoodApproval, toolCallId: string): ToolCallUpdate {
    const detail = approval.detail;
    const title =
      detail.kind === "command"
        ? detail.command
        : detail.kind === "mcp"
          ? `${detail.server}: ${detail.tool}`
          : toolTitle(approval.toolName, approval.input);
    return {
      toolCallId,
      title,
      kind:
        detail.kind === "command"
          ? "execute"
          : detail.kind === "edit"
            ? "edit"
            : toolKindOf(approval.toolName),
      status: "pending",
      locations:
        detail.kind === "edit" && detail.filePath !== undefined
          ? toolLocations({ path: detail.filePath }, this.#host.cwd)
          : toolLocations(approval.input, this.#host.cwd),
      rawInput: approval.input,
      _meta: { elwood: { approvalId: approval.id, toolName: approval.toolName, detail } },
    };
  }

  #answer(approval: ElwoodApproval, allow: boolean): void {
    try {
      this.#approvals.answer(
        approval.id,
        allow ? { behavior: "allow" } : { behavior: "deny", message: REJECTED },
      );
    } catch {
      // Settled meanwhile (expired or cancelled): the first outcome stands.
    }
  }
}
