// Earlier sessions kept in the server's state directory (a restarted server included):
// agent, folder and last use, each resumed with one click (POST /api/sessions `resume`).
import type { Api, SessionInfo } from "./api.js";
import { agentLabel, el } from "./dom.js";

interface StoredSession {
  readonly id: string;
  /** An agent id from the server's registry (GET /api/agents). */
  readonly agent: string;
  readonly cwd: string;
  readonly lastUsedAt: string;
  readonly resumable: boolean;
  readonly live: boolean;
}

export async function renderStoredSessions(
  api: Api,
  into: HTMLElement,
  onResumed: (info: SessionInfo) => void,
  onNotice: (text: string) => void,
): Promise<void> {
  const { sessions } = await api.request<{ sessions: StoredSession[] }>(
    "GET",
    "/api/sessions/stored",
  );
  into.replaceChildren();
  const earlier = sessions.filter((session) => !session.live && session.resumable);
  into.hidden = earlier.length === 0;
  if (earlier.length === 0) return;
  into.append(el("h2", {}, "Earlier sessions"));
  for (const session of earlier) {
    const resume = el(
      "button",
      { type: "button", class: "primary", "data-testid": "stored-resume" },
      "Resume",
    );
    const row = el(
      "div",
      { class: "stored-session", "data-testid": "stored-session", "data-session-id": session.id },
      agentLabel(session.agent),
      el("code", { class: "session-id" }, session.id.slice(0, 8)),
      el("span", { class: "cwd", title: session.cwd }, session.cwd),
      el("span", { class: "last-used" }, new Date(session.lastUsedAt).toLocaleString()),
      resume,
    );
    resume.addEventListener("click", () => {
      resume.disabled = true;
      resume.textContent = "Resuming…";
      api
        .request<SessionInfo>("POST", "/api/sessions", {
          agent: session.agent,
          cwd: session.cwd,
          resume: session.id,
        })
        .then(
          (info) => {
            row.remove();
            onResumed(info);
          },
          (error: Error) => {
            resume.disabled = false;
            resume.textContent = "Resume";
            onNotice(error.message);
          },
        );
    });
    into.append(row);
  }
}
