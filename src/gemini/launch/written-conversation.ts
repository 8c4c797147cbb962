// What Gemini wrote of a conversation: for resume after the parent died before recording it
// (launched with `--session-id <id>`), and for a recorded one a user may have deleted since
// (issue 47: `gemini --resume <id>` on a gone chat fails at start-up). Gemini names each chat
// file `session-<time>-<first 8 characters of the id>.jsonl` under the user's real
// ~/.gemini/tmp/<folder>/chats/ (the private home links tmp/ there) and writes it at
// launch, with the user's first prompt only once one is taken.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ConversationOnDisk, LaunchedConversationState } from "../../core/contract/adapter.js";
import { isGeminiPromptRecord } from "../hooks/signals.js";
import { userHomeOf } from "./home.js";

type Env = Readonly<Record<string, string | undefined>>;

const tmpOf = (env: Env) => join(userHomeOf(env), ".gemini", "tmp");

/** Chat files whose name carries `agentSessionId`'s prefix, in every project folder. */
async function chatFilesOf(agentSessionId: string, env: Env): Promise<string[]> {
  const tmp = tmpOf(env);
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

/**
 * The chat file of `agentSessionId` (its header names the whole id): written once it holds
 * a prompt, empty while it holds none, absent when no project folder has it.
 */
export async function findGeminiChat(
  agentSessionId: string,
  env: Env,
): Promise<ConversationOnDisk> {
  const expectedAt = join(
    tmpOf(env),
    "*",
    "chats",
    `session-*-${agentSessionId.slice(0, 8)}.jsonl`,
  );
  let empty: string | undefined;
  for (const path of await chatFilesOf(agentSessionId, env)) {
    const records = linesOf(await readFile(path, "utf8").catch(() => ""));
    const header = records[0] as { sessionId?: unknown } | undefined;
    if (header?.sessionId !== agentSessionId) continue;
    if (records.some(isGeminiPromptRecord)) return { state: "written", path, expectedAt };
    empty ??= path;
  }
  return { state: empty === undefined ? "absent" : "empty", path: empty, expectedAt };
}

/** "absent": no chat file; "empty": a file without a prompt; "written": a prompt was taken. */
export async function launchedConversationState(
  agentSessionId: string,
  env: Env,
): Promise<LaunchedConversationState> {
  return (await findGeminiChat(agentSessionId, env)).state;
}
