// The agents this package ships: the registry. Each agent is one folder (src/claude,
// src/codex, src/gemini) turned into its public face by one defineAgent call here, and into the apps'
// entry by one line of ELWOOD_AGENTS below: serve, the elwood CLI, the web page and
// approvals read agents only from there. Core never names them: it works over the
// adapter's opaque id. Adding an agent: prd/adding-an-agent.md.
import { type ClaudeSessionEvents, claudeAdapter } from "./claude/adapter.js";
import { claudeAppFacts } from "./claude/app-facts.js";
import type { ClaudeEventHookHandler } from "./claude/hooks/handlers.js";
import type { ClaudeLoginOptions } from "./claude/login-options.js";
import {
  claudeOptions,
  type ResumeClaudeOptions,
  type StartClaudeOptions,
} from "./claude/options.js";
import { type CodexSessionEvents, codexAdapter } from "./codex/adapter.js";
import { codexAppFacts } from "./codex/app-facts.js";
import type { CodexEventHookHandler } from "./codex/hooks/handlers.js";
import { codexOptions, type ResumeCodexOptions, type StartCodexOptions } from "./codex/options.js";
import { type CopilotSessionEvents, copilotAdapter } from "./copilot/adapter.js";
import { copilotAppFacts } from "./copilot/app-facts.js";
import type { CopilotEventHookHandler } from "./copilot/hooks/handlers.js";
import {
  copilotOptions,
  type ResumeCopilotOptions,
  type StartCopilotOptions,
} from "./copilot/options.js";
import type { AgentModelOption } from "./core/contract/models.js";
import { checkLoginOptionsShape } from "./core/operations/login.js";
import { type GeminiSessionEvents, geminiAdapter } from "./gemini/adapter.js";
import { geminiAppFacts } from "./gemini/app-facts.js";
import type { GeminiEventHookHandler } from "./gemini/hooks/handlers.js";
import {
  geminiOptions,
  type ResumeGeminiOptions,
  type StartGeminiOptions,
} from "./gemini/options.js";
import { ElwoodApprovalsBase } from "./session/approvals.js";
import { conversationReader } from "./session/conversation.js";
import {
  type AgentSessionOptions,
  defineAgent,
  type StartOrResumeOptions,
} from "./session/define-agent.js";
import type { ListModelsOptions } from "./session/list-models.js";
import { agentRegistry } from "./session/registry-lines.js";
import {
  type ElwoodSessionInfo as SessionInfoOf,
  type ElwoodSessionListing as SessionListingOf,
  sessionLister,
} from "./session/session-list.js";

export type { ClaudeSessionEvents, CodexSessionEvents, CopilotSessionEvents, GeminiSessionEvents };

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
const copilot = defineAgent<CopilotSessionEvents, StartCopilotOptions, ResumeCopilotOptions>()({
  adapter: copilotAdapter,
  options: copilotOptions,
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

/** The primary Copilot CLI API: lazy start, send/stream turns, every raw control. */
export class CopilotSession extends copilot.Session {}

/**
 * The registry: every agent the apps offer, one line each, in auto-detection's order.
 * What an entry carries is declared in the agent's folder (`src/<agent>/app-facts.ts`).
 */
export const ELWOOD_AGENTS = agentRegistry([
  claude.register(claudeAppFacts, ClaudeSession),
  codex.register(codexAppFacts, CodexSession),
  gemini.register(geminiAppFacts, GeminiSession),
  copilot.register(copilotAppFacts, CopilotSession),
]);

/** The agents Elwood ships, by id: the record's `adapter` and the events' `agent`. */
export const ELWOOD_AGENT_KINDS = ELWOOD_AGENTS.ids;
export type ElwoodAgentKind = (typeof ELWOOD_AGENT_KINDS)[number];

export function isElwoodAgentKind(agent: string): agent is ElwoodAgentKind {
  return ELWOOD_AGENTS.has(agent);
}

// The eager factories build the same objects, already started (seeds §5.8).
const claudeFactories = claude.factories(ClaudeSession);
const codexFactories = codex.factories(CodexSession);
const geminiFactories = gemini.factories(GeminiSession);
const copilotFactories = copilot.factories(CopilotSession);

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
export const startCopilot = copilotFactories.start;
export const resumeCopilot = copilotFactories.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeCopilot = copilotFactories.startOrResume;

/** What `startClaude` returns: the same `ClaudeSession`, started. */
export type ClaudeSessionApi = ClaudeSession;
/** What `startCodex` returns: the same `CodexSession`, started. */
export type CodexSessionApi = CodexSession;
/** What `startGemini` returns: the same `GeminiSession`, started. */
export type GeminiSessionApi = GeminiSession;
/** What `startCopilot` returns: the same `CopilotSession`, started. */
export type CopilotSessionApi = CopilotSession;
export type StartOrResumeClaudeOptions = StartOrResumeOptions<StartClaudeOptions>;
export type StartOrResumeCodexOptions = StartOrResumeOptions<StartCodexOptions>;
export type StartOrResumeCopilotOptions = StartOrResumeOptions<StartCopilotOptions>;
export type ClaudeSessionOptions = AgentSessionOptions<StartClaudeOptions>;
export type CodexSessionOptions = AgentSessionOptions<StartCodexOptions>;
export type StartOrResumeGeminiOptions = StartOrResumeOptions<StartGeminiOptions>;
export type GeminiSessionOptions = AgentSessionOptions<StartGeminiOptions>;
export type CopilotSessionOptions = AgentSessionOptions<StartCopilotOptions>;

/** The Claude `/model` picker's rows, read from a throwaway session that is always torn down. */
export function listClaudeModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return ELWOOD_AGENTS.get("claude").listModels(options);
}

/** The Codex `/model` picker's rows, read from a throwaway session that is always torn down. */
export function listCodexModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return ELWOOD_AGENTS.get("codex").listModels(options);
}

/**
 * The Gemini `/model` rows, read from a throwaway session that is always torn down; Gemini
 * declares no model picker facts yet, so this rejects with model_automation_failed.
 */
export function listGeminiModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return ELWOOD_AGENTS.get("gemini").listModels(options);
}

/**
 * Copilot's `/model` picker is not driven yet (it has no picker facts): this rejects with
 * `model_automation_failed` after the throwaway session started and was torn down.
 */
export function listCopilotModels(
  options: ListModelsOptions,
): Promise<readonly AgentModelOption[]> {
  return ELWOOD_AGENTS.get("copilot").listModels(options);
}

/** Pending approvals a human answers from anywhere (prd/approvals.md); `hooks` per agent. */
export class ElwoodApprovals extends ElwoodApprovalsBase {
  /** `hooks` for a Claude session: its PermissionRequests become pending approvals. */
  claudeHooks(): { readonly PermissionRequest: ClaudeEventHookHandler<"PermissionRequest"> } {
    return this.hooksFor(ELWOOD_AGENTS.get("claude")) as never;
  }

  /** `hooks` for a Codex session: its PermissionRequests become pending approvals. */
  codexHooks(): { readonly PermissionRequest: CodexEventHookHandler<"PermissionRequest"> } {
    return this.hooksFor(ELWOOD_AGENTS.get("codex")) as never;
  }

  /**
   * `hooks` for a Gemini session: each permission dialog its Notification hook announces is
   * a pending approval while the dialog shows, answered by typing into it.
   */
  geminiHooks(): { readonly Notification: GeminiEventHookHandler<"Notification"> } {
    return this.hooksFor(ELWOOD_AGENTS.get("gemini")) as never;
  }

  /** `hooks` for a Copilot session: its permissionRequests become pending approvals. */
  copilotHooks(): {
    readonly permissionRequest: CopilotEventHookHandler<"permissionRequest">;
  } {
    return this.hooksFor(ELWOOD_AGENTS.get("copilot")) as never;
  }
}

/** Stored sessions of the shipped agents; any other agent's record is skipped as corrupt. */
export const { listSessions, readSessionInfo } = sessionLister(ELWOOD_AGENTS);

/** A kept session's conversation so far, from the agent's own transcript (issue 45). */
export const readConversation = conversationReader(ELWOOD_AGENTS);

/** One stored session of a shipped agent. */
export type ElwoodSessionInfo = SessionInfoOf<ElwoodAgentKind>;
/** What `listSessions` returns: the readable sessions and the skipped records. */
export type ElwoodSessionListing = SessionListingOf<ElwoodAgentKind>;
