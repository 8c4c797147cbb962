// Both CLIs end a turn with a `Stop` hook carrying `last_assistant_message` and accept a
// prompt with `UserPromptSubmit` (hook-protocols A6, B5). The turn runner only ever sees
// this normalized view, never raw hook field names.
import type { TurnSignals } from "./turn-collector.js";

interface HookShape {
  readonly hook_event_name?: unknown;
  readonly last_assistant_message?: unknown;
}

export const turnEndSignals: TurnSignals = {
  expectedTextOf(hook) {
    const event = hook as HookShape | null;
    if (event?.hook_event_name !== "Stop") return undefined;
    return typeof event.last_assistant_message === "string" ? event.last_assistant_message : "";
  },
  isPromptAccepted(hook) {
    return (hook as HookShape | null)?.hook_event_name === "UserPromptSubmit";
  },
};
