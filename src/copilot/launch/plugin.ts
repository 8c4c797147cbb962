// Elwood's hooks as a private Copilot plugin: one `plugin.json` (hooks inline, the form
// Copilot 1.0.102 loads from a `--plugin-dir`) in the session's private dir, outside the
// workspace and the user's own ~/.copilot, so neither the repo's `.github/hooks` nor the
// user's settings are touched and the agent's tools in the workspace cannot rewrite it.
// Each hook runs the bridge's command client inline (bridge/clients/command.ts).

import { bashHookClientScript } from "../../bridge/clients/bash-client.js";
import { eventCommandHook } from "../../bridge/clients/command.js";
import { timeoutForEvent } from "../../bridge/handler-timeout.js";
import { cliHookTimeoutSeconds } from "../../bridge/limits.js";
import type { BridgeWiring } from "../../core/contract/adapter.js";

export const COPILOT_PLUGIN_FILE_NAME = "plugin.json";
export const COPILOT_PLUGIN_NAME = "elwood-bridge";

/** One hook as Copilot's hooks config spells it: a `bash` command and its own deadline. */
export interface CopilotCommandHook {
  readonly type: "command";
  readonly bash: string;
  readonly timeoutSec: number;
}

// The event's own deadline (an approvals handler waits for a human) for client and CLI.
const eventTimeoutMs = (eventName: string, bridge: BridgeWiring): number =>
  timeoutForEvent(eventName, bridge.hookTimeoutMs, bridge.hookTimeoutsByEvent);

function hookFor(eventName: string, bridge: BridgeWiring): CopilotCommandHook {
  const { command, hookTimeoutMs } = eventCommandHook(eventName, bridge);
  return { type: "command", bash: command, timeoutSec: cliHookTimeoutSeconds(hookTimeoutMs) };
}

/** Every event's hook, by event name. */
export function copilotHooks(
  eventNames: readonly string[],
  bridge: BridgeWiring,
): Readonly<Record<string, readonly CopilotCommandHook[]>> {
  return Object.fromEntries(eventNames.map((name) => [name, [hookFor(name, bridge)]]));
}

/** The plugin manifest with the hooks inline. */
export function copilotPluginManifest(
  hooks: Readonly<Record<string, readonly CopilotCommandHook[]>>,
): string {
  const manifest = {
    name: COPILOT_PLUGIN_NAME,
    version: "1.0.0",
    description: "Elwood's hook bridge for this session (generated per launch; do not edit).",
    hooks,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * What bash runs, as its `BASH_EXECUTION_STRING`, for Elwood's own hooks: Copilot's
 * `bash -c "<hook command>"`, and inside it the bash client's `bash -c '<client>'` (both
 * source BASH_ENV); the Node client is no bash.
 */
export function hookExecutionStrings(
  hooks: Readonly<Record<string, readonly CopilotCommandHook[]>>,
  bridge: BridgeWiring,
): string[] {
  const commands = Object.values(hooks).flatMap((entries) => entries.map((hook) => hook.bash));
  if (bridge.commandClientKind !== "bash") return commands;
  const clients = Object.keys(hooks).map((eventName) =>
    bashHookClientScript({ hookTimeoutMs: eventTimeoutMs(eventName, bridge) }),
  );
  return [...new Set([...commands, ...clients])];
}
