// Gemini's chat JSONL (~/.gemini/tmp/<folder>/chats/session-<time>-<id8>.jsonl, 0.61.0)
// → adapter-neutral activity items. The file is a header line, then messages, `$set`
// patches (`{"$set":{"messages":[…]}}` replaces the list with a snapshot, others touch
// metadata) and
// `{"$rewindTo": id}`. A message is appended again under the same id whenever it grows
// (its tool calls are recorded only once they finish), the last copy winning; so each
// message's reported parts are remembered and only what is new is reported.
import {
  asObject,
  stringField,
  type TranscriptActivityItem,
  toolField,
} from "../../transcript/activity.js";
import { geminiUsageOf } from "./usage.js";

type Fields = Readonly<Record<string, unknown>>;

interface Reported {
  text: string;
  thoughts: number;
  readonly tools: Set<string>;
  hasUsage: boolean;
}

/** Gemini's own context, sent as the first user message; not a prompt anyone typed. */
const SESSION_CONTEXT = /<session_context>[\s\S]*?<\/session_context>/g;

function partsText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => stringField(asObject(part), "text") ?? "")
    .join("")
    .replace(SESSION_CONTEXT, "")
    .trim();
}

function resultOutput(result: unknown): unknown {
  if (!Array.isArray(result)) return undefined;
  for (const part of result) {
    const response = asObject(asObject(asObject(part)?.functionResponse)?.response);
    if (response === undefined) continue;
    return response.output ?? response.error ?? response;
  }
  return undefined;
}

function toolItems(call: Fields): TranscriptActivityItem[] {
  const id = stringField(call, "id");
  const name = stringField(call, "name") ?? "unknown";
  if (id === undefined) return [];
  const items: TranscriptActivityItem[] = [
    {
      kind: "tool_call",
      toolName: name,
      toolUseId: id,
      ...toolField("toolInput", call.args),
      raw: call,
    },
  ];
  const status = stringField(call, "status");
  if (call.result !== undefined || status !== undefined) {
    items.push({
      kind: "tool_result",
      toolUseId: id,
      toolName: name,
      ...toolField("toolOutput", resultOutput(call.result)),
      isError: status === "error" || status === "cancelled",
      raw: call,
    });
  }
  return items;
}

/** One chat file's mapper: call it with each record in order. */
export function createChatMapper(): (record: unknown) => readonly TranscriptActivityItem[] {
  const reported = new Map<string, Reported>();
  const stateOf = (id: string): Reported => {
    let state = reported.get(id);
    if (state === undefined) {
      state = { text: "", thoughts: 0, tools: new Set(), hasUsage: false };
      reported.set(id, state);
    }
    return state;
  };

  const mapMessage = (message: Fields): TranscriptActivityItem[] => {
    const id = stringField(message, "id");
    const type = stringField(message, "type");
    if (id === undefined) return [];
    const state = stateOf(id);
    if (type === "user") {
      // An AfterAgent block sends the agent back with its reason as the prompt, recorded with
      // the original prompt as `displayContent`: the hook's words, not a person's prompt.
      if (message.displayContent !== undefined) {
        if (partsText(message.displayContent) !== partsText(message.content)) return [];
      }
      const text = partsText(message.content);
      if (text.length === 0 || state.text === text) return [];
      state.text = text;
      return [{ kind: "user_message", text, raw: message }];
    }
    if (type !== "gemini") return [];
    const items: TranscriptActivityItem[] = [];
    const thoughts = Array.isArray(message.thoughts) ? message.thoughts : [];
    for (const thought of thoughts.slice(state.thoughts)) {
      const fields = asObject(thought);
      const text = [stringField(fields, "subject"), stringField(fields, "description")]
        .filter((part) => part !== undefined && part.length > 0)
        .join("\n");
      if (text.length > 0) items.push({ kind: "reasoning", text, raw: thought });
    }
    state.thoughts = Math.max(state.thoughts, thoughts.length);
    const text = partsText(message.content);
    if (text.length > 0 && text !== state.text) {
      items.push({ kind: "assistant_message", text, raw: message });
      state.text = text;
    }
    const calls = Array.isArray(message.toolCalls) ? message.toolCalls : [];
    for (const call of calls) {
      const fields = asObject(call);
      const callId = stringField(fields, "id");
      if (fields === undefined || callId === undefined || state.tools.has(callId)) continue;
      state.tools.add(callId);
      items.push(...toolItems(fields));
    }
    if (!state.hasUsage) {
      const usage = geminiUsageOf(message);
      if (usage !== undefined) {
        state.hasUsage = true;
        items.push(usage);
      }
    }
    return items;
  };

  return (record) => {
    const fields = asObject(record);
    if (fields === undefined) return [];
    const patch = asObject(fields.$set);
    if (patch !== undefined) {
      // A messages list is a snapshot of the chat so far (at launch, and again on resume,
      // where it repeats every earlier exchange): remembered as reported, never reported,
      // or a resumed session's first turn would take the old replies as its own. New
      // messages are always appended as lines of their own.
      const messages = Array.isArray(patch.messages) ? patch.messages : [];
      for (const message of messages) {
        const object = asObject(message);
        if (object !== undefined) mapMessage(object);
      }
      return [];
    }
    // A rewind drops later messages from the chat; what was reported stays reported.
    if (fields.$rewindTo !== undefined) return [];
    return mapMessage(fields);
  };
}
