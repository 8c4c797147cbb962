// The simplified, stable events a turn's stream yields (seeds §5.8): the turn's content
// only, insulated from the richer activity shape; and the per-turn options.
import type { TranscriptItem } from "../contract/adapter.js";
import type { ImageInput } from "../operations/images.js";

export type ElwoodStreamEvent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string }
  | {
      readonly type: "tool_call";
      readonly name: string;
      readonly input: string;
      /** The agent's id for this call; its result carries the same one. */
      readonly toolCallId?: string;
    }
  /** `name` is absent only when the answered call was not seen in the same transcript. */
  | {
      readonly type: "tool_result";
      readonly name?: string;
      readonly output: string;
      readonly toolCallId?: string;
    };

export interface TurnOptions {
  /** Images attached before the prompt, in order (api.md "Images"); validated at the call. */
  readonly images?: readonly ImageInput[];
  /** Opt-in whole-turn ceiling; by default a live turn is never failed by a clock. */
  readonly timeoutMs?: number;
  /** How long the transcript may lag the turn-end signal before wait_timeout (10 s). */
  readonly catchUpMs?: number;
}

/** The stream event a committed transcript item is, or undefined for non-content items. */
export function toStreamEvent(item: TranscriptItem): ElwoodStreamEvent | undefined {
  switch (item.kind) {
    case "assistant_message":
      return { type: "text", text: item.text };
    case "reasoning":
      return { type: "thinking", text: item.text };
    case "tool_call":
      return {
        type: "tool_call",
        name: item.toolName,
        input: item.toolInput,
        ...(item.toolUseId === undefined ? {} : { toolCallId: item.toolUseId }),
      };
    case "tool_result":
      return {
        type: "tool_result",
        ...(item.toolName === undefined ? {} : { name: item.toolName }),
        output: item.toolOutput,
        ...(item.toolUseId === undefined ? {} : { toolCallId: item.toolUseId }),
      };
    default:
      return undefined;
  }
}

/** A rough byte size of a buffered event, for the stream's memory bound. */
export function sizeOfStreamEvent(event: ElwoodStreamEvent): number {
  const text = "text" in event ? event.text : "input" in event ? event.input : "";
  const output = "output" in event ? event.output : "";
  return 64 + text.length * 2 + output.length * 2;
}
