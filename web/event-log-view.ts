// The time-ordered event log of one session (C-APP-05/06/09/10): one row per entry,
// labelled and coloured by kind and severity, filterable by group and text, and a
// formatted JSON detail for the selected row.
import type { ServeEvent } from "./api.js";
import { clockTime, el, jsonView } from "./dom.js";

const FILTERS = [
  { id: "all", label: "All" },
  { id: "hooks", label: "Hooks" },
  { id: "activity", label: "Activity" },
  { id: "status", label: "Status" },
  { id: "problems", label: "Warnings & errors" },
] as const;
type FilterId = (typeof FILTERS)[number]["id"];

function groupOf(event: ServeEvent): FilterId {
  if (event.type === "hook") return event.data.outcome === "error" ? "problems" : "hooks";
  if (event.type === "hookError" || event.type === "warning" || event.type === "error")
    return "problems";
  if (event.type === "status" || event.type === "exit" || event.type === "loop") return "status";
  return "activity";
}

function truncate(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The row's kind label and one-line summary. */
function describe(event: ServeEvent): { kind: string; summary: string; badge?: string } {
  const data = event.data;
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
  switch (event.type) {
    case "status":
      return { kind: "status", summary: `${text("previous")} → ${text("status")}` };
    case "hook":
      return { kind: text("hookEventName"), summary: "", badge: text("outcome") };
    case "hookError":
      return { kind: "hook error", summary: `${text("hookEventName")}: ${text("message")}` };
    case "warning":
      return { kind: text("code") || "warning", summary: text("message") };
    case "exit":
      return { kind: "exit", summary: `exit code ${String(data.exitCode)}` };
    case "loop":
      return { kind: `loop ${text("type")}`, summary: "" };
    case "activity": {
      const detail = text("text") || text("toolName") || text("label");
      return { kind: text("kind"), summary: truncate(detail) };
    }
    default:
      return { kind: event.type, summary: truncate(JSON.stringify(data)) };
  }
}

export class EventLogView {
  readonly element: HTMLElement;
  readonly #rows: HTMLElement;
  readonly #detail: HTMLElement;
  readonly #search: HTMLInputElement;
  readonly #filterButtons = new Map<FilterId, HTMLButtonElement>();
  readonly #entries: { event: ServeEvent; row: HTMLElement }[] = [];
  #filter: FilterId = "all";
  #selected: HTMLElement | undefined;

  constructor() {
    const filters = el("div", { class: "log-filters", role: "toolbar" });
    for (const filter of FILTERS) {
      const button = el(
        "button",
        {
          type: "button",
          class: "chip",
          "data-filter": filter.id,
          "data-testid": `filter-${filter.id}`,
        },
        filter.label,
      );
      button.addEventListener("click", () => this.setFilter(filter.id));
      this.#filterButtons.set(filter.id, button);
      filters.append(button);
    }
    this.#search = el("input", {
      class: "log-search",
      type: "search",
      placeholder: "Search",
      "aria-label": "Search the log",
      "data-testid": "log-search",
    });
    this.#search.addEventListener("input", () => this.#applyFilter());
    filters.append(this.#search);
    this.#rows = el("div", { class: "log-rows", "data-testid": "log-rows" });
    this.#detail = el(
      "div",
      { class: "log-detail", "data-testid": "log-detail" },
      el("div", { class: "log-detail-empty" }, "Select a row to see its JSON."),
    );
    this.element = el("section", { class: "log" }, filters, this.#rows, this.#detail);
    this.setFilter("all");
  }

  add(event: ServeEvent): void {
    const { kind, summary, badge } = describe(event);
    const row = el(
      "button",
      {
        type: "button",
        class: `log-row type-${event.type} group-${groupOf(event)}`,
        "data-type": event.type,
        "data-kind": kind,
        "data-testid": "log-row",
      },
      el("span", { class: "log-time" }, clockTime(event.at)),
      el("span", { class: "log-kind" }, kind),
      el("span", { class: "log-summary" }, summary),
    );
    if (badge) row.append(el("span", { class: `outcome outcome-${badge}` }, badge));
    row.addEventListener("click", () => this.#select(event, row));
    const stick = this.#rows.scrollTop + this.#rows.clientHeight >= this.#rows.scrollHeight - 8;
    this.#entries.push({ event, row });
    row.hidden = !this.#matches(event);
    this.#rows.append(row);
    if (stick) this.#rows.scrollTop = this.#rows.scrollHeight;
  }

  setFilter(filter: FilterId): void {
    this.#filter = filter;
    for (const [id, button] of this.#filterButtons)
      button.classList.toggle("active", id === filter);
    this.#applyFilter();
  }

  #matches(event: ServeEvent): boolean {
    if (this.#filter !== "all" && groupOf(event) !== this.#filter) return false;
    const query = this.#search.value.trim().toLowerCase();
    return query === "" || JSON.stringify(event).toLowerCase().includes(query);
  }

  #applyFilter(): void {
    for (const { event, row } of this.#entries) row.hidden = !this.#matches(event);
  }

  #select(event: ServeEvent, row: HTMLElement): void {
    this.#selected?.classList.remove("selected");
    row.classList.add("selected");
    this.#selected = row;
    const title = el(
      "div",
      { class: "log-detail-title" },
      `#${event.id} · ${event.type} · ${clockTime(event.at)}`,
    );
    this.#detail.replaceChildren(title, jsonView(event));
  }
}
