// Where Claude keeps the user's own files for an environment: CLAUDE_CONFIG_DIR, else
// ~/.claude (settings.json, projects/…).
import { homedir } from "node:os";
import { join } from "node:path";

export function claudeConfigDir(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env.CLAUDE_CONFIG_DIR;
  if (configured !== undefined && configured.length > 0) return configured;
  return join(env.HOME ?? homedir(), ".claude");
}
