// Decides what answers a parsed model request: a continuation after tool results,
// a newly matched scripted turn, a side-request reply, or the clear default reply.
import type { ScenarioBook, ScenarioStep } from "./scenario.js";
import type { ParsedModelRequest } from "./types.js";

export interface PlannedReply {
  readonly turnIndex?: number;
  readonly steps: readonly ScenarioStep[];
  readonly toolCallIds: readonly string[];
}

/** Side requests (titles, quota probes) get this; it never consumes the scenario. */
export const AUXILIARY_REPLY = "Scripted session";

export function unmatchedReply(userText: string): string {
  const shown = userText.length > 200 ? `${userText.slice(0, 200)}…` : userText;
  return `[scripted-model] no scripted turn matched: ${JSON.stringify(shown)}`;
}

export function planReply(
  book: ScenarioBook,
  request: ParsedModelRequest,
  idPrefix: string,
): PlannedReply {
  if (request.isAuxiliary) {
    const side = book.planForPrompt(request.userText, idPrefix, true);
    return side ?? { steps: [{ say: AUXILIARY_REPLY }], toolCallIds: [] };
  }
  if (request.toolResults.length > 0) {
    const callIds = request.toolResults.map((result) => result.callId);
    const continuation = book.planForToolResults(callIds, idPrefix);
    if (continuation !== undefined) return continuation;
    // Results for calls the scenario never made: say so rather than re-matching the
    // prompt, which would replay a turn from its start.
    const ids = callIds.join(", ");
    return {
      steps: [{ say: `[scripted-model] no scripted continuation for tool calls: ${ids}` }],
      toolCallIds: [],
    };
  }
  const plan = book.planForPrompt(request.userText, idPrefix);
  if (plan !== undefined) return plan;
  return { steps: [{ say: unmatchedReply(request.userText) }], toolCallIds: [] };
}
