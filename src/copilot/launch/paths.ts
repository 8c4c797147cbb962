// Where Copilot keeps a conversation: `$COPILOT_HOME/session-state/<id>/events.jsonl`
// (COPILOT_HOME defaults to ~/.copilot), the session record Elwood reads for activity and
// usage, and what a resume needs to know of it.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { LaunchedConversationState } from "../../core/contract/adapter.js";
import { hasConversationOnDisk } from "../../transcript/conversation-evidence.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Copilot's own state folder for this environment. */
export function copilotHome(env: Env, cwd: string): string {
  const configured = env.COPILOT_HOME;
  if (configured !== undefined && configured.length > 0) {
    return isAbsolute(configured) ? configured : resolve(cwd, configured);
  }
  return join(env.HOME ?? homedir(), ".copilot");
}

export function copilotTranscriptPath(env: Env, cwd: string, agentSessionId: string): string {
  return join(copilotHome(env, cwd), "session-state", agentSessionId, "events.jsonl");
}

/** A record that makes the conversation resumable: a prompt was taken. */
export function isCopilotConversationRecord(record: unknown): boolean {
  return (
    typeof record === "object" &&
    record !== null &&
    (record as { type?: unknown }).type === "user.message"
  );
}

/**
 * What Copilot left of a conversation launched as `agentSessionId` and never recorded as
 * taken: "written" once a prompt is in its record, else "absent". Copilot creates the
 * record at launch, and `--session-id` on an id with no prompt yet simply reopens it, so
 * an empty record needs no new id.
 */
export async function launchedConversationState(
  agentSessionId: string,
  env: Env,
): Promise<LaunchedConversationState> {
  const path = copilotTranscriptPath(env, process.cwd(), agentSessionId);
  return (await hasConversationOnDisk(path, isCopilotConversationRecord)) ? "written" : "absent";
}
