// What the turn owner knows about one Turn on its way to its end (seeds §5.8 "Turn
// boundary"): the end evidence seen so far, the turn-end signal's promised text, the
// assistant text the transcript attributed to this turn, and the two timers of the end
// rule (the quiet window and the catch-up bound). Pure bookkeeping: ./turns.ts decides.
import { UsageTotal } from "../../transcript/usage.js";
import type { SessionClock } from "../context/clock.js";
import { normalizeText } from "../screen/options.js";
import type { Turn } from "./turn.js";
import { timeout } from "./turn-errors.js";
import type { TurnStream } from "./turn-stream.js";

/** What says the agent finished the turn. */
export type TurnEndEvidence = "turn-end hook" | "interrupt" | "idle screen";

export const DEFAULT_CATCH_UP_MS = 10_000;
/** With no promised text, the turn ends once its transcript has been quiet this long. */
export const QUIET_WINDOW_MS = 400;
/** The oracle matches against a rolling window of the turn's text (bounded memory). */
const ORACLE_WINDOW_CHARS = 256 * 1024;

export class TurnProgress {
  readonly turn: Turn;
  /** The ergonomic stream reading this turn, if a send()/stream() submitted it. */
  readonly stream: TurnStream | undefined;
  readonly catchUpMs: number;
  /** The model requests the transcript attributed to this turn (issue 26). */
  readonly usage = new UsageTotal();
  evidence: TurnEndEvidence | undefined;
  /** The turn-end signal's final text ("" when it carries none). */
  #expected: string | undefined;
  #window = "";
  #lastContentAt = 0;
  #hasContent = false;
  #readyAt: number | undefined;
  #cancelQuiet: (() => void) | undefined;
  #cancelCatchUp: (() => void) | undefined;
  readonly #clock: SessionClock;
  #reachBoundary: () => void = () => {};
  /**
   * Resolves at the agent's real boundary: the turn ended, or after a failure the agent
   * came back to ready (or ended). Until then the turn slot stays held (seeds §5.8).
   */
  readonly boundary = new Promise<void>((resolve) => {
    this.#reachBoundary = resolve;
  });

  constructor(options: {
    readonly turn: Turn;
    readonly stream: TurnStream | undefined;
    readonly catchUpMs: number | undefined;
    readonly clock: SessionClock;
  }) {
    this.turn = options.turn;
    this.stream = options.stream;
    this.catchUpMs = options.catchUpMs ?? DEFAULT_CATCH_UP_MS;
    this.#clock = options.clock;
  }

  get expected(): string {
    return this.#expected ?? "";
  }

  promise(expected: string): void {
    this.#expected = normalizeText(expected).slice(-ORACLE_WINDOW_CHARS / 2);
  }

  addText(text: string): void {
    this.#window = (this.#window + normalizeText(text)).slice(-ORACLE_WINDOW_CHARS);
  }

  noteContent(): void {
    this.#hasContent = true;
    this.#lastContentAt = this.#clock.now();
  }

  /** Whether the transcript attributed any content to this turn (an empty message counts). */
  get hasContent(): boolean {
    return this.#hasContent;
  }

  /** Whether the turn-end signal arrived with its final text ("" included). */
  get hasPromise(): boolean {
    return this.#expected !== undefined;
  }

  /** Whether the transcript attributed any assistant text to this turn. */
  get hasText(): boolean {
    return this.#window.length > 0;
  }

  get holdsPromisedText(): boolean {
    return this.#expected !== undefined && this.#window.includes(this.#expected);
  }

  /** The session is ready now (since when, if it already was). */
  markReady(): number {
    this.#readyAt ??= this.#clock.now();
    return this.#readyAt;
  }

  /** The session left ready (a blocked Stop sent the agent back to work). */
  markNotReady(): void {
    this.#readyAt = undefined;
    this.clearTimers();
  }

  /** How much longer the transcript must stay quiet before the turn may end. */
  quietRemaining(): number {
    const since = Math.max(this.#readyAt ?? this.#clock.now(), this.#lastContentAt);
    return QUIET_WINDOW_MS - (this.#clock.now() - since);
  }

  /** Re-checks after `ms`; one pending re-check at a time. */
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
