// The private Gemini home a session runs in (GEMINI_CLI_HOME): Gemini reads hooks only from
// settings files, and of its layers only the user's and the workspace's can be written
// without root (system settings must be root-owned). The workspace's `.gemini/` is the
// agent's to rewrite and the user's own settings.json must never be written, so Elwood
// gives Gemini a home of its own inside the session's private state folder: its
// `.gemini/settings.json` is the user's settings plus Elwood's hooks, and every other
// entry links to the user's real `~/.gemini` (auth, trusted folders, chats), so
// conversations land where a plain `gemini --resume` finds them (prd/gemini.md).

import { lstat, mkdir, readdir, readFile, rm, symlink } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Entries Gemini may create in ~/.gemini that must stay shared with the user's own home,
 * linked even before they exist. The folders are created in the user's home first, so
 * chats and history are written there rather than in the private home.
 */
const SHARED_FOLDERS = ["tmp", "history"] as const;
const SHARED_FILES = [
  "projects.json",
  "trustedFolders.json",
  "installation_id",
  "state.json",
  "oauth_creds.json",
  "google_accounts.json",
  "GEMINI.md",
  // Which project hooks Gemini already warned about (its only per-hook record): the
  // user's, so a warning shown once in their terminal is not shown again under Elwood.
  "trusted_hooks.json",
] as const;

/** The home whose `.gemini` is the user's: GEMINI_CLI_HOME if the caller set one, else HOME. */
export function userHomeOf(env: Env): string {
  return env.GEMINI_CLI_HOME ?? env.HOME ?? homedir();
}

/** The user's settings (`{}` when absent or unreadable; JSON with comments is not read). */
export async function readUserSettings(env: Env): Promise<Record<string, unknown>> {
  const path = join(userHomeOf(env), ".gemini", "settings.json");
  try {
    const parsed: unknown = JSON.parse(await readFile(path, "utf8"));
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Builds `<private dir>/gemini-home/.gemini` beside the written settings file and returns
 * the home (for GEMINI_CLI_HOME). Rebuilt on every launch, so links follow the user's home.
 */
export async function buildPrivateHome(settingsPath: string, env: Env): Promise<string> {
  const userHome = userHomeOf(env);
  const userGemini = join(userHome, ".gemini");
  const home = join(dirname(settingsPath), "gemini-home");
  const gemini = join(home, ".gemini");
  await rm(home, { recursive: true, force: true });
  await mkdir(gemini, { recursive: true, mode: 0o700 });
  for (const folder of SHARED_FOLDERS) {
    await mkdir(join(userGemini, folder), { recursive: true, mode: 0o700 });
  }
  const existing = await readdir(userGemini).catch(() => [] as string[]);
  const names = new Set([...existing, ...SHARED_FOLDERS, ...SHARED_FILES]);
  names.delete("settings.json");
  for (const name of names) await symlink(join(userGemini, name), join(gemini, name));
  await symlink(settingsPath, join(gemini, "settings.json"));
  // Skills and agents the user keeps in ~/.agents (Gemini reads them from its home too).
  const agents = join(userHome, ".agents");
  if (await exists(agents)) await symlink(agents, join(home, ".agents"));
  return home;
}
