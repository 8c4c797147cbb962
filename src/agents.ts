// The agents this package ships, each one folder (src/claude, src/codex, src/gemini) turned into its
// public face by one defineAgent call here: the session class and the factories that
// start, resume or start-or-resume it. Core never names them: it works over the adapter's
// opaque id. Adding an agent: prd/internals.md.
import { type ClaudeSessionEvents, claudeAdapter } from "./claude/adapter.js";
import type { ClaudeLoginOptions } from "./claude/login-options.js";
import {
  claudeOptions,
  type ResumeClaudeOptions,
  type StartClaudeOptions,
} from "./claude/options.js";
import { type CodexSessionEvents, codexAdapter } from "./codex/adapter.js";
import { codexOptions, type ResumeCodexOptions, type StartCodexOptions } from "./codex/options.js";
import type { AgentModelOption } from "./core/contract/models.js";
import { checkLoginOptionsShape } from "./core/operations/login.js";
import { type GeminiSessionEvents, geminiAdapter } from "./gemini/adapter.js";
import {
  geminiOptions,
  type ResumeGeminiOptions,
  type StartGeminiOptions,
} from "./gemini/options.js";
import {
  type AgentSessionOptions,
  defineAgent,
  type StartOrResumeOptions,
} from "./session/define-agent.js";
import { type ListModelsOptions, listModelsWith } from "./session/list-models.js";

export type { ClaudeSessionEvents, CodexSessionEvents, GeminiSessionEvents };

/** The agents Elwood ships, by id: the record's `adapter` and the events' `agent`. */
export const ELWOOD_AGENT_KINDS = ["claude", "codex"] as const;
export type ElwoodAgentKind = (typeof ELWOOD_AGENT_KINDS)[number];

export function isElwoodAgentKind(agent: string): agent is ElwoodAgentKind {
  return (ELWOOD_AGENT_KINDS as readonly string[]).includes(agent);
}

const claude = defineAgent<ClaudeSessionEvents, StartClaudeOptions, ResumeClaudeOptions>()({
  adapter: claudeAdapter,
  options: claudeOptions,
});
const codex = defineAgent<CodexSessionEvents, StartCodexOptions, ResumeCodexOptions>()({
  adapter: codexAdapter,
  options: codexOptions,
});
const gemini = defineAgent<GeminiSessionEvents, StartGeminiOptions, ResumeGeminiOptions>()({
  adapter: geminiAdapter,
  options: geminiOptions,
});

/** The primary Claude API: lazy start, send/stream turns, every raw control, and login(). */
export class ClaudeSession extends claude.Session {
  /**
   * Runs /login in place, as one exclusive queue transaction: resolves once the CLI
   * reports success and its composer is back; login_failed, login_timeout or
   * session_not_running otherwise.
   */
  async login(options: ClaudeLoginOptions): Promise<void> {
    const checked = checkLoginOptionsShape(options);
    return (await this.live()).operations.login(checked);
  }
}

/** The primary Codex API: lazy start, send/stream turns, every raw control. */
export class CodexSession extends codex.Session {}

/** The primary Gemini API: lazy start, send/stream turns, every raw control. */
export class GeminiSession extends gemini.Session {}

// The eager factories build the same objects, already started (seeds §5.8).
const claudeFactories = claude.factories(ClaudeSession);
const codexFactories = codex.factories(CodexSession);
const geminiFactories = gemini.factories(GeminiSession);

export const startClaude = claudeFactories.start;
export const resumeClaude = claudeFactories.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeClaude = claudeFactories.startOrResume;
export const startCodex = codexFactories.start;
export const resumeCodex = codexFactories.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeCodex = codexFactories.startOrResume;
export const startGemini = geminiFactories.start;
export const resumeGemini = geminiFactories.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeGemini = geminiFactories.startOrResume;

/** What `startClaude` returns: the same `ClaudeSession`, started. */
export type ClaudeSessionApi = ClaudeSession;
/** What `startCodex` returns: the same `CodexSession`, started. */
export type CodexSessionApi = CodexSession;
/** What `startGemini` returns: the same `GeminiSession`, started. */
export type GeminiSessionApi = GeminiSession;
export type StartOrResumeClaudeOptions = StartOrResumeOptions<StartClaudeOptions>;
export type StartOrResumeCodexOptions = StartOrResumeOptions<StartCodexOptions>;
export type ClaudeSessionOptions = AgentSessionOptions<StartClaudeOptions>;
export type CodexSessionOptions = AgentSessionOptions<StartCodexOptions>;
export type StartOrResumeGeminiOptions = StartOrResumeOptions<StartGeminiOptions>;
export type GeminiSessionOptions = AgentSessionOptions<StartGeminiOptions>;

/** The Claude `/model` picker's rows, read from a throwaway session that is always torn down. */
export function listClaudeModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return guardedList(() => listModelsWith(startClaude, options));
}

/** The Codex `/model` picker's rows, read from a throwaway session that is always torn down. */
export function listCodexModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return guardedList(() => listModelsWith(startCodex, options));
}

/**
 * The Gemini `/model` rows, read from a throwaway session that is always torn down; Gemini
 * declares no model picker facts yet, so this rejects with model_automation_failed.
 */
export function listGeminiModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return guardedList(() => listModelsWith(startGemini, options));
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
