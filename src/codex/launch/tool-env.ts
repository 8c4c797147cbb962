// Codex's half of the tool-environment scrub (bridge/tool-env.ts): Codex builds each
// shell tool's environment from `shell_environment_policy`.
import { BRIDGE_ENV_NAMES } from "../../bridge/tool-env.js";

/**
 * Codex `-c` overrides that blank the bridge variables in every shell tool's
 * environment. `set` (not `exclude`) because an `exclude` override would replace the
 * user's own exclude list, silently un-hiding whatever they hid; `set` adds one key to
 * the `set` table and leaves the rest of their policy alone. Codex runs hook commands
 * with its own environment, not this policy, so the hook clients keep the token.
 */
export function codexShellPolicyOverrides(): string[] {
  return BRIDGE_ENV_NAMES.map((name) => `shell_environment_policy.set.${name}=""`);
}
