// Codex's public face from one defineAgent call (api.md §5.5, §5.6, seeds §5.8):
// startCodex / resumeCodex / startOrResumeCodex, and CodexSession, the lazy primary API.
import type { AgentSessionApi, CommonSessionEvents } from "../core/agent-session.js";
import { type AgentSessionOptions, defineAgent } from "../session/define-agent.js";
import { codexAdapter } from "./adapter.js";
import type { CodexAnyHookEvent, CodexHookEventName, CodexHookEventOf } from "./hooks/events.js";
import {
  normalizeCodexOptions,
  type ResumeCodexOptions,
  type StartCodexOptions,
} from "./options.js";
import type { CodexTranscriptSummary } from "./transcript/summary.js";

export type CodexSessionEvents = CommonSessionEvents & {
  hook: CodexAnyHookEvent;
  /** Best-effort, content-free summary of each committed rollout record (api.md §5.4). */
  "codex:transcript": CodexTranscriptSummary;
} & { [N in CodexHookEventName as `hook:${N}`]: CodexHookEventOf<N> };

const codexAgent = defineAgent<CodexSessionEvents, StartCodexOptions, ResumeCodexOptions>()({
  adapter: codexAdapter,
  normalize: normalizeCodexOptions,
  startOnlyOptions: ["persona", "model", "profile", "configOverrides"],
  resumeName: "resumeCodex",
});

export type CodexSessionApi = AgentSessionApi<CodexSessionEvents>;
export type StartOrResumeCodexOptions = StartCodexOptions & { readonly elwoodSessionId?: string };
export type CodexSessionOptions = AgentSessionOptions<StartCodexOptions>;

export const startCodex: (options: StartCodexOptions) => Promise<CodexSessionApi> =
  codexAgent.start;
export const resumeCodex: (options: ResumeCodexOptions) => Promise<CodexSessionApi> =
  codexAgent.resume;
/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export const startOrResumeCodex: (
  options: StartOrResumeCodexOptions,
) => Promise<{ readonly session: CodexSessionApi; readonly resumed: boolean }> =
  codexAgent.startOrResume;

/** The primary Codex API: lazy start, send/stream turns, every raw control. */
export class CodexSession extends codexAgent.Session {}
