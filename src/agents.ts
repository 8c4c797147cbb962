// The agents this package ships, each one folder (src/claude, src/codex) turned into its
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
import type { AgentAdapter, ConversationOnDisk } from "./core/contract/adapter.js";
import type { AgentModelOption } from "./core/contract/models.js";
import { checkLoginOptionsShape } from "./core/operations/login.js";
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

/**
 * Where each shipped agent's CLI keeps a conversation, and what of it is on disk (issue 47):
 * what listSessions reads to say whether a recorded conversation is still resumable.
 */
export function findAgentConversation(
  agent: ElwoodAgentKind,
  agentSessionId: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ConversationOnDisk | undefined> {
  return (
    SHIPPED_ADAPTERS[agent].findConversation?.(agentSessionId, env) ?? Promise.resolve(undefined)
  );
}

/** The agent's name in sentences ("Claude", "Codex"). */
export function agentDisplayName(agent: ElwoodAgentKind): string {
  return SHIPPED_ADAPTERS[agent].displayName;
}

// Typed by agent id, so a new agent in ELWOOD_AGENT_KINDS must say where its CLI keeps one.
const SHIPPED_ADAPTERS: Readonly<
  Record<ElwoodAgentKind, Pick<AgentAdapter<unknown, unknown>, "findConversation" | "displayName">>
> = { claude: claudeAdapter, codex: codexAdapter };

const claude = defineAgent<ClaudeSessionEvents, StartClaudeOptions, ResumeClaudeOptions>()({
  adapter: claudeAdapter,
  options: claudeOptions,
});
const codex = defineAgent<CodexSessionEvents, StartCodexOptions, ResumeCodexOptions>()({
  adapter: codexAdapter,
  options: codexOptions,
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

// The eager factories build the same objects, already started (seeds §5.8).
const claudeFactories = claude.factories(ClaudeSession);
const codexFactories = codex.factories(CodexSession);

export const startClaude = claudeFactories.start;
export const resumeClaude = claudeFactories.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeClaude = claudeFactories.startOrResume;
export const startCodex = codexFactories.start;
export const resumeCodex = codexFactories.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeCodex = codexFactories.startOrResume;

/** What `startClaude` returns: the same `ClaudeSession`, started. */
export type ClaudeSessionApi = ClaudeSession;
/** What `startCodex` returns: the same `CodexSession`, started. */
export type CodexSessionApi = CodexSession;
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
