// When a session needs a human (an approval pending, a blocking dialog, a turn that ended
// while the tab was hidden), the page raises a browser notification — permission is asked
// once, from a click — and the document title counts the pending approvals.

const BASE_TITLE = "Elwood";

export class Attention {
  readonly #pendingBySession = new Map<string, number>();

  /** A button that asks for notification permission (a browser needs a click for it). */
  bindPermissionButton(button: HTMLButtonElement): void {
    const supported = typeof Notification !== "undefined";
    const refresh = () => {
      button.hidden = !supported || Notification.permission !== "default";
    };
    refresh();
    button.addEventListener("click", () => {
      if (!supported) return;
      void Notification.requestPermission().then(refresh, refresh);
    });
  }

  setPending(sessionId: string, count: number): void {
    if (count === 0) this.#pendingBySession.delete(sessionId);
    else this.#pendingBySession.set(sessionId, count);
    const total = [...this.#pendingBySession.values()].reduce((sum, n) => sum + n, 0);
    document.title = total === 0 ? BASE_TITLE : `(${total}) ${BASE_TITLE}`;
  }

  /** Notifies when the page is hidden (a visible page already shows it) and allowed to. */
  notify(title: string, body: string, tag: string): void {
    if (!document.hidden) return;
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    const notification = new Notification(title, { body, tag });
    notification.addEventListener("click", () => window.focus());
  }
}
