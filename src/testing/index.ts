// @with-logic/elwood/testing: the offline test kit (scripted model servers and
// isolated agent homes). Kept out of the main entry on purpose; named exports only.

export type { AgentHome, AgentHomeOptions, AgentHomeServer } from "./agent-home/agent-home.js";
export { createAgentHome } from "./agent-home/agent-home.js";
export type { ScriptedCodexModel } from "./agent-home/codex/catalog.js";
export { compactionSummaryTurns } from "./agent-home/compaction.js";
export type {
  AutoModeVerdict,
  FailStep,
  PauseStep,
  SayStep,
  ScenarioStep,
  ScriptedTurn,
  ScriptedUsage,
  SlowStep,
  ThinkStep,
  ToolStep,
  TurnMatcher,
  UsageStep,
} from "./model-server/scenario.js";
export type {
  ScriptedModelServer,
  ScriptedModelServerOptions,
} from "./model-server/server.js";
export { startScriptedModelServer } from "./model-server/server.js";
export type {
  LoggedImage,
  LoggedRequest,
  ModelApi,
  ToolResultRecord,
} from "./model-server/types.js";
