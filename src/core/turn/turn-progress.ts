// What the turn owner knows of one turn on its way to its end (seeds §5.8): evidence,
// promised and attributed text, the end rule's two timers. Bookkeeping: ./turns.ts decides.
import { UsageTotal } from "../../transcript/usage.js";
import type { SessionClock } from "../context/clock.js";
import type { ElwoodStreamEvent } from "../contract/turn.js";
import { normalizeText } from "../screen/options.js";
import type { Turn } from "./turn.js";
import { timeout } from "./turn-errors.js";
import type { TurnStream } from "./turn-stream.js";

export type TurnEndEvidence = "turn-end hook" | "interrupt" | "idle screen";

/** What ties a submission to the ergonomic stream that reads it. */
export interface StreamBinding {
  readonly stream: TurnStream;
  readonly catchUpMs: number | undefined;
}

const DEFAULT_CATCH_UP_MS = 10_000;
/** With no promised text, the turn ends once its transcript has been quiet this long. */
export const QUIET_WINDOW_MS = 400;
/** The oracle matches against a rolling window of the turn's text (bounded memory). */
const ORACLE_WINDOW_CHARS = 256 * 1024;

export class TurnProgress {
  readonly turn: Turn;
  readonly stream: TurnStream | undefined;
  readonly catchUpMs: number;
  readonly usage = new UsageTotal();
  evidence: TurnEndEvidence | undefined;
  #promised: string | undefined;
  #window = "";
  /** When the transcript last attributed content to this turn (an empty message counts). */
  #lastContentAt: number | undefined;
  #readyAt: number | undefined;
  #cancelQuiet: (() => void) | undefined;
  #cancelCatchUp: (() => void) | undefined;
  readonly #clock: SessionClock;
  #reachBoundary: () => void = () => {};
  /** The agent's real boundary: the turn ended, or after a failure the agent is back (seeds §5.8). */
  readonly boundary = new Promise<void>((resolve) => {
    this.#reachBoundary = resolve;
  });

  constructor(turn: Turn, binding: StreamBinding | undefined, clock: SessionClock) {
    this.turn = turn;
    this.#clock = clock;
    this.stream = binding?.stream;
    this.catchUpMs = binding?.catchUpMs ?? DEFAULT_CATCH_UP_MS;
  }

  /** The turn-end signal's final text, normalized ("" when it carries none; undefined: not yet). */
  get promised(): string | undefined {
    return this.#promised;
  }

  promise(text: string): void {
    this.#promised = normalizeText(text).slice(-ORACLE_WINDOW_CHARS / 2);
  }

  noteContent(content: ElwoodStreamEvent): void {
    this.#lastContentAt = this.#clock.now();
    if (content.type !== "text") return;
    this.#window = (this.#window + normalizeText(content.text)).slice(-ORACLE_WINDOW_CHARS);
  }

  get hasContent(): boolean {
    return this.#lastContentAt !== undefined;
  }

  get hasText(): boolean {
    return this.#window.length > 0;
  }

  get holdsPromisedText(): boolean {
    return this.#promised !== undefined && this.#window.includes(this.#promised);
  }

  markReady(): void {
    this.#readyAt ??= this.#clock.now();
  }

  /** A blocked Stop sent the agent back to work. */
  markNotReady(): void {
    this.#readyAt = undefined;
    this.clearTimers();
  }

  quietRemaining(): number {
    const now = this.#clock.now();
    return QUIET_WINDOW_MS - (now - Math.max(this.#readyAt ?? now, this.#lastContentAt ?? 0));
  }

  recheckAfter(ms: number, check: () => void): void {
    this.#cancelQuiet?.();
    this.#cancelQuiet = this.#clock.set(() => {
      this.#cancelQuiet = undefined;
      check();
    }, ms);
  }

  /** Arms the catch-up bound once per ready: waiting for `what` fails the turn after it. */
  armCatchUp(what: string): void {
    if (this.#cancelCatchUp !== undefined) return;
    const fail = () => this.turn.fail(timeout(what, this.catchUpMs));
    this.#cancelCatchUp = this.#clock.set(fail, this.catchUpMs);
  }

  reachBoundary(): void {
    this.#reachBoundary();
  }

  clearTimers(): void {
    this.#cancelQuiet?.();
    this.#cancelCatchUp?.();
    this.#cancelQuiet = undefined;
    this.#cancelCatchUp = undefined;
  }
}
