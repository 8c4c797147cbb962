// The user's own switch for Gemini's hooks (prd/decisions.md "Whose hooks run"): Gemini runs
// hooks only with `hooksConfig.enabled`, one switch for every hook, and offers no way to run
// Elwood's alone under it. A user who set it false in ~/.gemini/settings.json switched off
// every hook, the project's too; Elwood's settings would have to turn it back on for all of
// them. So Elwood refuses with `gemini_hooks_disabled`, naming the file, before any spawn.
import { join } from "node:path";
import { ElwoodError } from "../../errors.js";
import type { GeminiErrorName } from "../errors.js";
import { readUserSettings, userHomeOf } from "./home.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Throws `gemini_hooks_disabled` when the user's settings switch hooks off. */
export async function refuseWhenGeminiHooksAreOff(env: Env): Promise<void> {
  const settings = await readUserSettings(env);
  const hooksConfig = settings.hooksConfig;
  const enabled =
    typeof hooksConfig === "object" && hooksConfig !== null
      ? (hooksConfig as Record<string, unknown>).enabled
      : undefined;
  if (enabled !== false) return;
  const file = join(userHomeOf(env), ".gemini", "settings.json");
  throw new ElwoodError<GeminiErrorName>(
    "gemini_hooks_disabled",
    `Gemini's hooks are switched off in ${file} ("hooksConfig": { "enabled": false }), and Gemini cannot run Elwood's hooks alone under that switch. Remove it (or set it true) to use Elwood; your own and your projects' hooks then run too, as in your terminal.`,
    { details: { settingsFile: file } },
  );
}
