// Claude's public face from one defineAgent call (seeds §5.1, §5.2, §5.8): startClaude /
// resumeClaude / startOrResumeClaude, and ClaudeSession, the lazy primary API. Options are
// validated before anything is spawned or written; the runtime drives the descriptor.
import type { AgentSessionApi, CommonSessionEvents } from "../core/agent-session.js";
import { type AgentSessionOptions, defineAgent } from "../session/define-agent.js";
import { claudeAdapter } from "./adapter.js";
import type { ClaudeHookEventName, ClaudeHookEventOf } from "./hooks/events.js";
import type { ClaudeAnyHookEvent } from "./hooks/handlers.js";
import {
  normalizeClaudeOptions,
  type ResumeClaudeOptions,
  type StartClaudeOptions,
} from "./options.js";

/** Claude's events: the common ones plus every parsed hook, and `hook:<Name>` sugar. */
export type ClaudeSessionEvents = CommonSessionEvents & {
  hook: ClaudeAnyHookEvent;
} & { [N in ClaudeHookEventName as `hook:${N}`]: ClaudeHookEventOf<N> };

const claudeAgent = defineAgent<ClaudeSessionEvents, StartClaudeOptions, ResumeClaudeOptions>()({
  adapter: claudeAdapter,
  normalize: normalizeClaudeOptions,
  startOnlyOptions: ["persona", "name", "model", "settingsOverrides"],
  resumeName: "resumeClaude",
});

export type ClaudeSessionApi = AgentSessionApi<ClaudeSessionEvents>;
export type StartOrResumeClaudeOptions = StartClaudeOptions & { readonly elwoodSessionId?: string };
export type ClaudeSessionOptions = AgentSessionOptions<StartClaudeOptions>;

export const startClaude: (options: StartClaudeOptions) => Promise<ClaudeSessionApi> =
  claudeAgent.start;
export const resumeClaude: (options: ResumeClaudeOptions) => Promise<ClaudeSessionApi> =
  claudeAgent.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeClaude: (
  options: StartOrResumeClaudeOptions,
) => Promise<{ readonly session: ClaudeSessionApi; readonly resumed: boolean }> =
  claudeAgent.startOrResume;

/** The primary Claude API: lazy start, send/stream turns, every raw control. */
export class ClaudeSession extends claudeAgent.Session {}
