// Turns a conversation's pieces, live (a turn's stream events) or replayed (the transcript
// on session/load), into ACP session updates. Each tool call keeps one toolCallId from its
// `tool_call` to its `tool_call_update`: the agent's own id when the transcript has one.
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { ElwoodConversationItem, ElwoodStreamEvent } from "../index.js";
import { parsedInput, toolKindOf, toolLocations, toolTitle } from "./tool-calls.js";

/** One piece of a conversation in the terms both sources share. */
export type ConversationPiece =
  | { readonly kind: "user" | "agent" | "thought"; readonly text: string }
  | {
      readonly kind: "tool_call";
      readonly name: string;
      readonly input: string | undefined;
      readonly id: string | undefined;
    }
  | {
      readonly kind: "tool_result";
      readonly name: string | undefined;
      readonly output: string | undefined;
      readonly id: string | undefined;
      readonly isError: boolean | undefined;
    };

export function pieceOfStreamEvent(event: ElwoodStreamEvent): ConversationPiece {
  switch (event.type) {
    case "text":
      return { kind: "agent", text: event.text };
    case "thinking":
      return { kind: "thought", text: event.text };
    case "tool_call":
      return { kind: "tool_call", name: event.name, input: event.input, id: event.toolCallId };
    case "tool_result":
      return {
        kind: "tool_result",
        name: event.name,
        output: event.output,
        id: event.toolCallId,
        isError: undefined,
      };
  }
}

export function pieceOfConversationItem(item: ElwoodConversationItem): ConversationPiece {
  switch (item.kind) {
    case "user_message":
      return { kind: "user", text: item.text };
    case "assistant_message":
      return { kind: "agent", text: item.text };
    case "reasoning":
      return { kind: "thought", text: item.text };
    case "tool_call":
      return { kind: "tool_call", name: item.toolName, input: item.toolInput, id: item.toolUseId };
    case "tool_result":
      return {
        kind: "tool_result",
        name: item.toolName,
        output: item.toolOutput,
        id: item.toolUseId,
        isError: item.isError,
      };
    case "web_search":
      return { kind: "tool_call", name: "web_search", input: item.text, id: undefined };
  }
}

interface OpenCall {
  readonly id: string;
  readonly name: string;
}

/** An id already shown to the client (a permission request) for a call not yet seen. */
interface Reservation {
  readonly id: string;
  matches(name: string, input: unknown): boolean;
}

/** Per-session: ids for calls the agent did not name, and which calls await their result. */
export class ToolCallTracker {
  readonly #cwd: string;
  readonly #open: OpenCall[] = [];
  /** Calls a person rejected: their result is a failure whatever the output says. */
  readonly #rejected = new Set<string>();
  /** The agent's call id → the id the client knows it by, where they differ. */
  readonly #aliases = new Map<string, string>();
  #reserved: Reservation[] = [];
  #counter = 0;

  constructor(cwd: string) {
    this.#cwd = cwd;
  }

  /** The newest call still waiting for its result (what a permission request is about). */
  newestOpen(): OpenCall | undefined {
    return this.#open.at(-1);
  }

  markRejected(id: string): void {
    this.#rejected.add(id);
  }

  /**
   * The permission hook can fire before the transcript shows its call: the request goes out
   * under `id`, and the first later call that `matches` keeps that id, so the client sees
   * one tool call, not two.
   */
  reserve(id: string, matches: Reservation["matches"]): void {
    this.#reserved.push({ id, matches });
  }

  updatesFor(piece: ConversationPiece): SessionUpdate[] {
    switch (piece.kind) {
      case "user":
        return [
          { sessionUpdate: "user_message_chunk", content: { type: "text", text: piece.text } },
        ];
      case "agent":
        return [
          { sessionUpdate: "agent_message_chunk", content: { type: "text", text: piece.text } },
        ];
      case "thought":
        return [
          { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: piece.text } },
        ];
      case "tool_call":
        return [this.#call(piece)];
      case "tool_result":
        return [this.#result(piece)];
    }
  }

  #call(piece: Extract<ConversationPiece, { kind: "tool_call" }>): SessionUpdate {
    this.#counter += 1;
    const input = parsedInput(piece.input);
    const reserved = this.#reserved.findIndex((entry) => entry.matches(piece.name, input));
    const [reservation] = reserved === -1 ? [] : this.#reserved.splice(reserved, 1);
    const id = reservation?.id ?? piece.id ?? `elwood-tool-${this.#counter}`;
    if (reservation !== undefined && piece.id !== undefined) this.#aliases.set(piece.id, id);
    this.#open.push({ id, name: piece.name });
    return {
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: toolTitle(piece.name, input),
      kind: toolKindOf(piece.name),
      status: "in_progress",
      locations: toolLocations(input, this.#cwd),
      rawInput: input,
      _meta: { elwood: { toolName: piece.name } },
    };
  }

  #result(piece: Extract<ConversationPiece, { kind: "tool_result" }>): SessionUpdate {
    const shownId = piece.id === undefined ? undefined : (this.#aliases.get(piece.id) ?? piece.id);
    const index =
      shownId !== undefined
        ? this.#open.findIndex((call) => call.id === shownId)
        : this.#open.findIndex((call) => call.name === piece.name);
    const [call] = index === -1 ? [undefined] : this.#open.splice(index, 1);
    this.#counter += call === undefined && piece.id === undefined ? 1 : 0;
    const id = call?.id ?? shownId ?? `elwood-tool-${this.#counter}`;
    const failed = piece.isError === true || this.#rejected.has(id);
    const output = piece.output ?? "";
    return {
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status: failed ? "failed" : "completed",
      content: output === "" ? [] : [{ type: "content", content: { type: "text", text: output } }],
      rawOutput: output,
    };
  }
}
