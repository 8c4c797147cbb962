// The Claude Code descriptor for the shared runtime (ARCHITECTURE "The adapter seam"):
// launch argv and the generated inline settings, the hook catalogue, screen facts, the
// transcript mapper and which hooks mean what. No runtime code lives here.

import { randomUUID } from "node:crypto";
import type { AgentAdapter } from "../core/contract/adapter.js";
import type { ElwoodAgentSessionEvents } from "../core/contract/session.js";
import { readScreenWithFacts } from "../core/screen/screen-reading.js";
import { threadContext } from "../transcript/map-in-order.js";
import { claudeHookCatalogue } from "./hooks/catalogue.js";
import type { ClaudeHookEventName, ClaudeHookEventOf } from "./hooks/events.js";
import type { ClaudeAnyHookEvent, ClaudeHookHandlers } from "./hooks/handlers.js";
import { CLAUDE_TURN_SIGNALS } from "./hooks/signals.js";
import { claudeHookEventsFor } from "./hooks/versions.js";
import { claudeArgv } from "./launch/argv.js";
import { refuseWhenClaudeHooksAreOff } from "./launch/hooks-off-switch.js";
import { CLAUDE_COMMAND_ONLY_EVENTS, CLAUDE_LISTENER_ONLY_EVENTS } from "./launch/http-hooks.js";
import { claudeSessionSettings, isClaudeObserveOnly } from "./launch/settings.js";
import { CLAUDE_ENV_FILE, toolEnvScrubScript } from "./launch/tool-env.js";
import {
  findClaudeConversation,
  launchedConversationState,
} from "./launch/written-conversation.js";
import type { ClaudeLaunchOptions } from "./options.js";
import { type ClaudePosture, ClaudePostureSchema } from "./posture.js";
import { CLAUDE_SCREEN_FACTS, CLAUDE_WORKING_TITLE } from "./screen/facts.js";
import { CLAUDE_OPERATION_FACTS } from "./screen/operations.js";
import { mapClaudeRecord } from "./transcript/map-records.js";

/** Claude's events: the common ones plus every parsed hook, and `hook:<Name>` sugar. */
export type ClaudeSessionEvents = ElwoodAgentSessionEvents & {
  hook: ClaudeAnyHookEvent;
} & { [N in ClaudeHookEventName as `hook:${N}`]: ClaudeHookEventOf<N> };

export const CLAUDE_MINIMUM_VERSION = "2.1.144";
export const CLAUDE_TOOL_ENV_FILE_NAME = "claude-tool-env.sh";

export const claudeAdapter: AgentAdapter<
  ClaudeLaunchOptions,
  ClaudeHookHandlers,
  ClaudeAnyHookEvent,
  ClaudePosture
> = {
  agent: "claude",
  displayName: "Claude Code",
  binary: "claude",
  updateCommand: ["update"],
  minimumVersion: CLAUDE_MINIMUM_VERSION,
  posture: ClaudePostureSchema,
  errorNames: {
    notFound: "claude_not_found",
    startFailed: "claude_start_failed",
    versionUnsupported: "claude_version_unsupported",
    notAuthenticated: "claude_not_authenticated",
  },
  hooks: claudeHookCatalogue,
  listenerOnlyHooks: CLAUDE_LISTENER_ONLY_EVENTS,
  signals: {
    ...CLAUDE_TURN_SIGNALS,
    // InstructionsLoaded fires only when a CLAUDE.md or rules file exists; without one,
    // SessionStart followed by a quiet idle composer proves the input loop is live.
    initialReadyHooks: ["InstructionsLoaded"],
    composerAfterSessionStartIsReady: true,
    composerIsReadyOnResume: true,
  },
  bootstrapMinCols: 100,
  // The user's own disableAllHooks holds: Elwood refuses rather than override it.
  refuseLaunch: (env) => refuseWhenClaudeHooksAreOff(env),
  async planLaunch(request) {
    const { record } = request;
    const { isRegistered } = request.bridge;
    const eventNames = claudeHookEventsFor(request.cliVersion).filter(
      (name) => isRegistered?.(name) !== false,
    );
    const observeOnly = eventNames.filter((name) => isClaudeObserveOnly(name, request.bridge));
    const settings = claudeSessionSettings({
      eventNames,
      bridge: request.bridge,
      overrides: request.options.settingsOverrides,
    });
    const argv = claudeArgv({
      binary: "claude",
      launch: request.options,
      posture: record.resume.posture,
      settingsJson: JSON.stringify(settings),
      resumeId: request.isResume ? record.resume.agentSessionId : undefined,
      // A fresh launch, or an empty conversation relaunched, under the id Elwood chose.
      sessionId: request.isResume ? undefined : record.resume.launched?.agentSessionId,
    });
    // Claude sources this before each Bash command: tools never see the bridge credential.
    // It is written to the session's private dir, outside the workspace (issue 21).
    const toolEnvPath = await request.writeRuntimeFile(
      CLAUDE_TOOL_ENV_FILE_NAME,
      toolEnvScrubScript({ userEnvFile: request.env[CLAUDE_ENV_FILE] }),
    );
    return {
      argv,
      env: { [CLAUDE_ENV_FILE]: toolEnvPath },
      commandHookEvents: CLAUDE_COMMAND_ONLY_EVENTS,
      observeOnlyHookEvents: observeOnly,
    };
  },
  launchedConversationState,
  findConversation: findClaudeConversation,
  readScreen: (frame) => readScreenWithFacts(frame, CLAUDE_SCREEN_FACTS, CLAUDE_WORKING_TITLE),
  operations: CLAUDE_OPERATION_FACTS,
  createTranscriptMapper: () => threadContext(mapClaudeRecord, {}),
  agentSessionIdOf: (event) => (event.session_id.length > 0 ? event.session_id : undefined),
  newConversationId: () => randomUUID(),
};
