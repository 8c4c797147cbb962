// The hook vocabulary Claude Code and Codex share (hook-protocols A6/B5): which hook
// starts a session, accepts a prompt, ends a turn and may answer a permission prompt,
// and where the accepted prompt and the turn's final text are. An adapter whose CLI
// speaks it spreads these into its descriptor's `signals`.
import type { HookEventBase } from "./catalogue.js";

/** One text field of a validated event; absent, null or non-string reads as "" (Codex sends null). */
export function textField(event: object, field: string): string {
  const value = (event as Readonly<Record<string, unknown>>)[field];
  return typeof value === "string" ? value : "";
}

export const STOP_HOOK_SIGNALS = {
  sessionStartHook: "SessionStart",
  promptAcceptedHook: "UserPromptSubmit",
  turnEndHook: "Stop",
  permissionRequestHook: "PermissionRequest",
  // Stop carries the final assistant text; the transcript must hold it before the turn ends.
  turnEndTextOf: (event: HookEventBase): string | undefined =>
    event.hook_event_name === "Stop" ? textField(event, "last_assistant_message") : undefined,
  /** The prompt the acceptance hook reports, so only OUR prompt counts as accepted. */
  acceptedPromptOf: (event: HookEventBase): string | undefined =>
    event.hook_event_name === "UserPromptSubmit" ? textField(event, "prompt") : undefined,
} as const;
