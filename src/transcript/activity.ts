// The adapter-neutral item a transcript mapper produces from committed records
// (spec §5.4 "Activity shape"). The runtime adds session id, agent, source and label.
// A `usage` item is no activity: it goes to the turn owner only (./usage.ts).
import type { TranscriptUsage } from "./usage.js";

interface ItemFields {
  /** The turn the item belongs to, when the transcript says (Claude promptId, Codex turn_id). */
  readonly turnId?: string;
  /** The record (or content block) the item came from; live-only, unredacted. */
  readonly raw: unknown;
}

/** A prompt a person typed (never the CLI's own injected context or harness rows). */
export interface TranscriptUserMessage extends ItemFields {
  readonly kind: "user_message";
  readonly text: string;
}

export interface TranscriptAssistantMessage extends ItemFields {
  readonly kind: "assistant_message";
  readonly text: string;
}

export interface TranscriptReasoning extends ItemFields {
  readonly kind: "reasoning";
  /** Never empty: empty, redacted or encrypted-only reasoning yields no item (C-CLAUDE-19). */
  readonly text: string;
}

export interface TranscriptToolCall extends ItemFields {
  readonly kind: "tool_call";
  readonly toolName: string;
  /** Absent only where the CLI records none (a Codex `local_shell_call` may lack call_id). */
  readonly toolUseId?: string;
  /**
   * Tool input as a string: passed through when already a string, otherwise JSON; absent
   * when the transcript records none (C-API-30).
   */
  readonly toolInput?: string;
}

export interface TranscriptToolResult extends ItemFields {
  readonly kind: "tool_result";
  readonly toolUseId: string;
  /** The answered call's name, paired from the same file; absent when that call was not seen. */
  readonly toolName?: string;
  /**
   * Tool output as a string: passed through when already a string, otherwise JSON; absent
   * when the transcript records none (C-API-30).
   */
  readonly toolOutput?: string;
  /** Claude's `is_error`; absent where the transcript does not say (Codex). */
  readonly isError?: boolean;
}

export interface TranscriptWebSearch extends ItemFields {
  readonly kind: "web_search";
  /** The search query, when the record carries one. */
  readonly text?: string;
}

export type TranscriptActivityItem =
  | TranscriptUserMessage
  | TranscriptAssistantMessage
  | TranscriptReasoning
  | TranscriptToolCall
  | TranscriptToolResult
  | TranscriptWebSearch
  | TranscriptUsage;

export type TranscriptActivityKind = TranscriptActivityItem["kind"];

/** The spec's string rule for toolInput/toolOutput. */
export function toolValueToString(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "null";
}

/** `{ [key]: value as a string }`, or nothing when the transcript has no such field. */
export function toolField<K extends "toolInput" | "toolOutput">(
  key: K,
  value: unknown,
): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: toolValueToString(value) }) as { [P in K]?: string };
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
