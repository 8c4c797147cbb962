// readConversation: what a session's conversation holds so far, read from the agent's own
// transcript without starting anything (issue 45: `elwood acp` replays it on session/load).
// The agent's registry entry finds its transcript file (the adapter's findConversation) and
// maps its records as the live runtime does.
import { open } from "node:fs/promises";
import type { TranscriptMapper } from "../core/contract/adapter.js";
import { ElwoodError } from "../errors.js";
import type { TranscriptActivityItem } from "../transcript/activity.js";
import { type ListedAgents, type ListSessionsOptions, sessionLister } from "./session-list.js";

/** One committed piece of a conversation, in transcript order (the activity's fields, no raw). */
export type ElwoodConversationItem = DistributiveOmit<
  Exclude<TranscriptActivityItem, { readonly kind: "usage" }>,
  "raw"
>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ReadConversationOptions extends ListSessionsOptions {
  readonly elwoodSessionId: string;
  /** The environment the agent ran with (where its HOME/config dir is); process.env if absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A transcript larger than this is read only up to it: a replay, not an archive. */
const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

/** What the reader needs of the registry: the lister's view plus each agent's mapper. */
export interface ConversationSources<Agent extends string> extends ListedAgents<Agent> {
  get(id: string): ReturnType<ListedAgents<Agent>["get"]> & {
    createTranscriptMapper(): TranscriptMapper;
  };
}

/** readConversation over the agents a registry knows. */
export function conversationReader<Agent extends string>(
  agents: ConversationSources<Agent>,
): (options: ReadConversationOptions) => Promise<readonly ElwoodConversationItem[]> {
  const { readSessionInfo } = sessionLister(agents);
  /**
   * The session's conversation so far: typed prompts, replies, reasoning, tool calls and
   * results. Empty when the agent never wrote one; `state_not_found`/`state_corrupt` when
   * the session record cannot be read.
   */
  return async (options) => {
    const { env = process.env, ...location } = options ?? ({} as ReadConversationOptions);
    const info = await readSessionInfo(location);
    if (info.agentSessionId === undefined) return [];
    const agent = agents.get(info.agent);
    const found = await agent.findConversation?.(info.agentSessionId, env);
    if (found?.state !== "written" || found.path === undefined) return [];
    return readItems(found.path, agent.createTranscriptMapper());
  };
}

async function readItems(
  file: string,
  map: TranscriptMapper,
): Promise<readonly ElwoodConversationItem[]> {
  const items: ElwoodConversationItem[] = [];
  for (const line of (await readCapped(file)).split("\n")) {
    const record = parsed(line);
    if (record === undefined) continue;
    for (const item of map(record)) {
      if (item.kind === "usage") continue;
      const { raw: _raw, ...rest } = item;
      items.push(rest as ElwoodConversationItem);
    }
  }
  return items;
}

async function readCapped(file: string): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, "r");
    const size = Math.min((await handle.stat()).size, MAX_TRANSCRIPT_BYTES);
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    const text = buffer.toString("utf8", 0, bytesRead);
    // Only complete lines: the last one may still be being written.
    return text.slice(0, text.lastIndexOf("\n") + 1);
  } catch (error) {
    throw new ElwoodError("state_corrupt", `Could not read the transcript ${file}.`, {
      cause: error,
    });
  } finally {
    await handle?.close();
  }
}

function parsed(line: string): unknown {
  if (line.trim() === "") return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
