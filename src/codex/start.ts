// startCodex / resumeCodex / startOrResumeCodex (api.md §5.5, §5.6): validated options,
// then the shared runtime launches Codex through its descriptor.
import { AgentSessionApi, type CommonSessionEvents } from "../core/agent-session.js";
import { invalidOption } from "../core/common-options.js";
import {
  type ReplacedSession,
  resumeAgentSession,
  startAgentSession,
} from "../core/open-session.js";
import { ElwoodError } from "../errors.js";
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

export type CodexSessionApi = AgentSessionApi<CodexSessionEvents>;

export function startCodex(options: StartCodexOptions): Promise<CodexSessionApi> {
  return startCodexReplacing(options, undefined);
}

async function startCodexReplacing(
  options: StartCodexOptions,
  replacing: ReplacedSession | undefined,
): Promise<CodexSessionApi> {
  const normalized = normalizeCodexOptions(options);
  const { runtime, terminal } = await startAgentSession(
    {
      adapter: codexAdapter,
      common: normalized.common,
      launchOptions: normalized.launch,
      postureOverrides: normalized.postureOverrides,
      hooks: normalized.hooks,
    },
    replacing,
  );
  return new AgentSessionApi({ agent: "codex", runtime: runtime as never, terminal });
}

export async function resumeCodex(options: ResumeCodexOptions): Promise<CodexSessionApi> {
  if (
    typeof options !== "object" ||
    options === null ||
    typeof options.elwoodSessionId !== "string"
  ) {
    throw invalidOption("resumeCodex needs `elwoodSessionId`.");
  }
  const normalized = normalizeCodexOptions(options);
  const { runtime, terminal } = await resumeAgentSession({
    adapter: codexAdapter,
    common: normalized.common,
    launchOptions: normalized.launch,
    postureOverrides: normalized.postureOverrides,
    hooks: normalized.hooks,
    elwoodSessionId: options.elwoodSessionId,
  });
  return new AgentSessionApi({ agent: "codex", runtime: runtime as never, terminal });
}

export type StartOrResumeCodexOptions = StartCodexOptions & { readonly elwoodSessionId?: string };

const NOTHING_TO_RESUME = ["state_not_found", "resume_unavailable", "adapter_mismatch"] as const;

export async function startOrResumeCodex(
  options: StartOrResumeCodexOptions,
): Promise<{ readonly session: CodexSessionApi; readonly resumed: boolean }> {
  const { elwoodSessionId, persona, model, profile, configOverrides, ...shared } = options;
  let replacing: ReplacedSession | undefined;
  if (elwoodSessionId !== undefined) {
    try {
      return { session: await resumeCodex({ ...shared, elwoodSessionId }), resumed: true };
    } catch (error) {
      if (!ElwoodError.is(error, ...NOTHING_TO_RESUME)) throw error;
      replacing = { elwoodSessionId, reason: error.name };
    }
  }
  const { elwoodSessionId: _ignored, ...startOptions } = options;
  return { session: await startCodexReplacing(startOptions, replacing), resumed: false };
}
