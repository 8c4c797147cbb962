// Which of Codex's hooks mean what to the runtime (hook-protocols B5): the session's start
// (with the first prompt), the prompt it accepted, the end of a turn (with the final text
// the rollout must hold before the turn ends; Codex may send null), and the permission
// prompt a handler may answer. Also how a pasted prompt shows in its composer.
import type { CodexAnyHookEvent } from "./events.js";

function textOf(event: CodexAnyHookEvent, field: string): string {
  const value = (event as unknown as Readonly<Record<string, unknown>>)[field];
  return typeof value === "string" ? value : "";
}

export const CODEX_TURN_SIGNALS = {
  sessionStartHook: "SessionStart",
  promptAcceptedHook: "UserPromptSubmit",
  turnEndHook: "Stop",
  permissionRequestHook: "PermissionRequest",
  turnEndTextOf: (event: CodexAnyHookEvent): string | undefined =>
    event.hook_event_name === "Stop" ? textOf(event, "last_assistant_message") : undefined,
  acceptedPromptOf: (event: CodexAnyHookEvent): string | undefined =>
    event.hook_event_name === "UserPromptSubmit" ? textOf(event, "prompt") : undefined,
  // A Stop handler's `decision: "block"` makes Codex continue the turn.
  isBlockingTurnEndReply: (reply: unknown): boolean =>
    (reply as { decision?: unknown } | undefined)?.decision === "block",
  // A long paste shows as "[Pasted Content 1234 chars]" until it is submitted.
  pasteChip: /\[Pasted Content\b[^\]]*\]/gi,
  // Codex hides its working row while a tool runs: an idle composer is the end only this
  // long after, with no Stop hook.
  idleTurnEndGraceMs: 5_000,
} as const;
