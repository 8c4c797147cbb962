// The adapter-neutral item a transcript mapper produces from committed records
// (spec §5.4 "Activity shape"). The runtime adds session id, agent, source and label.

export type TranscriptActivityKind =
  | "user_message"
  | "assistant_message"
  | "reasoning"
  | "tool_call"
  | "tool_result"
  | "web_search";

export interface TranscriptActivityItem {
  readonly kind: TranscriptActivityKind;
  readonly text?: string;
  readonly toolName?: string;
  readonly toolUseId?: string;
  /** Tool input as a string: passed through when already a string, otherwise JSON. */
  readonly toolInput?: string;
  /** Tool output as a string: passed through when already a string, otherwise JSON. */
  readonly toolOutput?: string;
  readonly isError?: boolean;
  readonly turnId?: string;
  /** The record (or content block) the item came from; live-only, unredacted. */
  readonly raw: unknown;
}

/** The spec's string rule for toolInput/toolOutput. */
export function toolValueToString(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "null";
}

/** Narrows an unknown to a plain object for safe field reads. */
export function asObject(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function stringField(
  source: Readonly<Record<string, unknown>> | undefined,
  key: string,
): string | undefined {
  const value = source?.[key];
  return typeof value === "string" ? value : undefined;
}
