// One submitted prompt (issue 11): queued → submitted (Enter) → accepted
// → ended, or failed. Transitions only move forward; each one is announced once.
import type { ElwoodError } from "../../errors.js";

type TurnState = "queued" | "submitted" | "accepted" | "ended" | "failed";
const ORDER: readonly TurnState[] = ["queued", "submitted", "accepted", "ended"];

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
  #state: TurnState = "queued";
  readonly #listeners = new Set<(change: TurnChange) => void>();

  constructor(options: { readonly id: number; readonly kind: string; readonly text: string }) {
    this.id = options.id;
    this.kind = options.kind;
    this.text = options.text;
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

  #reached(state: TurnState): boolean {
    return this.#state !== "failed" && ORDER.indexOf(this.#state) >= ORDER.indexOf(state);
  }

  // Moves forward only; returns whether the state changed.
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
