// The bridge folder's surface for the session runtime and adapters (prd/internals.md
// "bridge/"). Internal to the package; src/index.ts decides what is public.

export type {
  HookAgent,
  HookCatalogue,
  HookEventBase,
  HookParseResult,
  HookWireContext,
  HookWireResult,
  ResolvedHookHandler,
} from "./catalogue.js";
export { deepFreeze, UNKNOWN_HOOK_EVENT_NAME } from "./catalogue.js";
export type { HookClientScriptOptions } from "./clients/bash-client.js";
export { bashHookClientScript } from "./clients/bash-client.js";
export type {
  ClaudeHttpHookEntry,
  ClaudeHttpHookOptions,
  CommandHookEntry,
} from "./clients/claude-http.js";
export {
  CLAUDE_COMMAND_ONLY_EVENTS,
  claudeHttpHookEntry,
  commandHookEntry,
} from "./clients/claude-http.js";
export type { CommandHookCommandOptions, HookClientKind } from "./clients/command.js";
export { commandHookCommand } from "./clients/command.js";
export { nodeHookClientScript } from "./clients/node-client.js";
export type { HookClientChoice } from "./clients/probe.js";
export { bashHasDevTcp, chooseHookClient } from "./clients/probe.js";
export type { HookDispatcher, HookDispatcherOptions, HookRequestSink } from "./dispatcher.js";
export { createHookDispatcher, resolveHookTimeoutMs } from "./dispatcher.js";
export * from "./limits.js";
export type { ElwoodHookErrorCategory, HookDispatchError, HookOutcome } from "./outcome.js";
export { withLoopbackNoProxy } from "./proxy-env.js";
export type { HookBridgeEnvironment, HookBridgeServerOptions } from "./server.js";
export { HookBridgeServer } from "./server.js";
export type { HookBridgeStats } from "./stats.js";
