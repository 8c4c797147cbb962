// The Gemini descriptor for the shared runtime (ARCHITECTURE "The adapter seam"): argv,
// a private Gemini home whose settings carry the command hooks (./launch/home.ts), the
// hook catalogue, screen facts, the chat mapper, and which hooks mean what. Gemini
// relaunches itself as a second node process that ignores SIGINT, SIGTERM and SIGHUP;
// GEMINI_CLI_NO_RELAUNCH keeps the one the session's process group holds.

import { randomUUID } from "node:crypto";
import type { AgentAdapter } from "../core/contract/adapter.js";
import type { ElwoodAgentSessionEvents } from "../core/contract/session.js";
import { readScreenWithFacts } from "../core/screen/screen-reading.js";
import { GEMINI_LISTENER_ONLY_EVENTS, geminiHookCatalogue } from "./hooks/catalogue.js";
import type { GeminiAnyHookEvent, GeminiHookEventName, GeminiHookEventOf } from "./hooks/events.js";
import type { GeminiHookHandlers } from "./hooks/handlers.js";
import { GEMINI_TURN_SIGNALS, isGeminiPromptRecord } from "./hooks/signals.js";
import { geminiArgv } from "./launch/argv.js";
import { buildPrivateHome, readUserSettings } from "./launch/home.js";
import { refuseWhenGeminiHooksAreOff } from "./launch/hooks-off-switch.js";
import { sessionSettings } from "./launch/settings.js";
import { findGeminiChat, launchedConversationState } from "./launch/written-conversation.js";
import type { GeminiLaunchOptions } from "./options.js";
import { type GeminiPosture, GeminiPostureSchema } from "./posture.js";
import { GEMINI_SCREEN_FACTS } from "./screen/facts.js";
import { GEMINI_OPERATION_FACTS } from "./screen/operations.js";
import { createChatMapper } from "./transcript/map-chat.js";

export type GeminiSessionEvents = ElwoodAgentSessionEvents & {
  hook: GeminiAnyHookEvent;
} & { [N in GeminiHookEventName as `hook:${N}`]: GeminiHookEventOf<N> };

/** The oldest Gemini CLI release Elwood's e2e suite passed on (prd/gemini.md). */
export const GEMINI_MINIMUM_VERSION = "0.61.0";

/**
 * Variables that make Gemini 0.61.0 leave its TUI: `CI=true` or `GITHUB_ACTIONS=true` puts
 * it in headless mode (it answers nothing and exits), so a session started from a CI job
 * ended at once; `VITEST=true` turns its folder trust off, the gate that keeps a project's
 * own hooks from running (prd/gemini.md). Gemini never sees them.
 */
/** Keeps Gemini in one process: it relaunches itself with a bigger heap otherwise. */
const GEMINI_NO_RELAUNCH = "GEMINI_CLI_NO_RELAUNCH";

const GEMINI_HEADLESS_SWITCHES: readonly string[] = ["CI", "GITHUB_ACTIONS", "VITEST"];

export const geminiAdapter: AgentAdapter<
  GeminiLaunchOptions,
  GeminiHookHandlers,
  GeminiAnyHookEvent,
  GeminiPosture
> = {
  agent: "gemini",
  displayName: "Gemini",
  binary: "gemini",
  minimumVersion: GEMINI_MINIMUM_VERSION,
  posture: GeminiPostureSchema,
  errorNames: {
    notFound: "gemini_not_found",
    startFailed: "gemini_start_failed",
    versionUnsupported: "gemini_version_unsupported",
    notAuthenticated: "gemini_not_authenticated",
  },
  hooks: geminiHookCatalogue,
  listenerOnlyHooks: GEMINI_LISTENER_ONLY_EVENTS,
  signals: {
    ...GEMINI_TURN_SIGNALS,
    // SessionStart fires once the CLI is up, and Gemini queues a prompt typed while it
    // still initializes, so the hook and a quiet composer after it are readiness.
    initialReadyHooks: ["SessionStart"],
    composerAfterSessionStartIsReady: true,
    composerIsReadyOnResume: true,
    // Escape cancels a turn with "Request cancelled." and its AfterAgent still follows.
    turnEndHookFollowsInterrupt: true,
    // The chat file exists from launch, but only a typed prompt makes it resumable.
    isConversationRecord: isGeminiPromptRecord,
  },
  // The user's own hooksConfig.enabled: false holds: Elwood refuses rather than override it;
  // so does the workspace's, which Gemini reads over Elwood's settings.
  refuseLaunch: (env, cwd) => refuseWhenGeminiHooksAreOff(env, cwd),
  // Without it `gemini --version` starts a second node process as well: about half of
  // the probe's CPU, on every start's path.
  probeEnv: { [GEMINI_NO_RELAUNCH]: "1" },
  async planLaunch(request) {
    const { record, env } = request;
    // Gemini has command hooks only and no detached kind: every event it is told about
    // blocks, so the per-request model events are left out unless someone asked for them.
    const { isRegistered } = request.bridge;
    const eventNames = geminiHookCatalogue.eventNames.filter(
      (name) => isRegistered?.(name) !== false,
    );
    const settings = sessionSettings(await readUserSettings(env), eventNames, request.bridge);
    const settingsPath = await request.writeRuntimeFile(
      "gemini-settings.json",
      `${JSON.stringify(settings, null, 2)}\n`,
    );
    const home = await buildPrivateHome(settingsPath, env);
    const argv = geminiArgv({
      binary: "gemini",
      launch: request.options,
      posture: record.resume.posture,
      resumeId: request.isResume ? record.resume.agentSessionId : undefined,
      newSessionId: request.isResume ? undefined : record.resume.launched?.agentSessionId,
    });
    return {
      argv,
      env: { GEMINI_CLI_HOME: home, [GEMINI_NO_RELAUNCH]: "1" },
      withoutEnv: GEMINI_HEADLESS_SWITCHES,
      commandHookEvents: "all",
    };
  },
  readScreen: (frame) => readScreenWithFacts(frame, GEMINI_SCREEN_FACTS),
  operations: GEMINI_OPERATION_FACTS,
  createTranscriptMapper: createChatMapper,
  agentSessionIdOf: (event) => (event.session_id.length > 0 ? event.session_id : undefined),
  newConversationId: () => randomUUID(),
  launchedConversationState,
  findConversation: findGeminiChat,
};
