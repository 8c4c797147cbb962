// What Claude wrote of the conversation Elwood launched it into (`--session-id <id>`), for
// a record that never got the id as taken: the parent died between the prompt and the
// record write. Claude keeps each conversation as `<config dir>/projects/<cwd key>/<id>.jsonl`;
// every project folder is looked in, so Claude's cwd-to-folder naming need not be copied.

import { lstat, readdir } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { LaunchedConversationState } from "../../core/contract/adapter.js";
import { hasConversationOnDisk } from "../../transcript/conversation-evidence.js";
import { isClaudeMessageRecord } from "../hooks/signals.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Claude's own state folder for this environment (CLAUDE_CONFIG_DIR, else ~/.claude). */
function claudeConfigDir(env: Env): string {
  const configured = env.CLAUDE_CONFIG_DIR;
  if (configured !== undefined && configured.length > 0) return configured;
  return join(env.HOME ?? homedir(), ".claude");
}

/**
 * What Claude left of the conversation launched as `agentSessionId`: no transcript file,
 * a file with no complete record yet (Claude had created it, then was killed before it
 * flushed), or a written conversation. Claude refuses `--session-id` for an id whose file
 * exists at all, and `--resume` finds nothing in a file without a record.
 */
export async function launchedConversationState(
  agentSessionId: string,
  env: Env,
): Promise<LaunchedConversationState> {
  const projects = join(claudeConfigDir(env), "projects");
  let folders: string[];
  try {
    folders = await readdir(projects);
  } catch {
    return "absent";
  }
  const file = `${agentSessionId}.jsonl`;
  let state: LaunchedConversationState = "absent";
  for (const folder of folders) {
    const path = join(projects, folder, file);
    if (await hasConversationOnDisk(path, isClaudeMessageRecord)) return "written";
    if (state === "absent" && (await exists(path))) state = "empty";
  }
  return state;
}

/** The transcript file of a written conversation, in whichever project folder holds it. */
export async function claudeTranscriptFile(
  agentSessionId: string,
  env: Env,
): Promise<string | undefined> {
  const projects = join(claudeConfigDir(env), "projects");
  let folders: string[];
  try {
    folders = await readdir(projects);
  } catch {
    return undefined;
  }
  for (const folder of folders) {
    const path = join(projects, folder, `${agentSessionId}.jsonl`);
    if (await hasConversationOnDisk(path, isClaudeMessageRecord)) return path;
  }
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
