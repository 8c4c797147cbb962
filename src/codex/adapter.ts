// The Codex descriptor for the shared runtime (ARCHITECTURE "The adapter seam"): argv
// with `-c` hook overrides, the hook catalogue, screen facts, the rollout mapper, and
// which hooks mean what. Codex paints its composer before its input loop is live, so on
// a cold start only the SessionStart hook counts as readiness (api.md "Readiness").

import type { AgentAdapter } from "../core/contract/adapter.js";
import type { ElwoodAgentSessionEvents } from "../core/contract/session.js";
import { readScreenWithFacts } from "../core/screen/screen-reading.js";
import { threadContext } from "../transcript/map-in-order.js";
import { codexHookCatalogue } from "./hooks/catalogue.js";
import type { CodexAnyHookEvent, CodexHookEventName, CodexHookEventOf } from "./hooks/events.js";
import type { CodexHookHandlers } from "./hooks/handlers.js";
import { CODEX_TURN_SIGNALS } from "./hooks/signals.js";
import { codexArgv } from "./launch/argv.js";
import type { CodexLaunchOptions } from "./options.js";
import { type CodexPosture, CodexPostureSchema } from "./posture.js";
import { CODEX_SCREEN_FACTS } from "./screen/facts.js";
import { CODEX_OPERATION_FACTS } from "./screen/operations.js";
import { mapRolloutRecord } from "./transcript/map-rollout.js";
import { findCodexRollout } from "./transcript/rollout-file.js";
import { type CodexTranscriptSummary, summarizeRolloutRecord } from "./transcript/summary.js";

export type CodexSessionEvents = ElwoodAgentSessionEvents & {
  hook: CodexAnyHookEvent;
  /** Best-effort, content-free summary of each committed rollout record (api.md §5.4). */
  "codex:transcript": CodexTranscriptSummary;
} & { [N in CodexHookEventName as `hook:${N}`]: CodexHookEventOf<N> };

export const CODEX_MINIMUM_VERSION = "0.124.0";

export const codexAdapter: AgentAdapter<
  CodexLaunchOptions,
  CodexHookHandlers,
  CodexAnyHookEvent,
  CodexPosture
> = {
  agent: "codex",
  displayName: "Codex",
  binary: "codex",
  updateCommand: ["update"],
  minimumVersion: CODEX_MINIMUM_VERSION,
  posture: CodexPostureSchema,
  errorNames: {
    notFound: "codex_not_found",
    startFailed: "codex_start_failed",
    versionUnsupported: "codex_version_unsupported",
    notAuthenticated: "codex_not_authenticated",
  },
  hooks: codexHookCatalogue,
  signals: {
    ...CODEX_TURN_SIGNALS,
    // Codex 0.171 fires SessionStart only with the first prompt, so it cannot gate that
    // prompt; its placeholder composer paints before input is live, so the composer must
    // stay idle for a settle time first (prd/decisions.md, cold-start readiness).
    initialReadyHooks: ["SessionStart"],
    // Codex writes its rollout lazily, but `codex resume` finds a thread from the moment
    // SessionStart fired (with the first prompt).
    conversationExistsAtSessionStart: true,
    coldStartComposerSettleMs: 800,
    composerAfterSessionStartIsReady: false,
    // Codex does not re-fire SessionStart on resume, and its input loop is live when the
    // composer paints, so the first quiet composer counts there.
    composerIsReadyOnResume: true,
  },
  async planLaunch(request) {
    const { record } = request;
    const argv = codexArgv({
      binary: "codex",
      cwd: record.cwd,
      launch: request.options,
      posture: record.resume.posture,
      eventNames: codexHookCatalogue.eventNames,
      bridge: request.bridge,
      resumeId: request.isResume ? record.resume.agentSessionId : undefined,
    });
    const { isBlocking } = request.bridge;
    const observeOnlyHookEvents = codexHookCatalogue.eventNames.filter(
      (name) => isBlocking?.(name) === false,
    );
    return { argv, env: {}, commandHookEvents: "all", observeOnlyHookEvents };
  },
  findConversation: findCodexRollout,
  readScreen: (frame) => readScreenWithFacts(frame, CODEX_SCREEN_FACTS),
  operations: CODEX_OPERATION_FACTS,
  createTranscriptMapper: () => threadContext(mapRolloutRecord, {}),
  summarizeTranscriptRecord: summarizeRolloutRecord,
  agentSessionIdOf: (event) => (event.session_id.length > 0 ? event.session_id : undefined),
};
