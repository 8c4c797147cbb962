// What Gemini wrote of the conversation Elwood launched it into (`--session-id <id>`), for
// resume after the parent died before recording it: Gemini names each chat file
// `session-<time>-<first 8 characters of the id>.jsonl` under ~/.gemini/tmp/<folder>/chats/
// and writes it at launch, with the user's first prompt only once one is taken.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { LaunchedConversationState } from "../../core/contract/adapter.js";
import { isGeminiPromptRecord } from "../hooks/signals.js";
import { userHomeOf } from "./home.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Chat files whose header names `agentSessionId`, in every project folder. */
async function chatFilesOf(agentSessionId: string, env: Env): Promise<string[]> {
  const tmp = join(userHomeOf(env), ".gemini", "tmp");
  const suffix = `-${agentSessionId.slice(0, 8)}.jsonl`;
  const folders = await readdir(tmp).catch(() => [] as string[]);
  const found: string[] = [];
  for (const folder of folders) {
    const chats = join(tmp, folder, "chats");
    const names = await readdir(chats).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith("session-") && name.endsWith(suffix)) found.push(join(chats, name));
    }
  }
  return found;
}

function linesOf(text: string): unknown[] {
  return text.split("\n").flatMap((line) => {
    try {
      return line.trim().length === 0 ? [] : [JSON.parse(line) as unknown];
    } catch {
      return [];
    }
  });
}

/** "absent": no chat file; "empty": a file without a prompt; "written": a prompt was taken. */
export async function launchedConversationState(
  agentSessionId: string,
  env: Env,
): Promise<LaunchedConversationState> {
  let state: LaunchedConversationState = "absent";
  for (const path of await chatFilesOf(agentSessionId, env)) {
    const records = linesOf(await readFile(path, "utf8").catch(() => ""));
    const header = records[0] as { sessionId?: unknown } | undefined;
    if (header?.sessionId !== agentSessionId) continue;
    if (records.some(isGeminiPromptRecord)) return "written";
    state = "empty";
  }
  return state;
}
