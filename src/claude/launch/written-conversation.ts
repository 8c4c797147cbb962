// Where Claude keeps a conversation and what of it is on disk: for a record that never got
// the launched id as taken (the parent died between the prompt and the record write), and
// for a recorded conversation before `--resume` (issue 47: a deleted transcript is refused
// before anything is spawned). Claude keeps each conversation as
// `<config dir>/projects/<cwd key>/<id>.jsonl`; every project folder is looked in, so
// Claude's cwd-to-folder naming need not be copied.

import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { ConversationOnDisk, LaunchedConversationState } from "../../core/contract/adapter.js";
import { hasConversationOnDisk } from "../../transcript/conversation-evidence.js";
import { isClaudeMessageRecord } from "../hooks/signals.js";
import { claudeConfigDir } from "./config-dir.js";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * What Claude left of the conversation `agentSessionId`: no transcript file, a file with no
 * message record (Claude had created it, then was killed before it flushed; or it was cut
 * before its first message), or a written conversation. Claude refuses `--session-id` for
 * an id whose file exists at all, and `--resume` finds nothing in a file without a message
 * ("No conversation found with session ID").
 */
export async function findClaudeConversation(
  agentSessionId: string,
  env: Env,
): Promise<ConversationOnDisk> {
  const projects = join(claudeConfigDir(env), "projects");
  const file = `${agentSessionId}.jsonl`;
  const expectedAt = join(projects, "*", file);
  let folders: string[];
  try {
    folders = await readdir(projects);
  } catch {
    return { state: "absent", path: undefined, expectedAt };
  }
  let empty: string | undefined;
  for (const folder of folders) {
    const path = join(projects, folder, file);
    if (await hasConversationOnDisk(path, isClaudeMessageRecord)) {
      return { state: "written", path, expectedAt };
    }
    if (empty === undefined && (await exists(path))) empty = path;
  }
  return { state: empty === undefined ? "absent" : "empty", path: empty, expectedAt };
}

export async function launchedConversationState(
  agentSessionId: string,
  env: Env,
): Promise<LaunchedConversationState> {
  return (await findClaudeConversation(agentSessionId, env)).state;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
