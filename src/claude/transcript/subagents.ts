// Where Claude writes subagent transcripts (hook-protocols Part C "Paths"):
// <projectDir>/<session_id>/subagents/agent-<agentId>.jsonl next to the main file
// <projectDir>/<session_id>.jsonl. Pure path math and record inspection, no I/O.
import { basename, dirname, join } from "node:path";
import { asObject, stringField } from "../../transcript/activity.js";

const SAFE_AGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The subagent transcript path for `agentId`, or undefined for an unsafe id (no path escapes). */
export function subagentTranscriptPath(
  mainTranscriptPath: string,
  agentId: string,
): string | undefined {
  if (!SAFE_AGENT_ID.test(agentId)) return undefined;
  const sessionId = basename(mainTranscriptPath, ".jsonl");
  return join(dirname(mainTranscriptPath), sessionId, "subagents", `agent-${agentId}.jsonl`);
}

/**
 * Subagent ids a record points at: a Task/Agent tool result's `toolUseResult.agentId`,
 * or a sidechain entry's own `agentId`. Deduplicated, in order of appearance.
 */
export function referencedSubagentIds(record: unknown): string[] {
  const entry = asObject(record);
  if (entry === undefined) return [];
  const ids = [stringField(asObject(entry.toolUseResult), "agentId")];
  if (entry.isSidechain === true) ids.push(stringField(entry, "agentId"));
  return [...new Set(ids.filter((id): id is string => id !== undefined && SAFE_AGENT_ID.test(id)))];
}
