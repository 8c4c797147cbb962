// The session-scoped settings (seeds §4.3), passed inline as `--settings '<json>'` so no
// settings file exists that the agent could rewrite (issue 21): only Elwood's hook bridge
// plus the caller's settingsOverrides. Claude merges them over user, project and local
// settings, so the user's own hooks keep running beside ours, and `disableAllHooks:
// false` here outranks a `true` planted in the workspace's .claude/settings.local.json
// (verified on 2.1.144 and 2.1.332). Claude skips http hooks for SessionStart and Setup,
// so those two use the command-hook client (prd/bridge.md). An event no decision can be
// needed for at start (bridge/registration.ts) is observe-only: still an http hook, which
// the bridge answers at once with no decision before its listeners see it. Claude has no
// async http hook, but an async command hook cost it more per step than an http one
// answered at once (a shell and bash started per event; prd/bridge.md "Per event").
import { commandHookEntry, eventCommandHook } from "../../bridge/clients/command.js";
import { timeoutForEvent } from "../../bridge/handler-timeout.js";
import type { BridgeWiring } from "../../core/contract/adapter.js";
import { CLAUDE_COMMAND_ONLY_EVENTS, claudeHttpHookEntry } from "./http-hooks.js";

type MatcherGroup = { readonly matcher?: string; readonly hooks: readonly unknown[] };

function bridgeHookEntry(eventName: string, bridge: BridgeWiring): unknown {
  const hookTimeoutMs = timeoutForEvent(
    eventName,
    bridge.hookTimeoutMs,
    bridge.hookTimeoutsByEvent,
  );
  if (!CLAUDE_COMMAND_ONLY_EVENTS.includes(eventName)) {
    return claudeHttpHookEntry({ port: bridge.port, eventName, hookTimeoutMs });
  }
  const { command } = eventCommandHook(eventName, bridge);
  return commandHookEntry({
    command,
    hookTimeoutMs,
    async: isClaudeObserveOnly(eventName, bridge),
  });
}

/** Whether the CLI was told not to wait for the event (answered at once by the bridge). */
export function isClaudeObserveOnly(eventName: string, bridge: BridgeWiring): boolean {
  return bridge.isBlocking?.(eventName) === false;
}

/**
 * Builds the settings object; caller overrides first, Elwood's hooks always appended,
 * and hooks pinned on whatever the caller or the workspace's settings say.
 */
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
  return { ...overrides, hooks, disableAllHooks: false };
}
