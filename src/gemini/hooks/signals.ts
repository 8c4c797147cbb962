// Which of Gemini's hooks mean what to the runtime: SessionStart at launch, BeforeAgent
// with the prompt it accepted, AfterAgent at the end of every turn with the reply's text
// (which Gemini pads with blanks). Also how a pasted prompt shows in its composer.
import type { GeminiAnyHookEvent } from "./events.js";

function textOf(event: GeminiAnyHookEvent, field: string): string {
  const value = (event as unknown as Readonly<Record<string, unknown>>)[field];
  return typeof value === "string" ? value : "";
}

/**
 * The last word of the reply's last line. Gemini builds `prompt_response` from each model
 * call's streamed chunks joined with a space (`Turn.getResponseText`), so a reply longer
 * than one chunk reads there with text the chat file does not hold (" \nAllowed and
 * done-525geptu u " for "Allowed and done-525geptu" in two chunks). The last word lies
 * inside the last chunk, so the chat file holds it.
 */
function lastWord(text: string): string {
  const lines = text.split("\n").map((line) => line.trim());
  const line = lines.filter((entry) => entry.length > 0).at(-1) ?? "";
  return line.split(/\s+/).at(-1) ?? "";
}

/** A chat record that makes a conversation resumable: a prompt the user typed. */
export function isGeminiPromptRecord(record: unknown): boolean {
  const fields = record as { type?: unknown; content?: unknown } | undefined;
  if (fields?.type !== "user" || !Array.isArray(fields.content)) return false;
  return fields.content.some(
    (part) => typeof (part as { text?: unknown } | null)?.text === "string",
  );
}

export const GEMINI_TURN_SIGNALS = {
  sessionStartHook: "SessionStart",
  promptAcceptedHook: "BeforeAgent",
  turnEndHook: "AfterAgent",
  // prompt_response joins every reply of the turn (a text before a tool call, the one
  // after it) and every streamed chunk of each with padding the chat file does not hold,
  // so only the last word of its last line is promised.
  turnEndTextOf: (event: GeminiAnyHookEvent): string | undefined =>
    event.hook_event_name === "AfterAgent" ? lastWord(textOf(event, "prompt_response")) : undefined,
  acceptedPromptOf: (event: GeminiAnyHookEvent): string | undefined =>
    event.hook_event_name === "BeforeAgent" ? textOf(event, "prompt") : undefined,
  // An AfterAgent `decision: "block"` makes Gemini run again with the reason as prompt.
  isBlockingTurnEndReply: (reply: unknown): boolean =>
    (reply as { decision?: unknown } | undefined)?.decision === "block",
  // A long paste shows as "[Pasted Text: 12 lines]" until it is submitted.
  pasteChip: /\[Pasted Text:[^\]]*\]/gi,
  // Gemini 0.61 takes an Enter within 40 ms of a paste, by its own clock, as a newline
  // (its unsafe-paste window), so the first Enter waits a little past the paste showing.
  // Read late instead, a second Enter submits the prompt again from Gemini's queue (24
  // sessions at load 12 read it up to 9 s late; a CI run's serve-approvals at load 5): so
  // Enter again only after 10 s with the prompt still staged (prd/gemini.md "Under load").
  enterTiming: { afterPasteShownMs: 300, retryMs: 10_000, retryUnrenderedMs: 10_000 },
  // A turn that ends without AfterAgent (a refused prompt) ends on an idle composer this
  // long after. Between two tool calls Gemini can show an idle composer for seconds on a
  // loaded machine (5 s ended a tool turn early there), so the grace is longer than Codex's.
  idleTurnEndGraceMs: 15_000,
} as const;
