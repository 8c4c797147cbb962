// Whether Claude wrote the conversation Elwood launched it into (`--session-id <id>`), for
// a record that never got the id as taken: the parent died between the prompt and the
// record write. Claude keeps each conversation as `<config dir>/projects/<cwd key>/<id>.jsonl`;
// every project folder is looked in, so Claude's cwd-to-folder naming need not be copied.

import { readdir } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { hasConversationOnDisk } from "../../transcript/conversation-evidence.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Claude's own state folder for this environment (CLAUDE_CONFIG_DIR, else ~/.claude). */
export function claudeConfigDir(env: Env): string {
  const configured = env.CLAUDE_CONFIG_DIR;
  if (configured !== undefined && configured.length > 0) return configured;
  return join(env.HOME ?? homedir(), ".claude");
}

/** True when some project folder holds a transcript of `agentSessionId` with a record in it. */
export async function hasWrittenConversation(agentSessionId: string, env: Env): Promise<boolean> {
  const projects = join(claudeConfigDir(env), "projects");
  let folders: string[];
  try {
    folders = await readdir(projects);
  } catch {
    return false;
  }
  const file = `${agentSessionId}.jsonl`;
  for (const folder of folders) {
    if (await hasConversationOnDisk(join(projects, folder, file))) return true;
  }
  return false;
}
