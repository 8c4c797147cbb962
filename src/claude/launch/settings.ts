// The session-scoped `--settings` file (seeds §4.3): only Elwood's hook bridge plus the
// caller's settingsOverrides. Claude merges it over user, project and local settings, so
// the user's own hooks keep running beside ours. Claude skips http hooks for
// SessionStart and Setup, so those two use the command-hook client (prd/bridge.md).
import { commandHookCommand, commandHookEntry } from "../../bridge/clients/command.js";
import type { BridgeWiring } from "../../core/contract/adapter.js";
import { CLAUDE_COMMAND_ONLY_EVENTS, claudeHttpHookEntry } from "./http-hooks.js";

type MatcherGroup = { readonly matcher?: string; readonly hooks: readonly unknown[] };

function bridgeHookEntry(eventName: string, bridge: BridgeWiring): unknown {
  const { hookTimeoutMs } = bridge;
  if (!CLAUDE_COMMAND_ONLY_EVENTS.includes(eventName)) {
    return claudeHttpHookEntry({ port: bridge.port, eventName, hookTimeoutMs });
  }
  const command = commandHookCommand({
    scriptPath: bridge.commandClientPath,
    eventName,
    client: bridge.commandClientKind,
  });
  return commandHookEntry({ command, hookTimeoutMs });
}

/** Builds the settings object; caller overrides first, Elwood's hooks always appended. */
export function claudeSessionSettings(options: {
  readonly eventNames: readonly string[];
  readonly bridge: BridgeWiring;
  readonly overrides: Readonly<Record<string, unknown>> | undefined;
}): Record<string, unknown> {
  const overrides = options.overrides ?? {};
  const callerHooks = (overrides.hooks ?? {}) as Record<string, readonly MatcherGroup[]>;
  const hooks: Record<string, MatcherGroup[]> = {};
  for (const [event, groups] of Object.entries(callerHooks)) hooks[event] = [...groups];
  for (const eventName of options.eventNames) {
    const group: MatcherGroup = {
      matcher: "*",
      hooks: [bridgeHookEntry(eventName, options.bridge)],
    };
    hooks[eventName] = [...(hooks[eventName] ?? []), group];
  }
  return { ...overrides, hooks };
}
