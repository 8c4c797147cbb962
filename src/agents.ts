// The agents this package ships, each one folder (src/claude, src/codex) turned into its
// public face by one defineAgent call here. Core never names them: it works over the
// adapter's opaque id (core/contract/status.ts ElwoodAgentId). Adding an agent: prd/internals.md.
import { type ClaudeSessionEvents, claudeAdapter } from "./claude/adapter.js";
import {
  normalizeClaudeOptions,
  type ResumeClaudeOptions,
  type StartClaudeOptions,
} from "./claude/options.js";
import { ClaudeAgentSessionApi, type ClaudeLoginOptions } from "./claude/session-api.js";
import { type CodexSessionEvents, codexAdapter } from "./codex/adapter.js";
import {
  normalizeCodexOptions,
  type ResumeCodexOptions,
  type StartCodexOptions,
} from "./codex/options.js";
import type { AgentModelOption } from "./core/contract/models.js";
import { checkLoginOptionsShape } from "./core/operations/login.js";
import type { AgentSessionApi } from "./core/runtime/agent-session.js";
import {
  type AgentSessionOptions,
  defineAgent,
  type StartOrResumeOptions,
} from "./session/define-agent.js";
import { type ListModelsOptions, listModelsWith } from "./session/list-models.js";

export type { ClaudeSessionEvents, CodexSessionEvents };

/** The agents Elwood ships, by id: the record's `adapter` and the events' `agent`. */
export const ELWOOD_AGENT_KINDS = ["claude", "codex"] as const;
export type ElwoodAgentKind = (typeof ELWOOD_AGENT_KINDS)[number];

export function isElwoodAgentKind(agent: string): agent is ElwoodAgentKind {
  return (ELWOOD_AGENT_KINDS as readonly string[]).includes(agent);
}

const claudeAgent = defineAgent<
  ClaudeSessionEvents,
  StartClaudeOptions,
  ResumeClaudeOptions,
  ClaudeAgentSessionApi
>()({
  adapter: claudeAdapter,
  sessionApi: ClaudeAgentSessionApi,
  normalize: normalizeClaudeOptions,
  startOnlyOptions: ["persona", "name", "model", "settingsOverrides"],
});
const codexAgent = defineAgent<CodexSessionEvents, StartCodexOptions, ResumeCodexOptions>()({
  adapter: codexAdapter,
  normalize: normalizeCodexOptions,
  startOnlyOptions: ["persona", "model", "profile", "configOverrides"],
});

// startOrResume*: resume when possible; start fresh only when there is nothing to resume (§5.2).
export const {
  start: startClaude,
  resume: resumeClaude,
  startOrResume: startOrResumeClaude,
} = claudeAgent;
export const {
  start: startCodex,
  resume: resumeCodex,
  startOrResume: startOrResumeCodex,
} = codexAgent;

/** The primary Claude API: lazy start, send/stream turns, every raw control. */
export class ClaudeSession extends claudeAgent.Session {
  /** Starts the session if needed, then runs /login in place (see ClaudeSessionApi.login). */
  async login(options: ClaudeLoginOptions): Promise<void> {
    checkLoginOptionsShape(options);
    return (await this.start()).login(options);
  }
}
/** The primary Codex API: lazy start, send/stream turns, every raw control. */
export class CodexSession extends codexAgent.Session {}

export type ClaudeSessionApi = ClaudeAgentSessionApi;
export type CodexSessionApi = AgentSessionApi<CodexSessionEvents>;
export type StartOrResumeClaudeOptions = StartOrResumeOptions<StartClaudeOptions>;
export type StartOrResumeCodexOptions = StartOrResumeOptions<StartCodexOptions>;
export type ClaudeSessionOptions = AgentSessionOptions<StartClaudeOptions>;
export type CodexSessionOptions = AgentSessionOptions<StartCodexOptions>;

/** The Claude `/model` picker's rows, read from a throwaway session that is always torn down. */
export function listClaudeModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return guardedList(() => listModelsWith(startClaude, options));
}

/** The Codex `/model` picker's rows, read from a throwaway session that is always torn down. */
export function listCodexModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return guardedList(() => listModelsWith(startCodex, options));
}

// Promise-returning functions reject, never throw synchronously (api.md).
function guardedList(
  run: () => Promise<readonly AgentModelOption[]>,
): Promise<readonly AgentModelOption[]> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}
