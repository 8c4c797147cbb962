// Shared shapes of the scripted model server: the request log entries that tests
// inspect, and the parsed form both API dialects reduce a request to.
import type { ServerResponse } from "node:http";
import type { AutoModeVerdict, ScenarioStep } from "./scenario.js";

export type ModelApi = "anthropic" | "openai" | "google";

/**
 * A tool result the CLI sent back (Claude `tool_result`, Codex `function_call_output`,
 * Gemini `functionResponse`).
 */
export interface ToolResultRecord {
  readonly callId: string;
  readonly text: string;
  readonly isError: boolean;
}

/** An image the CLI sent in the newest user message, as base64 with its media type. */
export interface LoggedImage {
  readonly mediaType: string;
  readonly base64: string;
}

/** One request the server received, in arrival order. */
export interface LoggedRequest {
  /** Arrival time, epoch milliseconds. */
  readonly at: number;
  readonly api: ModelApi | "other";
  readonly method: string;
  readonly path: string;
  /** The parsed JSON body, or undefined when there was none or it was not JSON. */
  readonly body: unknown;
  /** Text of the newest user message, without system reminders; "" if none. */
  readonly userText: string;
  /** Index of the scripted turn that answered, when one did. */
  readonly matchedTurn?: number;
  readonly toolResults: readonly ToolResultRecord[];
  /** Images of the newest user message, in order (Anthropic image blocks, OpenAI input_image). */
  readonly images: readonly LoggedImage[];
  /** A side request (title, quota probe, token count) that never consumes the scenario. */
  readonly isAuxiliary: boolean;
  /** The HTTP status the server answered with. */
  readonly status: number;
}

/** What a dialect extracts from a request body before the scenario is consulted. */
export interface ParsedModelRequest {
  readonly userText: string;
  readonly toolResults: readonly ToolResultRecord[];
  readonly images: readonly LoggedImage[];
  readonly isAuxiliary: boolean;
  readonly isStreaming: boolean;
  readonly model: string;
  /** Claude's auto-mode safety check was asked for, with any tool calls sent for review. */
  readonly safetyCheck?: { readonly reviewedToolUseIds: readonly string[] };
}

/** A request body that does not have the shape of the API; answered with 400. */
export class BadModelRequest extends Error {
  override readonly name = "BadModelRequest";
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Removes `<system-reminder>…</system-reminder>` sections that CLIs inject into prompts. */
export function stripSystemReminders(text: string): string {
  return text.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, "").trim();
}

/** Everything a dialect needs to render one planned reply. */
export interface ReplyContext {
  readonly response: ServerResponse;
  /** Aborted when the client disconnects or the server closes. */
  readonly signal: AbortSignal;
  readonly steps: readonly ScenarioStep[];
  /** One id per tool step, in order. */
  readonly toolCallIds: readonly string[];
  readonly model: string;
  readonly inputTokens: number;
  readonly isStreaming: boolean;
  /** Unique per reply, used to build message/response ids. */
  readonly replyNumber: number;
  /** Set when the request asked for Claude's auto-mode safety check (see anthropic/safeguards). */
  readonly safetyCheck?: {
    readonly fallback: AutoModeVerdict;
    readonly reviewedToolUseIds: readonly string[];
  };
}
