// Claude's auto-mode safety check, answered the way Anthropic's API answers it (issue 27).
// In auto mode (Claude 2.1.332's default) the CLI sends `safeguards: [{ type:
// "dangerous_tool_use", classifier_context }]` with each model request, and the API
// judges the reply's tool calls server-side: the final `message_delta` (or, unstreamed,
// the message itself) carries `safeguard_results` with one verdict per tool_use id.
// Without it, Claude stops at "Auto mode can't check actions in this session" and waits
// for a person, which no offline test can answer. Wire shapes read off claude 2.1.332.
import type { AutoModeVerdict } from "../scenario.js";
import { isRecord } from "../types.js";

const CHECK_TYPE = "dangerous_tool_use";

/** True when the request asks the API to judge the reply's tool calls. */
export function asksForSafetyCheck(body: Readonly<Record<string, unknown>>): boolean {
  const { safeguards } = body;
  return (
    Array.isArray(safeguards) &&
    safeguards.some((entry) => isRecord(entry) && entry.type === CHECK_TYPE)
  );
}

/**
 * Tool calls the request itself hands in for judging: the tool_use blocks of a trailing
 * assistant message (Claude's review requests, sent with `max_tokens: 0`).
 */
export function toolUsesUnderReview(messages: readonly unknown[]): string[] {
  const last = messages.at(-1);
  if (!isRecord(last) || last.role !== "assistant" || !Array.isArray(last.content)) return [];
  return last.content.flatMap((block) =>
    isRecord(block) && block.type === "tool_use" && typeof block.id === "string" ? [block.id] : [],
  );
}

/**
 * The `safeguard_results` value for these verdicts (tool_use id → verdict), or undefined
 * when nothing is answered: like a gateway that drops the check, which is what
 * "unanswered" is for. A reply without tool calls gets an empty, available result.
 */
export function safeguardResults(
  verdicts: ReadonlyMap<string, AutoModeVerdict>,
  fallback: AutoModeVerdict,
): unknown[] | undefined {
  const toolUses: Record<string, unknown> = {};
  for (const [id, verdict] of verdicts) {
    if (verdict === "unanswered") continue;
    toolUses[id] =
      verdict === "allow"
        ? { type: "evaluated", outcome: "not_flagged" }
        : { type: "evaluated", outcome: "flagged", explanation: verdict.deny };
  }
  const answered = Object.keys(toolUses).length > 0;
  if (!answered && (verdicts.size > 0 || fallback === "unanswered")) return undefined;
  return [{ type: CHECK_TYPE, status: { type: "available", tool_uses: toolUses } }];
}
