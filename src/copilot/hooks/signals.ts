// Which of Copilot's hooks mean what to the runtime: sessionStart (with the first prompt),
// the prompt it accepted (userPromptSubmitted), the end of a turn (agentStop, whose text
// the catalogue reads from the session record), and the permission prompt a handler may
// answer. Copilot takes Esc as "edit prompt" while it works; Ctrl+C cancels the turn
// ("Operation cancelled by user"), so that is its interrupt key.
import { KEYS } from "../../terminal/input.js";
import type { CopilotAnyHookEvent } from "./events.js";
import { COPILOT_TURN_END_TEXT_RETRY, lastAssistantText } from "./turn-end-text.js";

function textOf(event: CopilotAnyHookEvent, field: string): string {
  const value = (event as unknown as Readonly<Record<string, unknown>>)[field];
  return typeof value === "string" ? value : "";
}

function optionalTextOf(event: CopilotAnyHookEvent, field: string): string | undefined {
  const value = (event as unknown as Readonly<Record<string, unknown>>)[field];
  return typeof value === "string" ? value : undefined;
}

export const COPILOT_TURN_SIGNALS = {
  sessionStartHook: "sessionStart",
  promptAcceptedHook: "userPromptSubmitted",
  turnEndHook: "agentStop",
  permissionRequestHook: "permissionRequest",
  // Read at parse time, else from the session record again on each retry; undefined while
  // the record does not hold this turn's reply yet (turn-end-text.ts).
  turnEndTextOf: (event: CopilotAnyHookEvent): string | undefined =>
    event.hook_event_name === "agentStop"
      ? (optionalTextOf(event, "lastAssistantMessage") ??
        lastAssistantText(optionalTextOf(event, "transcriptPath")))
      : undefined,
  turnEndTextRetry: COPILOT_TURN_END_TEXT_RETRY,
  acceptedPromptOf: (event: CopilotAnyHookEvent): string | undefined =>
    event.hook_event_name === "userPromptSubmitted" ? textOf(event, "prompt") : undefined,
  // agentStop is observe-only: no reply sends Copilot back to work.
  isBlockingTurnEndReply: (_reply: unknown): boolean => false,
  // A long paste shows as "[Paste #1 - 400 lines]" until it is submitted (1.0.102; a
  // 1,500-character single line still shows whole).
  pasteChip: /\[Paste[^\]]*\]/gi,
  idleTurnEndGraceMs: 5_000,
  interruptKey: KEYS.ctrlC,
} as const;
