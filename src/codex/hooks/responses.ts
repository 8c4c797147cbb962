// What a Codex hook handler may return (seeds §7A.2, hook-protocols B4/B5): only the
// shapes Codex 0.171.0 honours. Everything else — `ask`, PermissionRequest rewrites or
// interrupts, any decision on an observe-only event, even `{}` — is unrepresentable in
// the types and rejected by the strict runtime schemas (C-HOOK-14, C-HRESP-07..10).

import { z } from "zod";
import type { DeepReadonly } from "../../bridge/catalogue.js";
import type { CodexHookEventName, CodexToolEventName } from "./events.js";
import type { CodexToolInputOf, CodexToolName } from "./tools.js";

/** Deny the tool call; Codex requires a non-empty reason, shown to the model. */
export interface CodexPreToolUseDeny {
  readonly permissionDecision: "deny";
  readonly permissionDecisionReason: string;
  readonly additionalContext?: string;
  readonly updatedInput?: never;
}

/**
 * Let the call proceed through Codex's normal approval flow. Codex 0.171 has no bare
 * "allow" (it fails the hook), so this sends no decision, only context if given.
 */
export interface CodexPreToolUseAllow {
  readonly permissionDecision: "allow";
  readonly permissionDecisionReason?: never;
  readonly additionalContext?: string;
  readonly updatedInput?: never;
}

/** Add model context without deciding. */
export interface CodexPreToolUseContext {
  readonly permissionDecision?: never;
  readonly additionalContext: string;
  readonly updatedInput?: never;
}

/** Event-name PreToolUse result: deny, allow, or context; never an input rewrite. */
export type CodexPreToolUseResult =
  | CodexPreToolUseDeny
  | CodexPreToolUseAllow
  | CodexPreToolUseContext;

/** Tool-keyed PreToolUse result: may also allow with the tool's input rewritten. */
export type CodexPreToolUseToolResult<T extends CodexToolName> =
  | CodexPreToolUseResult
  | {
      readonly permissionDecision: "allow";
      readonly updatedInput: DeepReadonly<CodexToolInputOf<T>>;
      readonly additionalContext?: string;
    };

// Fields Codex reserves for later and fails closed on today; spelled `never` so even a
// returned object literal cannot carry them.
interface NoFuturePermissionFields {
  readonly updatedInput?: never;
  readonly updatedPermissions?: never;
  readonly interrupt?: never;
}

/** Allow or deny an approval prompt; Codex fails closed on anything more. */
export type CodexPermissionRequestResult =
  | (NoFuturePermissionFields & { readonly behavior: "allow"; readonly message?: never })
  | (NoFuturePermissionFields & { readonly behavior: "deny"; readonly message?: string });

/** Stop/SubagentStop: keep going with `reason` as the next prompt, or stop outright. */
export type CodexStopResult =
  | {
      readonly decision: "block";
      readonly reason: string;
      /** Appended to `reason` (Codex's Stop reply has no separate context field). */
      readonly additionalContext?: string;
    }
  /** Ends the turn; Codex's reply has no model-context field, so there is no context here. */
  | { readonly continue: false; readonly stopReason?: string };

/** Result type of an event-name handler; `never` marks observe-only events. */
export interface CodexHookResults {
  SessionStart: never;
  SessionEnd: never;
  UserPromptSubmit: never;
  PreToolUse: CodexPreToolUseResult;
  PermissionRequest: CodexPermissionRequestResult;
  PostToolUse: never;
  PreCompact: never;
  PostCompact: never;
  SubagentStart: never;
  SubagentStop: CodexStopResult;
  Stop: CodexStopResult;
  Interrupt: never;
}

export type CodexToolHookResult<
  E extends CodexToolEventName,
  T extends CodexToolName,
> = E extends "PreToolUse" ? CodexPreToolUseToolResult<T> : CodexHookResults[E];

// ---- runtime schemas ----

const nonEmpty = z.string().min(1);
const context = z.string().optional();

const preToolUse = z.union([
  z.strictObject({
    permissionDecision: z.literal("deny"),
    permissionDecisionReason: nonEmpty,
    additionalContext: context,
  }),
  z.strictObject({
    permissionDecision: z.literal("allow"),
    additionalContext: context,
    updatedInput: z.unknown().optional(),
  }),
  z.strictObject({ additionalContext: z.string() }),
]);

const stop = z.union([
  z.strictObject({ decision: z.literal("block"), reason: nonEmpty, additionalContext: context }),
  z.strictObject({ continue: z.literal(false), stopReason: z.string().optional() }),
]);

/** Runtime schema per event; `null` marks an observe-only event. */
export const codexResultSchemas: { readonly [N in CodexHookEventName]: z.ZodType | null } = {
  SessionStart: null,
  SessionEnd: null,
  UserPromptSubmit: null,
  PreToolUse: preToolUse,
  PermissionRequest: z.discriminatedUnion("behavior", [
    z.strictObject({ behavior: z.literal("allow") }),
    z.strictObject({ behavior: z.literal("deny"), message: z.string().optional() }),
  ]),
  PostToolUse: null,
  PreCompact: null,
  PostCompact: null,
  SubagentStart: null,
  SubagentStop: stop,
  Stop: stop,
  Interrupt: null,
};
