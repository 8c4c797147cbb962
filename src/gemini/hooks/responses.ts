// What a Gemini hook handler may return: only the shapes Gemini CLI 0.61.0 honours from a
// command hook's stdout (prd/gemini.md "Hooks"). Anything else, on any event, is
// unrepresentable in the types and rejected by the strict runtime schemas.

import { z } from "zod";
import type { GeminiHookEventName } from "./events.js";

/** Stop the tool call; the model receives "Tool execution blocked: <reason>". */
export interface GeminiBeforeToolDeny {
  readonly decision: "deny";
  readonly reason: string;
}

/** Let the call go through Gemini's own approval flow (no decision is sent). */
export interface GeminiBeforeToolAllow {
  readonly decision: "allow";
  readonly reason?: never;
}

export type GeminiBeforeToolResult = GeminiBeforeToolDeny | GeminiBeforeToolAllow;

/** Refuse the prompt before the model sees it; `reason` is shown in its place. */
export interface GeminiBeforeAgentResult {
  readonly decision: "block";
  readonly reason: string;
}

/** AfterAgent: send the agent back to work with `reason` as its next prompt. */
export interface GeminiAfterAgentResult {
  readonly decision: "block";
  readonly reason: string;
}

/** Result type of an event-name handler; `never` marks observe-only events. */
export interface GeminiHookResults {
  SessionStart: never;
  SessionEnd: never;
  BeforeAgent: GeminiBeforeAgentResult;
  AfterAgent: GeminiAfterAgentResult;
  BeforeModel: never;
  AfterModel: never;
  BeforeToolSelection: never;
  BeforeTool: GeminiBeforeToolResult;
  AfterTool: never;
  PreCompress: never;
  Notification: never;
}

const nonEmpty = z.string().min(1);
const block = z.strictObject({ decision: z.literal("block"), reason: nonEmpty });

/** Runtime schema per event; `null` marks an observe-only event. */
export const geminiResultSchemas: { readonly [N in GeminiHookEventName]: z.ZodType | null } = {
  SessionStart: null,
  SessionEnd: null,
  BeforeAgent: block,
  AfterAgent: block,
  BeforeModel: null,
  AfterModel: null,
  BeforeToolSelection: null,
  BeforeTool: z.union([
    z.strictObject({ decision: z.literal("deny"), reason: nonEmpty }),
    z.strictObject({ decision: z.literal("allow") }),
  ]),
  AfterTool: null,
  PreCompress: null,
  Notification: null,
};
