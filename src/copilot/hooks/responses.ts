// What a Copilot hook handler may return: only the decisions Copilot 1.0.102 was seen to
// honour (prd/copilot.md "Hooks"). preToolUse allows (no permission prompt) or denies with
// a reason the model sees ("Denied by preToolUse hook: <reason>", held even under
// --allow-all-tools); permissionRequest allows or denies its prompt ("Permission denied by
// a PermissionRequest hook: <message>"). Every other event is observe-only.

import { z } from "zod";
import type { CopilotHookEventName } from "./events.js";

/** Deny the tool call; the reason is shown to the model. */
export interface CopilotPreToolUseDeny {
  readonly permissionDecision: "deny";
  readonly permissionDecisionReason: string;
}

/** Run the tool without Copilot's permission prompt. */
export interface CopilotPreToolUseAllow {
  readonly permissionDecision: "allow";
  readonly permissionDecisionReason?: never;
}

export type CopilotPreToolUseResult = CopilotPreToolUseDeny | CopilotPreToolUseAllow;

/** Answer Copilot's permission prompt before it shows; `message` reaches the model. */
export type CopilotPermissionRequestResult =
  | { readonly behavior: "allow"; readonly message?: never }
  | { readonly behavior: "deny"; readonly message?: string };

/** Result type of an event-name handler; `never` marks observe-only events. */
export interface CopilotHookResults {
  sessionStart: never;
  sessionEnd: never;
  userPromptSubmitted: never;
  preToolUse: CopilotPreToolUseResult;
  postToolUse: never;
  postToolUseFailure: never;
  permissionRequest: CopilotPermissionRequestResult;
  agentStop: never;
  subagentStart: never;
  subagentStop: never;
  errorOccurred: never;
  preCompact: never;
  notification: never;
}

const nonEmpty = z.string().min(1);

/** Runtime schema per event; `null` marks an observe-only event. */
export const copilotResultSchemas: {
  readonly [N in CopilotHookEventName]: z.ZodType | null;
} = {
  sessionStart: null,
  sessionEnd: null,
  userPromptSubmitted: null,
  preToolUse: z.discriminatedUnion("permissionDecision", [
    z.strictObject({
      permissionDecision: z.literal("deny"),
      permissionDecisionReason: nonEmpty,
    }),
    z.strictObject({ permissionDecision: z.literal("allow") }),
  ]),
  postToolUse: null,
  postToolUseFailure: null,
  permissionRequest: z.discriminatedUnion("behavior", [
    z.strictObject({ behavior: z.literal("allow") }),
    z.strictObject({ behavior: z.literal("deny"), message: z.string().optional() }),
  ]),
  agentStop: null,
  subagentStart: null,
  subagentStop: null,
  errorOccurred: null,
  preCompact: null,
  notification: null,
};
