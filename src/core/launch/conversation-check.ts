// A recorded conversation must still be on disk before its resume spawns anything (issue 47,
// prd/decisions.md "A conversation gone from disk"): users clean the CLIs' transcript
// folders, and a CLI resumed into a conversation it cannot find exits during start-up or
// after the first prompt, every time. The adapter says where its CLI keeps the
// conversation and what proves it written; a missing or empty one fails resume_unavailable,
// naming the file, and startOrResume* starts afresh and warns `conversation_missing`.

import { ElwoodError } from "../../errors.js";
import type { AgentAdapter, ConversationOnDisk } from "../contract/adapter.js";

/** What `resume_unavailable` carries in `details` when the conversation is gone. */
export interface MissingConversationDetails {
  readonly elwoodSessionId: string;
  readonly agentSessionId: string;
  /** "missing": no file; "empty": a file with no record a resume can continue. */
  readonly conversation: "missing" | "empty";
  /** The file found, or where the CLI keeps it (a pattern) when there is none. */
  readonly conversationPath: string;
}

/** The details of a resume_unavailable that names a conversation gone from disk, if it is one. */
export function missingConversationOf(error: ElwoodError): MissingConversationDetails | undefined {
  const { details } = error;
  const conversation = details.conversation;
  if (conversation !== "missing" && conversation !== "empty") return undefined;
  return details as unknown as MissingConversationDetails;
}

/** What the adapter finds of a recorded conversation; undefined when it cannot tell. */
export function findRecordedConversation(
  adapter: Pick<AgentAdapter<unknown, unknown>, "findConversation">,
  agentSessionId: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ConversationOnDisk | undefined> {
  return adapter.findConversation?.(agentSessionId, env) ?? Promise.resolve(undefined);
}

/** A sentence saying why the conversation cannot be resumed, and what to do instead. */
export function missingConversationMessage(
  displayName: string,
  agentSessionId: string,
  found: ConversationOnDisk,
): string {
  const why =
    found.state === "empty" && found.path !== undefined
      ? `its file ${found.path} holds no message to resume (emptied, or cut before its first record)`
      : `no file ${found.expectedAt} exists any more (deleted or moved)`;
  return `${displayName} no longer has conversation ${agentSessionId}: ${why}. Start a new session instead (startOrResume* and \`elwood run\` without --resume do), or put the file back and resume again.`;
}

/**
 * Throws resume_unavailable when the recorded conversation is not on disk as one the CLI
 * can resume; resolves when it is, or when the adapter cannot tell.
 */
export async function assertConversationOnDisk(
  adapter: Pick<AgentAdapter<unknown, unknown>, "findConversation" | "displayName">,
  elwoodSessionId: string,
  agentSessionId: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const found = await findRecordedConversation(adapter, agentSessionId, env);
  if (found === undefined || found.state === "written") return;
  const details: MissingConversationDetails = {
    elwoodSessionId,
    agentSessionId,
    conversation: found.state === "empty" ? "empty" : "missing",
    conversationPath: found.path ?? found.expectedAt,
  };
  throw new ElwoodError(
    "resume_unavailable",
    `Session ${elwoodSessionId} cannot be resumed. ${missingConversationMessage(adapter.displayName, agentSessionId, found)}`,
    { details: { ...details } },
  );
}
