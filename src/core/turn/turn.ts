// One submitted prompt (issue 11; seeds §5.8): queued → submitted (Enter) → accepted → ended,
// or failed, each move forward announced once; and what the turn owner knows of it on the way
// (evidence, promised and attributed text, the end rule's two timers). ./turns.ts decides.
import type { ElwoodError } from "../../errors.js";
import { UsageTotal } from "../../transcript/usage.js";
import type { SessionClock } from "../context/clock.js";
import type { ElwoodStreamEvent } from "../contract/turn.js";
import { normalizeText } from "../screen/options.js";
import type { TurnStream } from "./turn-stream.js";

type TurnState = "queued" | "submitted" | "accepted" | "ended" | "failed";
const ORDER: readonly TurnState[] = ["queued", "submitted", "accepted", "ended"];

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

export type TurnChange =
  | { readonly kind: "submitted"; readonly turn: Turn }
  | { readonly kind: "accepted"; readonly turn: Turn; readonly evidence: string }
  | { readonly kind: "ended"; readonly turn: Turn }
  | { readonly kind: "failed"; readonly turn: Turn; readonly error: ElwoodError };

export class Turn {
  readonly id: number;
  /** The submission kind: message, prompt, guidance, loop. */
  readonly kind: string;
  readonly text: string;
  readonly stream: TurnStream | undefined;
  readonly catchUpMs: number;
  readonly usage = new UsageTotal();
  evidence: TurnEndEvidence | undefined;
  #state: TurnState = "queued";
  readonly #listeners = new Set<(change: TurnChange) => void>();
  #promised: string | undefined;
  #isTextUnknown = false;
  #isTextPending = false;
  #window = "";
  /** When the transcript last attributed content to this turn (an empty message counts). */
  #lastContentAt: number | undefined;
  #readyAt: number | undefined;
  #cancelQuiet: (() => void) | undefined;
  #cancelCatchUp: (() => void) | undefined;
  readonly #clock: SessionClock;
  /** The agent's real boundary: the turn ended, or after a failure the agent is back (seeds §5.8). */
  reachBoundary: () => void = () => {};
  readonly boundary = new Promise<void>((resolve) => {
    this.reachBoundary = resolve;
  });

  constructor(options: {
    readonly id: number;
    readonly kind: string;
    readonly text: string;
    readonly binding: StreamBinding | undefined;
    readonly clock: SessionClock;
  }) {
    this.id = options.id;
    this.kind = options.kind;
    this.text = options.text;
    this.#clock = options.clock;
    this.stream = options.binding?.stream;
    this.catchUpMs = options.binding?.catchUpMs ?? DEFAULT_CATCH_UP_MS;
  }

  get isFailed(): boolean {
    return this.#state === "failed";
  }

  get isAccepted(): boolean {
    return this.#reached("accepted");
  }

  get isSubmitted(): boolean {
    return this.#reached("submitted");
  }

  get isSettled(): boolean {
    return this.#state === "ended" || this.#state === "failed";
  }

  /** Listeners are dropped when the turn settles. */
  onChange(listener: (change: TurnChange) => void): void {
    this.#listeners.add(listener);
  }

  markSubmitted(): void {
    if (this.#advance("submitted")) this.#emit({ kind: "submitted", turn: this });
  }

  /** `evidence` names the signal (hook, transcript, screen). */
  accept(evidence: string): void {
    if (this.#advance("accepted")) this.#emit({ kind: "accepted", turn: this, evidence });
  }

  end(): void {
    if (!this.isAccepted) this.accept("turn end");
    if (this.#advance("ended")) this.#finish({ kind: "ended", turn: this });
  }

  fail(error: ElwoodError): void {
    if (this.isSettled) return;
    this.#state = "failed";
    this.#finish({ kind: "failed", turn: this, error });
  }

  /** The turn-end signal's final text, normalized ("" when it carries none; undefined: not yet). */
  get promised(): string | undefined {
    return this.#promised;
  }

  /** Its turn-end hook could not tell the final text: the turn waits for some text. */
  get isTextUnknown(): boolean {
    return this.#isTextUnknown;
  }

  markTextUnknown(): void {
    this.#isTextPending = false;
    this.#isTextUnknown = true;
  }

  promise(text: string): void {
    this.#isTextPending = false;
    this.#promised = normalizeText(text).slice(-ORACLE_WINDOW_CHARS / 2);
  }

  /** Its turn-end hook's text is still being asked for (TurnSignals.turnEndTextRetry). */
  get isTextPending(): boolean {
    return this.#isTextPending;
  }

  markTextPending(): void {
    this.#isTextPending = true;
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

  /** Arms the catch-up bound once per ready; the owner's `expire` runs when it passes. */
  armCatchUp(expire: () => void): void {
    if (this.#cancelCatchUp !== undefined) return;
    this.#cancelCatchUp = this.#clock.set(expire, this.catchUpMs);
  }

  clearTimers(): void {
    this.#cancelQuiet?.();
    this.#cancelCatchUp?.();
    this.#cancelQuiet = undefined;
    this.#cancelCatchUp = undefined;
  }

  #reached(state: TurnState): boolean {
    return this.#state !== "failed" && ORDER.indexOf(this.#state) >= ORDER.indexOf(state);
  }

  #advance(next: TurnState): boolean {
    if (this.#state === "failed" || ORDER.indexOf(next) <= ORDER.indexOf(this.#state)) return false;
    this.#state = next;
    return true;
  }

  #finish(change: TurnChange): void {
    this.#emit(change);
    this.#listeners.clear();
  }

  #emit(change: TurnChange): void {
    for (const listener of [...this.#listeners]) listener(change);
  }
}
