// Which of our turns the transcript is writing (seeds §5.8: a turn's activity never leaks
// into another's). The transcript is ordered: content belongs to the turn whose prompt the
// file recorded last, however late the parent reads it. A slow reader under overload can
// therefore never hand one turn's text to the next, which time alone could not promise.
import { isSameSubmission } from "./composer.js";
import type { TurnProgress } from "./turn-progress.js";

export class TranscriptTurns {
  /** Per transcript file: the turn its content belongs to (undefined: not one of ours). */
  readonly #byFile = new Map<string, TurnProgress | undefined>();
  #lastAttributed: TurnProgress | undefined;

  /**
   * A user message recorded in `file`. Our turns are matched by their text; a message that
   * matches none is someone else's (typed into the TUI) — except that the newest turn,
   * submitted but not yet seen in the file, takes it: the CLI may have re-worded our prompt.
   * `turns` are our recent turns, oldest first (settled ones too: a late read of an old
   * prompt must still be told from the newest one).
   */
  onUserMessage(
    file: string,
    text: string,
    turns: readonly TurnProgress[],
    newest: TurnProgress | undefined,
  ): TurnProgress | undefined {
    // An empty message (an image alone, a harness row) names no prompt: attribution stays.
    if (text.trim().length === 0) return this.turnOf(file);
    const matched =
      [...turns].reverse().find((progress) => isSameSubmission(text, progress.turn.text)) ??
      (newest?.turn.isSubmitted && !this.hasSeen(newest) ? newest : undefined);
    this.#byFile.set(file, matched);
    if (matched !== undefined) this.#lastAttributed = matched;
    return matched;
  }

  /** The turn content in `file` belongs to; a file with no prompt of its own follows the last one seen. */
  turnOf(file: string): TurnProgress | undefined {
    return this.#byFile.has(file) ? this.#byFile.get(file) : this.#lastAttributed;
  }

  /** Whether the transcript has recorded this turn's prompt (in any file). */
  hasSeen(progress: TurnProgress): boolean {
    for (const attributed of this.#byFile.values()) if (attributed === progress) return true;
    return this.#lastAttributed === progress;
  }
}
