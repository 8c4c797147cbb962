// Switches for Copilot's hooks. Copilot 1.0.102 honours `"disableAllHooks": true` ("Disable
// all hooks, both user-level and repo-level"), the hooks of Elwood's private plugin
// included, and reads it from the repository's own files as well as the user's: a
// `.claude/settings.local.json` in the workspace holding it (Claude's file, which Copilot
// also reads) silenced Elwood's preToolUse and permissionRequest hooks on the next launch,
// so a deny handler no longer held and no approval was asked (test/e2e/guardrails.test.ts).
// Copilot has no setting or flag that keeps one plugin's hooks on under the switch, and the
// agent's own shell can write these files. So Elwood refuses with `copilot_hooks_disabled`,
// naming the file, before any spawn: at every start and every resume.
import { lstat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readSettingsObject } from "../../core/launch/settings-file.js";
import { ElwoodError } from "../../errors.js";
import type { CopilotErrorName } from "../errors.js";
import { copilotHome } from "./paths.js";

type Env = Readonly<Record<string, string | undefined>>;

/** The repository settings files Copilot reads, relative to a folder of the repository. */
const REPO_SETTINGS = [
  [".github", "copilot", "settings.json"],
  [".github", "copilot", "settings.local.json"],
  [".claude", "settings.json"],
  [".claude", "settings.local.json"],
] as const;

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** `cwd` and each folder above it up to the repository's root (the one holding `.git`). */
async function repositoryFolders(cwd: string): Promise<string[]> {
  const folders: string[] = [];
  for (let folder = cwd; ; folder = dirname(folder)) {
    folders.push(folder);
    if (await exists(join(folder, ".git"))) return folders;
    if (dirname(folder) === folder) return [cwd];
  }
}

/** The first settings file that sets `disableAllHooks: true`, users' first. */
export async function findCopilotHooksOffSwitch(
  env: Env,
  cwd: string,
): Promise<{ readonly source: "user" | "workspace"; readonly path: string } | undefined> {
  const home = copilotHome(env, cwd);
  for (const path of [join(home, "settings.json"), join(home, "config.json")]) {
    if ((await readSettingsObject(path))?.disableAllHooks === true) return { source: "user", path };
  }
  for (const folder of await repositoryFolders(cwd)) {
    for (const parts of REPO_SETTINGS) {
      const path = join(folder, ...parts);
      if ((await readSettingsObject(path))?.disableAllHooks === true) {
        return { source: "workspace", path };
      }
    }
  }
  return undefined;
}

/** Throws `copilot_hooks_disabled` when a settings file Copilot reads switches hooks off. */
export async function refuseWhenCopilotHooksAreOff(env: Env, cwd: string): Promise<void> {
  const found = await findCopilotHooksOffSwitch(env, cwd);
  if (found === undefined) return;
  const message =
    found.source === "user"
      ? `Your Copilot settings (${found.path}) set "disableAllHooks": true. Elwood drives Copilot through hooks of its own, and Copilot cannot run those while keeping yours off, so Elwood does not start rather than switch your hooks back on. To use Elwood, remove "disableAllHooks" from ${found.path}.`
      : `The repository's settings (${found.path}) set "disableAllHooks": true, which Copilot reads over Elwood's own hooks, so the session would run with none of them: no hook handlers, no approvals. Elwood does not start it. Remove the setting (an agent's tool may have written it) and start again.`;
  throw new ElwoodError<CopilotErrorName>("copilot_hooks_disabled", message, {
    details: { settingsFile: found.path },
  });
}
