// Everything that is not protocol goes to stderr (spec §5.4): errors always, warnings
// and phases under --verbose, event detail under --debug, and on a TTY a live status
// line (agent state, elapsed time, current tool) that is erased before any other line
// and when the run ends. A pipe never gets the status line or an escape sequence.
import type { Writable } from "node:stream";

const REFRESH_MS = 200;
const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const CLEAR_LINE = "\r\x1b[2K";

export interface StderrOptions {
  readonly verbose: boolean;
  readonly debug: boolean;
  /** Show the live status line (stderr is a TTY and the caller wants progress). */
  readonly progress: boolean;
}

export class StderrReporter {
  readonly #stream: Writable & { readonly columns?: number };
  readonly #options: StderrOptions;
  #timer: NodeJS.Timeout | undefined;
  #startedAt = 0;
  #agent = "";
  #state = "starting";
  #tool: string | undefined;
  #frame = 0;
  #shown = false;

  constructor(stream: Writable & { readonly columns?: number }, options: StderrOptions) {
    this.#stream = stream;
    this.#options = options;
    stream.on("error", () => undefined);
  }

  get verbose(): boolean {
    return this.#options.verbose || this.#options.debug;
  }

  /** Always shown: fatal errors, notices the user asked for. */
  line(text: string): void {
    this.#erase();
    this.#stream.write(`${text}\n`);
    this.#draw();
  }

  info(text: string): void {
    if (this.verbose) this.line(`elwood: ${text}`);
  }

  debug(text: string): void {
    if (this.#options.debug) this.line(`elwood debug: ${text}`);
  }

  startProgress(agent: string): void {
    if (!this.#options.progress || this.#timer !== undefined) return;
    this.#agent = agent;
    this.#startedAt = Date.now();
    this.#timer = setInterval(() => this.#draw(), REFRESH_MS);
    this.#timer.unref();
    this.#draw();
  }

  setState(state: string): void {
    this.#state = state;
    if (state === "ready") this.#tool = undefined;
  }

  setTool(name: string | undefined): void {
    this.#tool = name;
  }

  /** Removes the status line for good. */
  stopProgress(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#erase();
  }

  #draw(): void {
    if (this.#timer === undefined) return;
    const seconds = ((Date.now() - this.#startedAt) / 1000).toFixed(1);
    const tool = this.#tool === undefined ? "" : ` · ${this.#tool}`;
    const spinner = SPINNER[this.#frame++ % SPINNER.length];
    let text = `${spinner} ${this.#agent} · ${this.#state} · ${seconds}s${tool}`;
    const width = this.#stream.columns ?? 80;
    if (text.length > width - 1) text = text.slice(0, Math.max(0, width - 1));
    this.#stream.write(`${CLEAR_LINE}${text}`);
    this.#shown = true;
  }

  #erase(): void {
    if (!this.#shown) return;
    this.#stream.write(CLEAR_LINE);
    this.#shown = false;
  }
}
