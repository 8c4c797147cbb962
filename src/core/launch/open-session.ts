// Start and resume, adapter-neutral (lifecycle §1.1, §1.5; prd/decisions.md "An empty
// conversation resumes"): a fresh record for a start; a resume checks its record, then
// launches once, for the conversation the record and the CLI's files say exists.

import type { HookEventBase } from "../../bridge/catalogue.js";
import { ElwoodError } from "../../errors.js";
import { describeIssues } from "../../state/parse-state.js";
import type { SessionRecord } from "../../state/record.js";
import { StateStore } from "../../state/state-store.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type { ElwoodWarningInput, ElwoodWarningOf } from "../contract/warnings.js";
import type { SessionRuntime } from "../runtime/runtime.js";
import { assertConversationOnDisk, type MissingConversationDetails } from "./conversation-check.js";
import { launchSession, type RuntimeObserver } from "./launcher.js";
import type { SessionConfig } from "./session-options.js";

/** Why a start is standing in for a resume that startOrResume* could not do. */
export type ReplacedSession = Pick<
  ElwoodWarningOf<"started_new_conversation">,
  "previousElwoodSessionId" | "reason"
> & {
  /** The resume found the recorded conversation gone from disk (warns conversation_missing). */
  readonly missing?: MissingConversationDetails;
};

/** A fresh conversation under `elwoodSessionId` (chosen by the caller). */
export async function startAgentSession<Options, Handlers, Event extends HookEventBase, Posture>(
  adapter: AgentAdapter<Options, Handlers, Event, Posture>,
  config: SessionConfig<Options, Handlers, Posture>,
  elwoodSessionId: string,
  observe?: RuntimeObserver<Event>,
  replacing?: ReplacedSession,
): Promise<SessionRuntime<Event>> {
  const store = await StateStore.open(config);
  const conversationId = adapter.newConversationId?.();
  const record: SessionRecord<Posture> = {
    schemaVersion: 1,
    elwoodSessionId,
    adapter: adapter.agent,
    cwd: store.cwd,
    resume: {
      launched: conversationId === undefined ? {} : { agentSessionId: conversationId },
      posture: config.posture,
    },
  };
  const launching = launchSession({ adapter, config, store, record, isResume: false, observe });
  const launched = await launching.catch(async (error: unknown) => {
    // A failed fresh start leaves nothing behind: its record would resume nothing.
    await store.removeSession(adapter.agent, elwoodSessionId).catch(() => undefined);
    throw error;
  });
  // The persona is the first message at first readiness; never persisted, never re-sent. A
  // session that ends before it is ever ready drops it silently.
  if (config.persona !== undefined) {
    launched.submissions.submit("message", config.persona).catch(() => undefined);
  }
  if (replacing !== undefined)
    warnWhenOpened(launched, replacedWarning(adapter, launched, replacing));
  return launched;
}

function replacedWarning(
  adapter: { readonly displayName: string },
  launched: { readonly elwoodSessionId: string },
  { missing, ...replacing }: ReplacedSession,
): ElwoodWarningInput {
  const started = `${adapter.displayName} started a new conversation as session ${launched.elwoodSessionId}`;
  if (missing === undefined) {
    return {
      source: "lifecycle",
      code: "started_new_conversation",
      message: `Session ${replacing.previousElwoodSessionId} could not be resumed (${replacing.reason}), so ${started}.`,
      ...replacing,
    };
  }
  const gone =
    missing.conversation === "empty" ? "holds no message to resume" : "is gone from disk";
  return {
    source: "lifecycle",
    code: "conversation_missing",
    message: `The conversation of session ${replacing.previousElwoodSessionId} ${gone} (${missing.conversationPath}), so ${started}; the earlier conversation cannot be continued.`,
    previousElwoodSessionId: replacing.previousElwoodSessionId,
    agentSessionId: missing.agentSessionId,
    conversation: missing.conversation,
    conversationPath: missing.conversationPath,
  };
}

// A lifecycle warning on a session just opened, after start/resume resolves so a caller
// subscribing right after `await` sees it (prd/decisions.md).
function warnWhenOpened<Event extends HookEventBase>(
  runtime: SessionRuntime<Event>,
  warning: ElwoodWarningInput,
): void {
  const { events } = runtime.context;
  setImmediate(() => events.emitWarning(warning));
}

/** The recorded conversation of `elwoodSessionId`, under its stored posture. */
export async function resumeAgentSession<Options, Handlers, Event extends HookEventBase, Posture>(
  adapter: AgentAdapter<Options, Handlers, Event, Posture>,
  config: SessionConfig<Options, Handlers, Posture>,
  elwoodSessionId: string,
  observe?: RuntimeObserver<Event>,
): Promise<SessionRuntime<Event>> {
  const store = await StateStore.open(config);
  // The record and loop sidecar must equal their trusted copies (outside the workspace)
  // before anything is probed or spawned: a record the agent loosened is state_corrupt,
  // never a looser launch (issue 21). The sidecar is validated here too, so a corrupt one
  // fails the resume and no loop is ever restored or submitted (§8.2, C-LOOP-21).
  const { record: stored, loops } = await store.readTrustedSession(elwoodSessionId);
  const { agent } = adapter;
  if (stored.adapter !== agent) {
    throw new ElwoodError(
      "adapter_mismatch",
      `Session ${elwoodSessionId} belongs to ${stored.adapter}, not ${agent}; resume it with the ${stored.adapter} entry point.`,
      { details: { elwoodSessionId, recordAdapter: stored.adapter, requestedAdapter: agent } },
    );
  }
  const { agentSessionId, launched } = stored.resume;
  if (agentSessionId === undefined && launched === undefined) {
    throw new ElwoodError(
      "resume_unavailable",
      `Session ${elwoodSessionId} never recorded ${adapter.displayName}'s own conversation id, so it cannot be resumed; start a new session instead.`,
      { details: { elwoodSessionId } },
    );
  }
  // The envelope was read agent-neutrally; the stored posture is this adapter's to validate,
  // and explicit options override it field by field.
  const storedPosture = adapter.posture.safeParse(stored.resume.posture);
  const posture = storedPosture.success
    ? adapter.posture.safeParse({ ...storedPosture.data, ...config.posture })
    : storedPosture;
  if (!posture.success) {
    throw new ElwoodError(
      "state_corrupt",
      `Session ${elwoodSessionId} has a launch posture this agent does not accept (${describeIssues(posture.error)}); remove the session with teardown and start a new one.`,
      { details: { elwoodSessionId } },
    );
  }
  // A recorded conversation the CLI's files no longer hold fails here, before any spawn.
  if (agentSessionId !== undefined) {
    await assertConversationOnDisk(adapter, elwoodSessionId, agentSessionId, config.env);
  }
  // A record with only the launched id may still name a conversation the CLI wrote, or at
  // least created: the parent died after the prompt was taken and before the record said so.
  const launchedId = agentSessionId === undefined ? launched?.agentSessionId : undefined;
  const left =
    launchedId === undefined || adapter.launchedConversationState === undefined
      ? undefined
      : await adapter.launchedConversationState(launchedId, config.env);
  const takenId = agentSessionId ?? (left === "written" ? launchedId : undefined);
  // If no prompt was ever taken, nothing of the conversation exists to lose or to claim:
  // relaunch it empty (Claude under the id it was launched with, or under a new one when
  // the CLI had created its file already), loops and posture kept.
  const relaunched =
    left === "empty" && adapter.newConversationId !== undefined
      ? { agentSessionId: adapter.newConversationId() }
      : (launched ?? {});
  const isResume = takenId !== undefined;
  const resume = isResume ? { agentSessionId: takenId } : { launched: relaunched };
  const record = { ...stored, resume: { ...resume, posture: posture.data } };
  const runtime = await launchSession({ adapter, config, store, record, isResume, loops, observe });
  if (isResume) return runtime;
  warnWhenOpened(runtime, {
    source: "lifecycle",
    code: "resumed_empty_conversation",
    message: `Session ${runtime.elwoodSessionId} had not taken a prompt yet, so ${adapter.displayName} started its conversation afresh; its loops and launch posture are kept.`,
  });
  return runtime;
}
