// Maps committed transcript items to the simplified stream events a turn yields (seeds
// §5.8; the event and option types are in contract/turn.ts).
import type { TranscriptItem } from "../contract/adapter.js";
import type { ElwoodStreamEvent } from "../contract/turn.js";

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
