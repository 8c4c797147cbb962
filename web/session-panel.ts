// One session's panel: header with status badge and controls, the live terminal, the
// prompt composer (Enter sends one line, Shift+Enter adds a line), and the event log.
import type { Api, ServeEvent, SessionInfo, TokenUsage } from "./api.js";
import { ApprovalCards } from "./approval-cards.js";
import { agentLabel, el } from "./dom.js";
import { EventLogView } from "./event-log-view.js";
import { TerminalView } from "./terminal-view.js";

export class SessionPanel {
  readonly element: HTMLElement;
  readonly info: SessionInfo;
  readonly terminal: TerminalView;
  readonly log = new EventLogView();
  readonly #api: Api;
  readonly #badge: HTMLElement;
  readonly #usage: HTMLElement;
  readonly #events = new AbortController();
  readonly #onStatus: (status: string) => void;
  readonly #notice: (text: string) => void;
  readonly #needsHuman: (title: string, body: string) => void;
  readonly #approvals: ApprovalCards;

  constructor(options: {
    readonly api: Api;
    readonly info: SessionInfo;
    readonly onStatus: (status: string) => void;
    readonly onNotice: (text: string) => void;
    readonly onClosed: () => void;
    /** Pending approvals changed (the tab and title count them). */
    readonly onApprovals: (pending: number) => void;
    /** Something needs a human: an approval, a blocking dialog, a finished turn. */
    readonly onNeedsHuman: (title: string, body: string) => void;
  }) {
    this.#api = options.api;
    this.info = options.info;
    this.#onStatus = options.onStatus;
    this.#notice = options.onNotice;
    this.#needsHuman = options.onNeedsHuman;
    this.#approvals = new ApprovalCards({
      api: options.api,
      sessionId: options.info.id,
      onNotice: options.onNotice,
      onChange: (pending, created) => {
        options.onApprovals(pending);
        if (created !== undefined) {
          this.#needsHuman(
            `${this.#label()} needs approval`,
            `${created.toolName} is waiting for Allow or Deny`,
          );
        }
      },
    });
    this.terminal = new TerminalView(options.api, options.info.id, options.onNotice);
    this.#badge = el("span", { class: "badge", "data-testid": "status-badge" });
    this.#setStatus(options.info.status);
    this.#usage = el("span", { class: "usage", "data-testid": "session-usage" });
    this.#setUsage(options.info.usage);

    const interrupt = el(
      "button",
      { type: "button", "data-testid": "interrupt-button" },
      "Interrupt",
    );
    interrupt.addEventListener("click", () => void this.#call("POST", "interrupt"));
    const stop = el(
      "button",
      { type: "button", class: "danger", "data-testid": "stop-button" },
      "Stop",
    );
    stop.addEventListener("click", () => {
      void this.#api
        .request("DELETE", `/api/sessions/${encodeURIComponent(this.info.id)}`)
        .then(options.onClosed, (error: Error) => this.#notice(error.message));
    });
    const header = el(
      "div",
      { class: "panel-header" },
      agentLabel(options.info.agent),
      el(
        "code",
        { class: "session-id", title: "Elwood session id (resume with it)" },
        options.info.id,
      ),
      el("span", { class: "cwd", title: options.info.cwd }, options.info.cwd),
      this.#badge,
      this.#usage,
      el("span", { class: "spacer" }),
      interrupt,
      stop,
    );
    const left = el(
      "div",
      { class: "panel-main" },
      this.#approvals.element,
      this.terminal.element,
      this.#composer(),
    );
    this.element = el(
      "section",
      { class: "panel", "data-testid": "session-panel", "data-session-id": options.info.id },
      header,
      el("div", { class: "panel-body" }, left, this.log.element),
    );
    void this.#api.followEvents(
      options.info.id,
      (event) => this.#onEvent(event),
      this.#events.signal,
    );
  }

  dispose(): void {
    this.#events.abort();
    this.terminal.dispose();
  }

  #composer(): HTMLElement {
    const input = el("textarea", {
      class: "prompt",
      rows: "2",
      placeholder: "Prompt — Enter sends, Shift+Enter adds a line",
      "data-testid": "prompt-input",
    });
    const send = el(
      "button",
      { type: "submit", class: "primary", "data-testid": "send-button" },
      "Send",
    );
    const form = el("form", { class: "composer" }, input, send);
    const submit = () => {
      const text = input.value;
      if (text.trim() === "") return;
      input.value = "";
      send.disabled = true;
      void this.#call("POST", "send", { text }).finally(() => {
        send.disabled = false;
      });
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submit();
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        submit();
      }
    });
    return form;
  }

  async #call(method: string, action: string, body?: unknown): Promise<void> {
    try {
      await this.#api.request(
        method,
        `/api/sessions/${encodeURIComponent(this.info.id)}/${action}`,
        body,
      );
    } catch (error) {
      this.#notice((error as Error).message);
    }
  }

  #onEvent(event: ServeEvent): void {
    this.log.add(event);
    if (event.type === "approval") this.#approvals.apply(event);
    if (event.type === "status" && typeof event.data.status === "string") {
      const { status, previous } = event.data;
      this.#setStatus(status);
      if (status === "blocked") {
        this.#needsHuman(`${this.#label()} is blocked`, "A dialog on its screen waits for you.");
      } else if (status === "ready" && previous === "running") {
        this.#needsHuman(`${this.#label()} finished its turn`, "It is ready for the next prompt.");
      }
    }
    if (event.type === "usage") this.#setUsage(event.data.session as TokenUsage | undefined);
  }

  // The session's running total, as the server reports it after each turn.
  #setUsage(usage: TokenUsage | undefined): void {
    if (usage === undefined || typeof usage.inputTokens !== "number") return;
    const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    this.#usage.textContent = `${input} in · ${usage.outputTokens} out tokens`;
    this.#usage.title = [
      `input ${usage.inputTokens}`,
      `cache read ${usage.cacheReadTokens}`,
      `cache write ${usage.cacheWriteTokens}`,
      `output ${usage.outputTokens} (reasoning ${usage.reasoningTokens})`,
    ].join("\n");
  }

  #label(): string {
    return `${this.info.agent} ${this.info.id.slice(0, 8)}`;
  }

  #setStatus(status: string): void {
    this.#badge.textContent = status;
    this.#badge.dataset.status = status;
    this.#onStatus(status);
  }
}
