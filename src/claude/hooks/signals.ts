// Which of Claude Code's hooks mean what to the runtime (hook-protocols A6): the session's
// start, the prompt it accepted, the end of a turn (with the final text the transcript
// must hold before the turn ends), a turn the API failed, and the permission prompt a
// handler may answer. Also how a pasted prompt shows in its composer.
import type { ClaudeAnyHookEvent } from "./handlers.js";

function textOf(event: ClaudeAnyHookEvent, field: string): string {
  const value = (event as unknown as Readonly<Record<string, unknown>>)[field];
  return typeof value === "string" ? value : "";
}

/** A user or assistant message record of Claude's transcript. */
export function isClaudeMessageRecord(record: unknown): boolean {
  const type = (record as { type?: unknown } | undefined)?.type;
  return type === "user" || type === "assistant";
}

export const CLAUDE_TURN_SIGNALS = {
  sessionStartHook: "SessionStart",
  promptAcceptedHook: "UserPromptSubmit",
  turnEndHook: "Stop",
  // StopFailure ends a turn the API failed (a 401, a rate limit): no Stop ever comes.
  turnFailedHook: "StopFailure",
  permissionRequestHook: "PermissionRequest",
  // StopFailure names the error text Claude writes as the turn's reply too ("Not logged
  // in · Please run /login", 2.1.332): the turn waits for it like a Stop's last message.
  turnEndTextOf: (event: ClaudeAnyHookEvent): string | undefined =>
    event.hook_event_name === "Stop" || event.hook_event_name === "StopFailure"
      ? textOf(event, "last_assistant_message")
      : undefined,
  acceptedPromptOf: (event: ClaudeAnyHookEvent): string | undefined =>
    event.hook_event_name === "UserPromptSubmit" ? textOf(event, "prompt") : undefined,
  // A Stop handler's `decision: "block"` sends Claude back to work: the turn goes on.
  isBlockingTurnEndReply: (reply: unknown): boolean =>
    (reply as { decision?: unknown } | undefined)?.decision === "block",
  // A long paste shows as "[Pasted text #1 +12 lines]" until it is submitted.
  pasteChip: /\[Pasted text\b[^\]]*\]/gi,
  // A turn with no Stop (a local error answer) ends on an idle composer this long after.
  idleTurnEndGraceMs: 5_000,
  // `--resume` finds a conversation only once a message is on disk; Claude may write
  // bookkeeping records before the first one.
  isConversationRecord: isClaudeMessageRecord,
} as const;
