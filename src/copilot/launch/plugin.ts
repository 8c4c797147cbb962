// Elwood's hooks as a private Copilot plugin: one `plugin.json` (hooks inline, the form
// Copilot 1.0.102 loads from a `--plugin-dir`) in the session's private dir, outside the
// workspace and the user's own ~/.copilot, so neither the repo's `.github/hooks` nor the
// user's settings are touched and the agent's tools in the workspace cannot rewrite it.
// Each hook runs the bridge's command client inline (bridge/clients/command.ts).

import { commandHookCommand } from "../../bridge/clients/command.js";
import { timeoutForEvent } from "../../bridge/handler-timeout.js";
import { cliHookTimeoutSeconds } from "../../bridge/limits.js";
import type { BridgeWiring } from "../../core/contract/adapter.js";

export const COPILOT_PLUGIN_FILE_NAME = "plugin.json";
export const COPILOT_PLUGIN_NAME = "elwood-bridge";

/** One hook as Copilot's hooks config spells it: a `bash` command and its own deadline. */
interface CopilotCommandHook {
  readonly type: "command";
  readonly bash: string;
  readonly timeoutSec: number;
}

function hookFor(eventName: string, bridge: BridgeWiring): CopilotCommandHook {
  // The event's own deadline (an approvals handler waits for a human) for client and CLI.
  const hookTimeoutMs = timeoutForEvent(
    eventName,
    bridge.hookTimeoutMs,
    bridge.hookTimeoutsByEvent,
  );
  const command = commandHookCommand({
    eventName,
    client: bridge.commandClientKind,
    hookTimeoutMs,
  });
  return { type: "command", bash: command, timeoutSec: cliHookTimeoutSeconds(hookTimeoutMs) };
}

/** The plugin manifest with every event's hook. */
export function copilotPluginManifest(eventNames: readonly string[], bridge: BridgeWiring): string {
  const hooks = Object.fromEntries(eventNames.map((name) => [name, [hookFor(name, bridge)]]));
  const manifest = {
    name: COPILOT_PLUGIN_NAME,
    version: "1.0.0",
    description: "Elwood's hook bridge for this session (generated per launch; do not edit).",
    hooks,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
