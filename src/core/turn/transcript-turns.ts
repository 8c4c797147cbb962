// Which of our turns the transcript is writing (seeds §5.8): content belongs to the turn
// whose prompt the file recorded last, however late the parent reads it (time could not).
import type { TranscriptItem } from "../contract/adapter.js";
import type { ElwoodStreamEvent } from "../contract/turn.js";
import { isSameSubmission } from "./composer.js";
import type { Turn } from "./turn.js";

/** How many recent turns the transcript's prompts are matched against. */
const RECENT_TURNS = 16;
/** Content held for a turn whose prompt the transcript has not shown yet, at most. */
const MAX_HELD = 1_000;

type TranscriptFact =
  | { readonly kind: "prompt"; readonly turn: Turn }
  | {
      readonly kind: "content";
      readonly turn: Turn;
      readonly content: ElwoodStreamEvent;
    };

/**
 * Each usage item moved ahead of the content read since the last prompt: same turn, but
 * counted before that content can end it (Codex's token_count follows the reply it paid for).
 */
export function usageBeforeContent(items: readonly TranscriptItem[]): TranscriptItem[] {
  const ordered: TranscriptItem[] = [];
  let sincePrompt = 0;
  for (const item of items) {
    if (item.kind === "usage") ordered.splice(ordered.length - sincePrompt, 0, item);
    else {
      ordered.push(item);
      sincePrompt = item.kind === "user_message" ? 0 : sincePrompt + 1;
    }
  }
  return ordered;
}

export class TranscriptTurns {
  /** Per transcript file: the turn its content belongs to (undefined: not one of ours). */
  readonly #byFile = new Map<string, Turn | undefined>();
  #lastAttributed: Turn | undefined;
  readonly #recent: Turn[] = [];
  /**
   * Content read after the file's own turn settled, before the newest turn's prompt shows:
   * an older turn's late text (dropped when the prompt shows), or the newest turn's if its
   * prompt is never recorded (Claude's local answers; adopted when that turn ends).
   */
  readonly #held: ElwoodStreamEvent[] = [];

  noteBegun(turn: Turn): void {
    this.#recent.push(turn);
    if (this.#recent.length > RECENT_TURNS) this.#recent.shift();
    this.#held.length = 0;
  }

  read(item: TranscriptItem, file: string): TranscriptFact | undefined {
    if (item.kind === "user_message") {
      const matched = this.#onUserMessage(file, item.text);
      if (matched === undefined) return undefined;
      if (matched === this.#newest) this.#held.length = 0;
      return { kind: "prompt", turn: matched };
    }
    const turn = this.#turnOf(file);
    const isOpen = turn !== undefined && !turn.isSettled;
    if (item.kind === "usage") {
      if (isOpen) turn.usage.add(item.usage, item.model);
      return undefined;
    }
    const content = toStreamEvent(item);
    if (content === undefined) return undefined;
    if (isOpen) return { kind: "content", turn, content };
    // A failed turn's late content stays its own (dropped); after an ended one it is newer.
    return turn?.isFailed ? undefined : this.#holdForNewest(content);
  }

  /** What was held, if the newest turn ends without its prompt ever recorded. */
  takeHeld(turn: Turn): ElwoodStreamEvent[] {
    if (turn !== this.#newest || this.#hasSeen(turn)) return [];
    return this.#held.splice(0);
  }

  get #newest(): Turn | undefined {
    return this.#recent.at(-1);
  }

  #holdForNewest(content: ElwoodStreamEvent): TranscriptFact | undefined {
    const newest = this.#newest;
    if (newest === undefined || newest.isSettled || !newest.isSubmitted) return undefined;
    if (this.#hasSeen(newest)) return undefined;
    // Its end is already being decided without its prompt on record: the content is its own.
    if (newest.evidence !== undefined) return { kind: "content", turn: newest, content };
    this.#held.push(content);
    if (this.#held.length > MAX_HELD) this.#held.shift();
    return undefined;
  }

  /**
   * A user message recorded in `file`, matched to our turns by text (settled ones too: a
   * late read of an old prompt must be told from the newest). One matching none is someone
   * else's, unless the newest turn is submitted and unseen: the CLI may have re-worded it.
   */
  #onUserMessage(file: string, text: string): Turn | undefined {
    // An empty message (an image alone, a harness row) names no prompt: attribution stays.
    if (text.trim().length === 0) return this.#turnOf(file);
    const newest = this.#newest;
    const matched =
      this.#recent.findLast((turn) => isSameSubmission(text, turn.text)) ??
      (newest?.isSubmitted && !this.#hasSeen(newest) ? newest : undefined);
    this.#byFile.set(file, matched);
    if (matched !== undefined) this.#lastAttributed = matched;
    return matched;
  }

  /** A file with no prompt of its own follows the last one seen. */
  #turnOf(file: string): Turn | undefined {
    return this.#byFile.has(file) ? this.#byFile.get(file) : this.#lastAttributed;
  }

  #hasSeen(turn: Turn): boolean {
    return this.#lastAttributed === turn || [...this.#byFile.values()].includes(turn);
  }
}

function toStreamEvent(item: TranscriptItem): ElwoodStreamEvent | undefined {
  switch (item.kind) {
    case "assistant_message":
      return { type: "text", text: item.text };
    case "reasoning":
      return { type: "thinking", text: item.text };
    case "tool_call":
      return {
        type: "tool_call",
        name: item.toolName,
        input: item.toolInput ?? "",
        ...(item.toolUseId === undefined ? {} : { toolCallId: item.toolUseId }),
      };
    case "tool_result":
      return {
        type: "tool_result",
        ...(item.toolName === undefined ? {} : { name: item.toolName }),
        output: item.toolOutput ?? "",
        ...(item.toolUseId === undefined ? {} : { toolCallId: item.toolUseId }),
      };
    default:
      return undefined;
  }
}
