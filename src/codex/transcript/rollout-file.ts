// Where Codex keeps a thread, for a resume to check before it launches (issue 47): each
// thread is one rollout file, `<CODEX_HOME>/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`
// (CODEX_HOME defaults to ~/.codex). `codex resume <id>` on a thread whose rollout is gone
// exits during start-up ("Failed to resume session from …: thread/resume failed during
// TUI bootstrap"), so a record naming it is refused before anything is spawned.

import { readdir } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import type { ConversationOnDisk } from "../../core/contract/adapter.js";
import { hasConversationOnDisk } from "../../transcript/conversation-evidence.js";

type Env = Readonly<Record<string, string | undefined>>;

function codexHome(env: Env): string {
  const configured = env.CODEX_HOME;
  if (configured !== undefined && configured.length > 0) return configured;
  return join(env.HOME ?? homedir(), ".codex");
}

/**
 * The rollout of thread `agentSessionId`: written when it holds a complete record (a file
 * cut in the middle of its last record still resumes), empty when it holds none.
 */
export async function findCodexRollout(
  agentSessionId: string,
  env: Env,
): Promise<ConversationOnDisk> {
  const sessions = join(codexHome(env), "sessions");
  const expectedAt = join(sessions, "YYYY", "MM", "DD", `rollout-*-${agentSessionId}.jsonl`);
  const suffix = `-${agentSessionId}.jsonl`;
  let names: string[];
  try {
    names = await readdir(sessions, { recursive: true });
  } catch {
    return { state: "absent", path: undefined, expectedAt };
  }
  let empty: string | undefined;
  for (const name of names) {
    const base = basename(name);
    if (!base.startsWith("rollout-") || !base.endsWith(suffix)) continue;
    const path = join(sessions, name);
    if (await hasConversationOnDisk(path)) return { state: "written", path, expectedAt };
    empty ??= path;
  }
  return { state: empty === undefined ? "absent" : "empty", path: empty, expectedAt };
}
