// The Copilot descriptor for the shared runtime (ARCHITECTURE "The adapter seam"): argv
// with a private plugin dir holding Elwood's hooks, the hook catalogue, screen facts, the
// session-record mapper, and which hooks mean what. Copilot fires sessionStart only with
// the first prompt (like Codex), so a cold start is ready on a settled composer.

import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import type { AgentAdapter } from "../core/contract/adapter.js";
import type { ElwoodAgentSessionEvents } from "../core/contract/session.js";
import { readScreenWithFacts } from "../core/screen/screen-reading.js";
import { ElwoodError } from "../errors.js";
import { threadContext } from "../transcript/map-in-order.js";
import type { CopilotErrorName } from "./errors.js";
import { copilotHookCatalogue } from "./hooks/catalogue.js";
import type {
  CopilotAnyHookEvent,
  CopilotHookEventName,
  CopilotHookEventOf,
} from "./hooks/events.js";
import type { CopilotHookHandlers } from "./hooks/handlers.js";
import { COPILOT_TURN_SIGNALS } from "./hooks/signals.js";
import { copilotArgv } from "./launch/argv.js";
import { refuseWhenCopilotHooksAreOff } from "./launch/hooks-off-switch.js";
import {
  copilotTranscriptPath,
  findCopilotConversation,
  isCopilotConversationRecord,
  launchedConversationState,
} from "./launch/paths.js";
import {
  COPILOT_PLUGIN_FILE_NAME,
  copilotHooks,
  copilotPluginManifest,
  hookExecutionStrings,
} from "./launch/plugin.js";
import { removeExitedOwnersLocks } from "./launch/stale-locks.js";
import { COPILOT_BASH_ENV_FILE_NAME, copilotBashEnvScript } from "./launch/tool-env.js";
import type { CopilotLaunchOptions } from "./options.js";
import { type CopilotPosture, CopilotPostureSchema } from "./posture.js";
import { COPILOT_SCREEN_FACTS } from "./screen/facts.js";
import { COPILOT_OPERATION_FACTS } from "./screen/operations.js";
import { unboxFrame } from "./screen/unbox.js";
import { mapCopilotEvent } from "./transcript/map-events.js";

export type CopilotSessionEvents = ElwoodAgentSessionEvents & {
  hook: CopilotAnyHookEvent;
} & { [N in CopilotHookEventName as `hook:${N}`]: CopilotHookEventOf<N> };

/**
 * The oldest Copilot CLI Elwood drives: the version its hooks, plugin form, session
 * record and screens were verified on (prd/copilot.md "Version floor").
 */
export const COPILOT_MINIMUM_VERSION = "1.0.102";

export const copilotAdapter: AgentAdapter<
  CopilotLaunchOptions,
  CopilotHookHandlers,
  CopilotAnyHookEvent,
  CopilotPosture
> = {
  agent: "copilot",
  displayName: "Copilot",
  binary: "copilot",
  updateCommand: ["update"],
  minimumVersion: COPILOT_MINIMUM_VERSION,
  posture: CopilotPostureSchema,
  errorNames: {
    notFound: "copilot_not_found",
    startFailed: "copilot_start_failed",
    versionUnsupported: "copilot_version_unsupported",
    notAuthenticated: "copilot_not_authenticated",
  },
  hooks: copilotHookCatalogue,
  signals: {
    ...COPILOT_TURN_SIGNALS,
    initialReadyHooks: ["sessionStart"],
    // Elwood chooses the id (`--session-id`), and Copilot writes its record at launch.
    conversationExistsAtSessionStart: true,
    isConversationRecord: isCopilotConversationRecord,
    coldStartComposerSettleMs: 800,
    composerAfterSessionStartIsReady: false,
    composerIsReadyOnResume: true,
  },
  // Copilot honours a disableAllHooks the repository sets too: Elwood refuses, never runs blind.
  refuseLaunch: (env, cwd) => refuseWhenCopilotHooksAreOff(env, cwd),
  async planLaunch(request) {
    const { record } = request;
    const sessionId = request.isResume
      ? record.resume.agentSessionId
      : record.resume.launched?.agentSessionId;
    if (sessionId === undefined) {
      throw new ElwoodError<CopilotErrorName>(
        "copilot_start_failed",
        "A Copilot launch needs the conversation id Elwood chose for it; this session record has none.",
        { details: { elwoodSessionId: record.elwoodSessionId } },
      );
    }
    const transcriptPath = copilotTranscriptPath(request.env, record.cwd, sessionId);
    // A conversation reopened after a crash may still carry the killed CLI's in-use lock.
    await removeExitedOwnersLocks(dirname(transcriptPath));
    // The plugin lives in the session's private dir, outside the workspace (issue 21).
    const hooks = copilotHooks(copilotHookCatalogue.eventNames, request.bridge);
    const manifestPath = await request.writeRuntimeFile(
      COPILOT_PLUGIN_FILE_NAME,
      copilotPluginManifest(hooks),
    );
    // Its bash shells source this: tools never see the bridge credential, hooks keep it.
    const bashEnvPath = await request.writeRuntimeFile(
      COPILOT_BASH_ENV_FILE_NAME,
      copilotBashEnvScript({
        hookCommands: hookExecutionStrings(hooks, request.bridge),
        userBashEnv: request.env.BASH_ENV,
      }),
    );
    const argv = copilotArgv({
      binary: "copilot",
      pluginDir: dirname(manifestPath),
      sessionId,
      launch: request.options,
      posture: record.resume.posture,
    });
    return {
      argv,
      env: { BASH_ENV: bashEnvPath },
      commandHookEvents: "all",
      transcriptPath,
    };
  },
  readScreen: (frame) => readScreenWithFacts(unboxFrame(frame), COPILOT_SCREEN_FACTS),
  operations: COPILOT_OPERATION_FACTS,
  createTranscriptMapper: () => threadContext(mapCopilotEvent, {}),
  agentSessionIdOf: (event) => (event.session_id.length > 0 ? event.session_id : undefined),
  newConversationId: () => randomUUID(),
  launchedConversationState,
  findConversation: findCopilotConversation,
};
