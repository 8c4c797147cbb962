// Names each tool result after the tool call it answers. Transcripts of both CLIs carry
// only an id on a result (Claude's tool_use_id, Codex's call_id), so the name is paired
// from the earlier call in the same file. Bounded: at most 256 unanswered calls are
// remembered, and an id is forgotten once its result arrives.
import type { TranscriptActivityItem } from "./activity.js";

export const MAX_PENDING_TOOL_CALLS = 256;

export class ToolNamePairing {
  readonly #pending = new Map<string, string>();

  /** Returns the items with `toolName` filled on results whose call was seen. */
  pair(items: readonly TranscriptActivityItem[]): TranscriptActivityItem[] {
    return items.map((item) => this.#pairOne(item));
  }

  get pendingCount(): number {
    return this.#pending.size;
  }

  #pairOne(item: TranscriptActivityItem): TranscriptActivityItem {
    if (item.kind === "tool_call") {
      if (item.toolUseId !== undefined) this.#remember(item.toolUseId, item.toolName);
      return item;
    }
    if (item.kind !== "tool_result") return item;
    const name = this.#pending.get(item.toolUseId);
    this.#pending.delete(item.toolUseId);
    return name === undefined || item.toolName !== undefined ? item : { ...item, toolName: name };
  }

  #remember(id: string, toolName: string): void {
    this.#pending.delete(id);
    this.#pending.set(id, toolName);
    // Maps iterate in insertion order, so the first key is the oldest call.
    if (this.#pending.size > MAX_PENDING_TOOL_CALLS) {
      const oldest = this.#pending.keys().next().value;
      if (oldest !== undefined) this.#pending.delete(oldest);
    }
  }
}
