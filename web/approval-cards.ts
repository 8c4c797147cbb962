// A session's pending approvals as cards (prd/approvals.md "In elwood serve"): built from
// the `approval` SSE entries (created adds a card; answered, expired or cancelled removes
// it, whoever answered), each with the tool, its command or diff, an optional message and
// Allow / Deny. The count goes to the tab and the document title.
import type { Api, ServeEvent } from "./api.js";
import { el } from "./dom.js";

interface Approval {
  readonly id: string;
  readonly toolName: string;
  readonly expiresAt: number;
  readonly detail: {
    readonly kind: string;
    readonly command?: string;
    readonly filePath?: string;
    readonly diff?: string;
    readonly server?: string;
    readonly tool?: string;
    readonly arguments?: unknown;
  };
  readonly input: unknown;
}

function whatItDoes(approval: Approval): string {
  const { detail } = approval;
  if (detail.kind === "command") return detail.command ?? "";
  if (detail.kind === "edit") return [detail.filePath ?? "", detail.diff ?? ""].join("\n").trim();
  if (detail.kind === "mcp") {
    return `${detail.server}/${detail.tool} ${JSON.stringify(detail.arguments ?? {})}`;
  }
  return JSON.stringify(approval.input, null, 2) ?? "";
}

export class ApprovalCards {
  readonly element = el("div", { class: "approvals", "data-testid": "approvals" });
  readonly #cards = new Map<string, HTMLElement>();
  readonly #api: Api;
  readonly #sessionId: string;
  readonly #onChange: (pending: number, created: Approval | undefined) => void;
  readonly #notice: (text: string) => void;

  constructor(options: {
    readonly api: Api;
    readonly sessionId: string;
    readonly onChange: (
      pending: number,
      created: { readonly toolName: string } | undefined,
    ) => void;
    readonly onNotice: (text: string) => void;
  }) {
    this.#api = options.api;
    this.#sessionId = options.sessionId;
    this.#onChange = options.onChange;
    this.#notice = options.onNotice;
    this.element.hidden = true;
  }

  get pending(): number {
    return this.#cards.size;
  }

  /** Applies one `approval` SSE entry (replayed ones included). */
  apply(event: ServeEvent): void {
    const approval = event.data.approval as Approval | undefined;
    if (approval === undefined) return;
    if (event.data.type === "created") {
      if (this.#cards.has(approval.id)) return;
      const card = this.#card(approval);
      this.#cards.set(approval.id, card);
      this.element.append(card);
      this.#changed(approval);
      return;
    }
    this.#cards.get(approval.id)?.remove();
    if (this.#cards.delete(approval.id)) this.#changed(undefined);
  }

  #changed(created: Approval | undefined): void {
    this.element.hidden = this.#cards.size === 0;
    this.#onChange(this.#cards.size, created);
  }

  #card(approval: Approval): HTMLElement {
    const message = el("input", {
      class: "approval-message",
      placeholder: "Message to the agent (with Deny)",
      "data-testid": "approval-message",
    });
    const allow = el(
      "button",
      { type: "button", class: "primary", "data-testid": "approval-allow" },
      "Allow",
    );
    const deny = el(
      "button",
      { type: "button", class: "danger", "data-testid": "approval-deny" },
      "Deny",
    );
    const answer = (body: Record<string, string>) => {
      allow.disabled = true;
      deny.disabled = true;
      const path = `/api/sessions/${encodeURIComponent(this.#sessionId)}/approvals/${encodeURIComponent(approval.id)}`;
      // The card goes when the `answered` entry arrives, so every tab sees the same thing.
      this.#api.request("POST", path, body).catch((error: Error) => {
        allow.disabled = false;
        deny.disabled = false;
        this.#notice(error.message);
      });
    };
    allow.addEventListener("click", () => answer({ behavior: "allow" }));
    deny.addEventListener("click", () => {
      const text = message.value.trim();
      answer(text === "" ? { behavior: "deny" } : { behavior: "deny", message: text });
    });
    const expires = new Date(approval.expiresAt).toLocaleTimeString();
    return el(
      "div",
      { class: "approval-card", "data-testid": "approval-card", "data-approval-id": approval.id },
      el(
        "div",
        { class: "approval-title" },
        el("strong", { "data-testid": "approval-tool" }, approval.toolName),
        el("span", { class: "approval-expiry" }, ` needs approval · until ${expires}`),
      ),
      el(
        "pre",
        { class: "approval-detail", "data-testid": "approval-detail" },
        whatItDoes(approval),
      ),
      el("div", { class: "approval-actions" }, message, allow, deny),
    );
  }
}
