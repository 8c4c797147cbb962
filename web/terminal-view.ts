// The live terminal of one session: xterm.js fed only raw replayed and live PTY bytes
// from the socket (never a repaint from a snapshot), keys sent back as raw bytes, and the
// PTY resized whenever the panel's fitted size changes.
import { FitAddon } from "@xterm/addon-fit";
import { Terminal } from "@xterm/xterm";
import type { Api } from "./api.js";
import { el } from "./dom.js";

/** Notices of the server's startup key hold (src/serve/startup-key-hold.ts). */
const KEY_HOLD_NOTICES: ReadonlySet<string> = new Set([
  "starting",
  "ready",
  "held_keys_dropped",
  "keys_refused",
]);

export class TerminalView {
  readonly element: HTMLElement;
  readonly #terminal: Terminal;
  readonly #fit = new FitAddon();
  readonly #socket: WebSocket;
  readonly #encoder = new TextEncoder();
  readonly #observer: ResizeObserver;
  #sentSize = "";

  constructor(api: Api, sessionId: string, onNotice: (text: string) => void) {
    this.element = el("div", { class: "terminal-host", "data-testid": "terminal" });
    this.#terminal = new Terminal({
      fontFamily: '"DejaVu Sans Mono", Menlo, Consolas, monospace',
      fontSize: 13,
      cursorBlink: true,
      scrollback: 5000,
      theme: { background: "#0d1117", foreground: "#d6deeb", cursor: "#7aa2f7" },
    });
    this.#terminal.loadAddon(this.#fit);
    this.#terminal.open(this.element);
    this.#socket = api.openTerminal(sessionId);
    this.#socket.addEventListener("open", () => this.fit(true));
    this.#socket.addEventListener("message", (message: MessageEvent) => {
      if (message.data instanceof ArrayBuffer) {
        this.#terminal.write(new Uint8Array(message.data));
        return;
      }
      const notice = JSON.parse(String(message.data)) as {
        type: string;
        message?: string;
        error?: { message: string };
      };
      if (notice.type === "error" && notice.error) onNotice(notice.error.message);
      // The server holds keys typed while the session starts (issue 47): say so, here too.
      if (KEY_HOLD_NOTICES.has(notice.type) && notice.message !== undefined) {
        onNotice(notice.message);
        this.element.classList.toggle("starting", notice.type === "starting");
        this.#terminal.write(`\r\n\x1b[2m[${notice.message}]\x1b[0m\r\n`);
      }
      if (notice.type === "exit") this.#terminal.write("\r\n\x1b[2m[the agent exited]\x1b[0m\r\n");
    });
    this.#socket.addEventListener("close", () => this.element.classList.add("closed"));
    this.#terminal.onData((data) => this.#sendKeys(data));
    this.#terminal.onBinary((data) =>
      this.#sendBytes(Uint8Array.from(data, (char) => char.charCodeAt(0))),
    );
    this.#observer = new ResizeObserver(() => this.fit());
    this.#observer.observe(this.element);
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.#terminal.cols, rows: this.#terminal.rows };
  }

  /** The rendered rows as text (what a person sees), for tests and copy. */
  text(): string {
    const buffer = this.#terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < buffer.length; row += 1) {
      lines.push(buffer.getLine(row)?.translateToString(true) ?? "");
    }
    return lines.join("\n");
  }

  /** Fits to the panel and tells the PTY when the size changed. */
  fit(force = false): void {
    if (this.element.offsetParent === null) return; // hidden tab: fit when shown
    this.#fit.fit();
    const size = `${this.#terminal.cols}x${this.#terminal.rows}`;
    if (!force && size === this.#sentSize) return;
    if (this.#socket.readyState !== WebSocket.OPEN) return;
    this.#sentSize = size;
    this.#socket.send(
      JSON.stringify({ type: "resize", cols: this.#terminal.cols, rows: this.#terminal.rows }),
    );
  }

  focus(): void {
    this.#terminal.focus();
  }

  dispose(): void {
    this.#observer.disconnect();
    this.#socket.close();
    this.#terminal.dispose();
  }

  #sendKeys(data: string): void {
    this.#sendBytes(this.#encoder.encode(data));
  }

  #sendBytes(bytes: Uint8Array): void {
    if (this.#socket.readyState === WebSocket.OPEN) this.#socket.send(bytes);
  }
}
