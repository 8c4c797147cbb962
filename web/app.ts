// The Elwood page: a start form, one tab per live session, and the active session's panel.
import "@xterm/xterm/css/xterm.css";
import "./styles.css";
import "./log.css";
import { type AgentChoice, Api, type SessionInfo } from "./api.js";
import { Attention } from "./attention.js";
import { el } from "./dom.js";
import { SessionPanel } from "./session-panel.js";
import { renderStoredSessions } from "./stored-sessions.js";

interface Tab {
  readonly panel: SessionPanel;
  readonly button: HTMLButtonElement;
}

function query<T extends Element>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`page is missing ${selector}`);
  return found;
}

const notice = query<HTMLElement>("[data-testid=notice]");
const tabsBar = query<HTMLElement>("[data-testid=tabs]");
const main = query<HTMLElement>("[data-testid=sessions]");
const empty = query<HTMLElement>("[data-testid=empty]");
const form = query<HTMLFormElement>("[data-testid=start-form]");
const tabs = new Map<string, Tab>();
const attention = new Attention();
attention.bindPermissionButton(query<HTMLButtonElement>("[data-testid=notify-button]"));
let noticeTimer: number | undefined;

function showNotice(text: string): void {
  notice.textContent = text;
  notice.hidden = false;
  window.clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => {
    notice.hidden = true;
  }, 8000);
}

function activate(id: string): void {
  for (const [tabId, tab] of tabs) {
    const isActive = tabId === id;
    tab.panel.element.hidden = !isActive;
    tab.button.classList.toggle("active", isActive);
  }
  const tab = tabs.get(id);
  if (tab) {
    requestAnimationFrame(() => {
      tab.panel.terminal.fit();
      tab.panel.terminal.focus();
    });
  }
}

function remove(id: string): void {
  const tab = tabs.get(id);
  if (!tab) return;
  tab.panel.dispose();
  attention.setPending(id, 0);
  tab.panel.element.remove();
  tab.button.remove();
  tabs.delete(id);
  const next = [...tabs.keys()].at(-1);
  if (next) activate(next);
  empty.hidden = tabs.size > 0;
}

function addSession(api: Api, info: SessionInfo): void {
  if (tabs.has(info.id)) {
    activate(info.id);
    return;
  }
  const dot = el("span", { class: "dot" });
  const count = el("span", { class: "approval-count", "data-testid": "approval-count" });
  count.hidden = true;
  const button = el(
    "button",
    { type: "button", class: "tab", "data-testid": "session-tab", "data-agent": info.agent },
    dot,
    `${info.agent} · ${info.id.slice(0, 8)}`,
    count,
  );
  const panel = new SessionPanel({
    api,
    info,
    onNotice: showNotice,
    onClosed: () => remove(info.id),
    onStatus: (status) => {
      dot.dataset.status = status;
    },
    onApprovals: (pending) => {
      count.textContent = String(pending);
      count.hidden = pending === 0;
      attention.setPending(info.id, pending);
    },
    onNeedsHuman: (title, body) => attention.notify(title, body, info.id),
  });
  button.addEventListener("click", () => activate(info.id));
  tabs.set(info.id, { panel, button });
  tabsBar.append(button);
  main.append(panel.element);
  empty.hidden = true;
  activate(info.id);
}

async function boot(): Promise<void> {
  const api = Api.fromLocation();
  if (!api) {
    showNotice("No token in the URL: open the exact link `elwood serve` printed (…/#token=…).");
    return;
  }
  const cwd = form.elements.namedItem("cwd") as HTMLInputElement;
  const { cwd: serverCwd } = await api.request<{ cwd: string }>("GET", "/api/info");
  if (cwd.value === "") cwd.value = serverCwd;
  // The agent choice is the server's registry, not a list kept in the page.
  const { agents } = await api.request<{ agents: AgentChoice[] }>("GET", "/api/agents");
  const agentSelect = form.elements.namedItem("agent") as HTMLSelectElement;
  agentSelect.replaceChildren(
    ...agents.map((agent) => el("option", { value: agent.id }, agent.displayName)),
  );

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const resume = String(data.get("resume") ?? "").trim();
    const body = {
      agent: String(data.get("agent")),
      cwd: String(data.get("cwd") ?? "").trim(),
      autotrust: data.get("autotrust") === "on",
      ...(resume === "" ? {} : { resume }),
    };
    const submit = query<HTMLButtonElement>("[data-testid=start-button]");
    submit.disabled = true;
    submit.textContent = "Starting…";
    api
      .request<SessionInfo>("POST", "/api/sessions", body)
      .then(
        (info) => addSession(api, info),
        (error: Error) => showNotice(error.message),
      )
      .finally(() => {
        submit.disabled = false;
        submit.textContent = "Start";
      });
  });

  const { sessions } = await api.request<{ sessions: SessionInfo[] }>("GET", "/api/sessions");
  for (const info of sessions) addSession(api, info);
  const stored = query<HTMLElement>("[data-testid=stored-sessions]");
  await renderStoredSessions(api, stored, (info) => addSession(api, info), showNotice);
}

boot().catch((error: Error) => showNotice(error.message));
