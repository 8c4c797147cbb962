// The Gemini settings a session runs with: the user's own ~/.gemini/settings.json (read,
// never written) with Elwood's command hooks added to every event, and the bridge
// variables hidden from the agent's tools. Gemini reads them from the private home's
// user layer (./home.ts), which is not in the workspace the agent's tools edit.

import { eventCommandHook } from "../../bridge/clients/command.js";
import { cliHookTimeoutSeconds } from "../../bridge/limits.js";
import { BRIDGE_ENV_NAMES } from "../../bridge/tool-env.js";
import type { BridgeWiring } from "../../core/contract/adapter.js";

type Settings = Record<string, unknown>;

function objectAt(settings: Settings, key: string): Settings {
  const value = settings[key];
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Settings)
    : {};
}

function listAt(settings: Settings, key: string): unknown[] {
  const value = settings[key];
  return Array.isArray(value) ? value : [];
}

/** One event's Elwood hook: the bridge client inline, the bridge variables in its env. */
export function geminiHookEntry(eventName: string, bridge: BridgeWiring): Settings {
  const { command, hookTimeoutMs } = eventCommandHook(eventName, bridge);
  // The tools' redaction below strips the bridge variables from hooks too; Gemini adds a
  // hook's own `env` back, and expands `$NAME` in settings from its own environment when
  // it loads them, so the token is never written to the file.
  const env = Object.fromEntries(BRIDGE_ENV_NAMES.map((name) => [name, `\${${name}}`]));
  return {
    matcher: "*",
    hooks: [
      {
        type: "command",
        name: `elwood-${eventName}`,
        command,
        // Gemini counts hook timeouts in milliseconds.
        timeout: cliHookTimeoutSeconds(hookTimeoutMs) * 1000,
        env,
      },
    ],
  };
}

/** The user's settings plus Elwood's hooks and the tools' redaction of the bridge variables. */
export function sessionSettings(
  userSettings: Settings,
  eventNames: readonly string[],
  bridge: BridgeWiring,
): Settings {
  const userHooks = objectAt(userSettings, "hooks");
  const hooks: Settings = { ...userHooks };
  for (const eventName of eventNames) {
    hooks[eventName] = [...listAt(userHooks, eventName), geminiHookEntry(eventName, bridge)];
  }
  const security = objectAt(userSettings, "security");
  const redaction = objectAt(security, "environmentVariableRedaction");
  const blocked = [...listAt(redaction, "blocked"), ...BRIDGE_ENV_NAMES];
  return {
    ...userSettings,
    hooks,
    hooksConfig: { ...objectAt(userSettings, "hooksConfig"), enabled: true },
    security: {
      ...security,
      // Gemini's only switch for a tool's environment: with it on, the tools (and hooks)
      // lose the blocked names, and Gemini's own secret-looking names as well.
      environmentVariableRedaction: { ...redaction, enabled: true, blocked },
    },
  };
}
