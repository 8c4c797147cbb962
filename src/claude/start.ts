// startClaude / resumeClaude / startOrResumeClaude (seeds §5.1, §5.2): options are
// validated before anything is spawned or written, then the shared runtime launches
// Claude through the adapter descriptor.
import { AgentSessionApi, type CommonSessionEvents } from "../core/agent-session.js";
import { invalidOption } from "../core/common-options.js";
import {
  type ReplacedSession,
  resumeAgentSession,
  startAgentSession,
} from "../core/open-session.js";
import { ElwoodError } from "../errors.js";
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

export type ClaudeSessionApi = AgentSessionApi<ClaudeSessionEvents>;

export function startClaude(options: StartClaudeOptions): Promise<ClaudeSessionApi> {
  return startClaudeReplacing(options, undefined);
}

async function startClaudeReplacing(
  options: StartClaudeOptions,
  replacing: ReplacedSession | undefined,
): Promise<ClaudeSessionApi> {
  const normalized = normalizeClaudeOptions(options);
  const { runtime, terminal } = await startAgentSession(
    {
      adapter: claudeAdapter,
      common: normalized.common,
      launchOptions: normalized.launch,
      postureOverrides: normalized.postureOverrides,
      hooks: normalized.hooks,
    },
    replacing,
  );
  return new AgentSessionApi({ agent: "claude", runtime: runtime as never, terminal });
}

export async function resumeClaude(options: ResumeClaudeOptions): Promise<ClaudeSessionApi> {
  if (
    typeof options !== "object" ||
    options === null ||
    typeof options.elwoodSessionId !== "string"
  ) {
    throw invalidOption("resumeClaude needs `elwoodSessionId`.");
  }
  const normalized = normalizeClaudeOptions(options);
  const { runtime, terminal } = await resumeAgentSession({
    adapter: claudeAdapter,
    common: normalized.common,
    launchOptions: normalized.launch,
    postureOverrides: normalized.postureOverrides,
    hooks: normalized.hooks,
    elwoodSessionId: options.elwoodSessionId,
  });
  return new AgentSessionApi({ agent: "claude", runtime: runtime as never, terminal });
}

export type StartOrResumeClaudeOptions = StartClaudeOptions & { readonly elwoodSessionId?: string };

const NOTHING_TO_RESUME = ["state_not_found", "resume_unavailable", "adapter_mismatch"] as const;

/** Resume when possible; start fresh only when there is nothing to resume (§5.2). */
export async function startOrResumeClaude(
  options: StartOrResumeClaudeOptions,
): Promise<{ readonly session: ClaudeSessionApi; readonly resumed: boolean }> {
  const { elwoodSessionId, persona, name, model, settingsOverrides, ...shared } = options;
  let replacing: ReplacedSession | undefined;
  if (elwoodSessionId !== undefined) {
    try {
      const session = await resumeClaude({ ...shared, elwoodSessionId });
      return { session, resumed: true };
    } catch (error) {
      if (!ElwoodError.is(error, ...NOTHING_TO_RESUME)) throw error;
      replacing = { elwoodSessionId, reason: error.name };
    }
  }
  const { elwoodSessionId: _ignored, ...startOptions } = options;
  return { session: await startClaudeReplacing(startOptions, replacing), resumed: false };
}
