// Switches for Gemini's hooks (prd/decisions.md "Whose hooks run"). Gemini runs hooks only
// with `hooksConfig.enabled`, one switch for every hook, and offers no way to run Elwood's
// alone under it. A user who set it false in ~/.gemini/settings.json switched off every
// hook, the project's too; Elwood's settings would have to turn it back on for all of them.
// The workspace's `.gemini/settings.json` is read over the user layer Elwood's settings live
// in (Gemini 0.61.0: system defaults < user < workspace < system, and the system layer must
// be root's), so a `false` there, or Elwood's hooks named in its `hooksConfig.disabled`,
// silences Elwood's hooks whatever Elwood writes: the agent's own shell can plant it, and
// the next launch would run with no deny handler and no approvals (found by
// test/e2e/guardrails.test.ts). So Elwood refuses with `gemini_hooks_disabled`, naming the
// file, before any spawn: at every start and every resume.
import { join } from "node:path";
import { readSettingsObject } from "../../core/launch/settings-file.js";
import { ElwoodError } from "../../errors.js";
import type { GeminiErrorName } from "../errors.js";
import { userHomeOf } from "./home.js";

type Env = Readonly<Record<string, string | undefined>>;

/** What in `settings` keeps Elwood's hooks from running, if anything. */
function offSwitch(settings: Record<string, unknown> | undefined): string | undefined {
  const hooksConfig = settings?.hooksConfig;
  if (typeof hooksConfig !== "object" || hooksConfig === null) return undefined;
  const { enabled, disabled } = hooksConfig as Record<string, unknown>;
  if (enabled === false) return '"hooksConfig": { "enabled": false }';
  // Elwood's hooks are named `elwood-<event>` (./settings.ts); a name or command naming
  // Elwood in the disabled list is one of them.
  const named = Array.isArray(disabled)
    ? disabled.filter((name) => typeof name === "string" && /elwood/i.test(name))
    : [];
  return named.length === 0 ? undefined : `"hooksConfig": { "disabled": ${JSON.stringify(named)} }`;
}

/**
 * Throws `gemini_hooks_disabled` when the user's settings, or the workspace's at `cwd`,
 * switch Elwood's hooks off.
 */
export async function refuseWhenGeminiHooksAreOff(env: Env, cwd?: string): Promise<void> {
  const userFile = join(userHomeOf(env), ".gemini", "settings.json");
  const userSwitch = offSwitch(await readSettingsObject(userFile));
  if (userSwitch !== undefined) {
    throw new ElwoodError<GeminiErrorName>(
      "gemini_hooks_disabled",
      `Gemini's hooks are switched off in ${userFile} (${userSwitch}), and Gemini cannot run Elwood's hooks alone under that switch. Remove it (or set it true) to use Elwood; your own and your projects' hooks then run too, as in your terminal.`,
      { details: { settingsFile: userFile } },
    );
  }
  if (cwd === undefined) return;
  const workspaceFile = join(cwd, ".gemini", "settings.json");
  const workspaceSwitch = offSwitch(await readSettingsObject(workspaceFile));
  if (workspaceSwitch === undefined) return;
  throw new ElwoodError<GeminiErrorName>(
    "gemini_hooks_disabled",
    `The workspace's Gemini settings (${workspaceFile}) switch Elwood's hooks off (${workspaceSwitch}). Gemini reads a workspace's settings over Elwood's, so the session would run with none of its hooks: no hook handlers, no approvals. Elwood does not start it. Remove the setting (an agent's tool may have written it) and start again.`,
    { details: { settingsFile: workspaceFile } },
  );
}
