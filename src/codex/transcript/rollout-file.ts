// Where Codex keeps a conversation: `<CODEX_HOME or ~/.codex>/sessions/YYYY/MM/DD/
// rollout-<time>-<conversation id>.jsonl`. The date folders are walked newest first, so
// a long history costs a few directory reads, not one per day ever used.
import { readdir } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

type Env = Readonly<Record<string, string | undefined>>;

function sessionsDir(env: Env): string {
  const codexHome = env.CODEX_HOME;
  const home =
    codexHome !== undefined && codexHome !== "" ? codexHome : join(env.HOME ?? homedir(), ".codex");
  return join(home, "sessions");
}

async function entriesNewestFirst(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort().reverse();
  } catch {
    return [];
  }
}

/** The rollout file of Codex conversation `agentSessionId`, or undefined when none exists. */
export async function codexRolloutFile(
  agentSessionId: string,
  env: Env,
): Promise<string | undefined> {
  const suffix = `-${agentSessionId}.jsonl`;
  const root = sessionsDir(env);
  for (const year of await entriesNewestFirst(root)) {
    for (const month of await entriesNewestFirst(join(root, year))) {
      for (const day of await entriesNewestFirst(join(root, year, month))) {
        const dir = join(root, year, month, day);
        const file = (await entriesNewestFirst(dir)).find(
          (name) => name.startsWith("rollout-") && name.endsWith(suffix),
        );
        if (file !== undefined) return join(dir, file);
      }
    }
  }
  return undefined;
}
