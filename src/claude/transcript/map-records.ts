// Pure mapper: Claude Code transcript JSONL records (hook-protocols Part C, observed on
// 2.1.332) → adapter-neutral activity items. No I/O. Only `user` and `assistant` chain
// entries carry conversation content; everything else is skipped on purpose:
// - metadata records (`mode`, `last-prompt`, `file-history-snapshot`, and 2.1.332's
//   `api-request`/`api-request-blob`, whose blobs REPEAT earlier content) → nothing;
// - `attachment` (hook context, listings) and `system` (turn_duration, stop hook
//   summaries, compact boundaries) → nothing: not messages, and turn ends come from hooks;
// - `isMeta`, `isCompactSummary` and harness rows (`rowSource:"harness"`, e.g.
//   "[Request interrupted by user]") → nothing: the CLI wrote them, not a person;
// - `isSidechain` entries → no content here: subagent work is followed from its own file.
// Every assistant record's token usage (a subagent's too: its requests are the turn's
// cost) becomes one `usage` item per API message (./usage.ts).
import {
  asObject,
  stringField,
  type TranscriptActivityItem,
  toolField,
} from "../../transcript/activity.js";
import { type MapResult, mapInOrder } from "../../transcript/map-in-order.js";
import { type CountedMessages, claudeRecordUsage } from "./usage.js";

export interface ClaudeMapContext {
  /** The promptId of the newest human prompt; assistant entries carry none of their own. */
  readonly turnId?: string;
  /** API messages whose usage was counted already (one message spans several records). */
  readonly countedMessages?: CountedMessages;
}

export type ClaudeMapResult = MapResult<ClaudeMapContext>;

/** Maps a batch of records in order, threading the turn id from prompt to replies. */
export function mapClaudeRecords(
  records: readonly unknown[],
  context: ClaudeMapContext = {},
): ClaudeMapResult {
  return mapInOrder(mapClaudeRecord, records, context);
}

export function mapClaudeRecord(record: unknown, context: ClaudeMapContext = {}): ClaudeMapResult {
  const entry = asObject(record);
  const type = stringField(entry, "type");
  if (entry === undefined || (type !== "user" && type !== "assistant"))
    return { items: [], context };
  if (type === "assistant") return mapAssistant(entry, context);
  if (entry.isSidechain === true || entry.isMeta === true || entry.isCompactSummary === true) {
    return { items: [], context };
  }
  const message = asObject(entry.message);
  if (message === undefined) return { items: [], context };
  return userItems(message.content, entry, context);
}

function mapAssistant(
  entry: Readonly<Record<string, unknown>>,
  context: ClaudeMapContext,
): ClaudeMapResult {
  const { item, counted } = claudeRecordUsage(entry, context.countedMessages ?? [], context.turnId);
  const next =
    counted === context.countedMessages ? context : { ...context, countedMessages: counted };
  const message = asObject(entry.message);
  const isContent =
    entry.isSidechain !== true &&
    entry.isMeta !== true &&
    entry.isCompactSummary !== true &&
    message !== undefined;
  const items = isContent ? assistantItems(message.content, entry, context.turnId) : [];
  // The usage goes after the content it paid for, so it joins the same turn.
  return { items: item === undefined ? items : [...items, item], context: next };
}

function userItems(
  content: unknown,
  entry: Readonly<Record<string, unknown>>,
  context: ClaudeMapContext,
): ClaudeMapResult {
  const isHarness = stringField(entry, "rowSource") === "harness";
  const promptId = stringField(entry, "promptId");
  const items: TranscriptActivityItem[] = [];
  if (typeof content === "string") {
    // A typed prompt starts a turn; its promptId is the turn id of what follows.
    const next = promptId === undefined ? context : { ...context, turnId: promptId };
    if (!isHarness)
      items.push(withTurn({ kind: "user_message", text: content, raw: entry }, next.turnId));
    return { items, context: next };
  }
  const turnId = promptId ?? context.turnId;
  for (const block of Array.isArray(content) ? content : []) {
    const part = asObject(block);
    const blockType = stringField(part, "type");
    const toolUseId = stringField(part, "tool_use_id");
    // The Messages API requires tool_use_id; a result without one answers nothing.
    if (blockType === "tool_result" && toolUseId !== undefined) {
      items.push(
        withTurn(
          {
            kind: "tool_result",
            toolUseId,
            ...toolField("toolOutput", part?.content),
            isError: part?.is_error === true,
            raw: entry,
          },
          turnId,
        ),
      );
    } else if (blockType === "text" && !isHarness) {
      items.push(
        withTurn(
          { kind: "user_message", text: stringField(part, "text") ?? "", raw: entry },
          turnId,
        ),
      );
    }
  }
  return { items, context };
}

// Each assistant block is its own entry in 2.1.x, but older files may hold several.
function assistantItems(
  content: unknown,
  entry: Readonly<Record<string, unknown>>,
  turnId: string | undefined,
) {
  const items: TranscriptActivityItem[] = [];
  for (const block of Array.isArray(content) ? content : []) {
    const part = asObject(block);
    switch (stringField(part, "type")) {
      case "text":
        items.push(
          withTurn(
            { kind: "assistant_message", text: stringField(part, "text") ?? "", raw: entry },
            turnId,
          ),
        );
        break;
      case "thinking": {
        // C-CLAUDE-19: empty thinking (and redacted_thinking, unmatched here) yields nothing.
        const text = stringField(part, "thinking") ?? "";
        if (text !== "") items.push(withTurn({ kind: "reasoning", text, raw: entry }, turnId));
        break;
      }
      case "tool_use": {
        // The Messages API requires name and id; a block without a name is malformed.
        const toolName = stringField(part, "name");
        if (toolName === undefined) break;
        items.push(
          withTurn(
            {
              kind: "tool_call",
              toolName,
              ...optional("toolUseId", stringField(part, "id")),
              ...toolField("toolInput", part?.input),
              raw: entry,
            },
            turnId,
          ),
        );
        break;
      }
      default:
        break;
    }
  }
  return items;
}

function withTurn(
  item: TranscriptActivityItem,
  turnId: string | undefined,
): TranscriptActivityItem {
  return turnId === undefined ? item : { ...item, turnId };
}

// exactOptionalPropertyTypes: leave a key out rather than set it to undefined.
function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: string });
}
