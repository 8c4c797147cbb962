// Where Copilot keeps a conversation: `$COPILOT_HOME/session-state/<id>/events.jsonl`
// (COPILOT_HOME defaults to ~/.copilot), the session record Elwood reads for activity and
// usage, and what a resume needs to know of it.
import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { ConversationOnDisk, LaunchedConversationState } from "../../core/contract/adapter.js";
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

/**
 * Where Copilot keeps the recorded conversation `agentSessionId`, and whether `--session-id`
 * would resume it (issue 47): "written" while its record holds a prompt; "empty" for a
 * record without one; "absent" when the record is gone. Copilot itself reopens a missing
 * or empty record as a new, empty conversation under the same id, so a recorded
 * conversation in either state is refused before the launch instead.
 */
export async function findCopilotConversation(
  agentSessionId: string,
  env: Env,
): Promise<ConversationOnDisk> {
  const path = copilotTranscriptPath(env, process.cwd(), agentSessionId);
  if (await hasConversationOnDisk(path, isCopilotConversationRecord)) {
    return { state: "written", path, expectedAt: path };
  }
  const isFile = await stat(path).then(
    (found) => found.isFile(),
    () => false,
  );
  return isFile
    ? { state: "empty", path, expectedAt: path }
    : { state: "absent", path: undefined, expectedAt: path };
}
