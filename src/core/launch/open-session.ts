// Start and resume, adapter-neutral (lifecycle §1.1, §1.5): a fresh record for a start;
// for a resume the record must exist, equal its trusted copy, belong to this adapter and
// hold the agent's own conversation id, and the persisted posture is the default that
// explicit options override field by field (then re-persisted). Never a silent fresh
// conversation, never a looser launch: a record whose conversation never took a prompt
// relaunches it empty, under the id it was launched with, and says so; one the CLI did
// write before the parent died is resumed (prd/decisions.md "An empty conversation
// resumes").

import type { z } from "zod";
import type { HookEventBase } from "../../bridge/catalogue.js";
import { ElwoodError } from "../../errors.js";
import { describeIssues } from "../../state/parse-state.js";
import type { SessionRecord } from "../../state/record.js";
import { StateStore } from "../../state/state-store.js";
import type { AgentAdapter, LaunchedConversationState } from "../contract/adapter.js";
import type { ElwoodWarningInput } from "../contract/warnings.js";
import type { SessionRuntime } from "../runtime/runtime.js";
import { launchSession } from "./launcher.js";
import type { SessionConfig } from "./session-options.js";

/** Sees the runtime as soon as it exists, before its first event (early listeners). */
export type RuntimeObserver<Event extends HookEventBase> = (runtime: SessionRuntime<Event>) => void;

/** Why a start is standing in for a resume that startOrResume* could not do. */
export interface ReplacedSession {
  readonly elwoodSessionId: string;
  readonly reason: "state_not_found" | "resume_unavailable" | "adapter_mismatch";
}

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
  queuePersona(launched, config.persona);
  if (replacing !== undefined) warnNewConversation(launched, replacing, adapter.displayName);
  return launched;
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

// startOrResume* fell back to a start.
function warnNewConversation<Event extends HookEventBase>(
  runtime: SessionRuntime<Event>,
  replacing: ReplacedSession,
  displayName: string,
): void {
  warnWhenOpened(runtime, {
    source: "lifecycle",
    code: "started_new_conversation",
    message: `Session ${replacing.elwoodSessionId} could not be resumed (${replacing.reason}), so ${displayName} started a new conversation as session ${runtime.elwoodSessionId}.`,
    previousElwoodSessionId: replacing.elwoodSessionId,
    reason: replacing.reason,
  });
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
      {
        details: {
          elwoodSessionId: elwoodSessionId,
          recordAdapter: stored.adapter,
          requestedAdapter: agent,
        },
      },
    );
  }
  const { agentSessionId, launched } = stored.resume;
  if (agentSessionId === undefined && launched === undefined) {
    throw new ElwoodError(
      "resume_unavailable",
      `Session ${elwoodSessionId} never recorded ${adapter.displayName}'s own conversation id, so it cannot be resumed; start a new session instead.`,
      { details: { elwoodSessionId: elwoodSessionId } },
    );
  }
  const posture = adapter.posture.safeParse({
    ...storedPosture(adapter, stored),
    ...config.posture,
  });
  if (!posture.success) throw corruptPosture(elwoodSessionId, posture.error);
  const left =
    agentSessionId === undefined
      ? await launchedConversation(adapter, launched, config)
      : undefined;
  const takenId = agentSessionId ?? (left?.state === "written" ? left.id : undefined);
  if (takenId === undefined) {
    // No prompt was ever taken: nothing of the conversation exists to lose or to claim.
    // Relaunch it empty (Claude under the id it was launched with, or under a new one when
    // the CLI had created its file already), loops and posture kept.
    const relaunched =
      left?.state === "empty" && adapter.newConversationId !== undefined
        ? { agentSessionId: adapter.newConversationId() }
        : (launched ?? {});
    const record: SessionRecord<Posture> = {
      ...stored,
      resume: { launched: relaunched, posture: posture.data },
    };
    const runtime = await launchSession({
      adapter,
      config,
      store,
      record,
      isResume: false,
      loops,
      observe,
    });
    warnEmptyConversation(runtime, adapter.displayName);
    return runtime;
  }
  const record: SessionRecord<Posture> = {
    ...stored,
    resume: { agentSessionId: takenId, posture: posture.data },
  };
  return launchSession({ adapter, config, store, record, isResume: true, loops, observe });
}

// A record with only the launched id may still name a conversation the CLI wrote, or at
// least created: the parent died after the prompt was taken and before the record said so.
async function launchedConversation<Posture>(
  adapter: Pick<
    AgentAdapter<unknown, unknown, HookEventBase, Posture>,
    "launchedConversationState"
  >,
  launched: { readonly agentSessionId?: string } | undefined,
  config: { readonly env: Readonly<Record<string, string | undefined>> },
): Promise<{ readonly id: string; readonly state: LaunchedConversationState } | undefined> {
  const id = launched?.agentSessionId;
  if (id === undefined || adapter.launchedConversationState === undefined) return undefined;
  return { id, state: await adapter.launchedConversationState(id, config.env) };
}

// resume* of a conversation that never took a prompt: nothing was restored but the session.
function warnEmptyConversation<Event extends HookEventBase>(
  runtime: SessionRuntime<Event>,
  displayName: string,
): void {
  warnWhenOpened(runtime, {
    source: "lifecycle",
    code: "resumed_empty_conversation",
    message: `Session ${runtime.elwoodSessionId} had not taken a prompt yet, so ${displayName} started its conversation afresh; its loops and launch posture are kept.`,
  });
}

// The envelope was read agent-neutrally; the posture is this adapter's to validate.
function storedPosture<Posture>(
  adapter: { readonly posture: z.ZodType<Posture> },
  stored: SessionRecord,
): Posture {
  const parsed = adapter.posture.safeParse(stored.resume.posture);
  if (!parsed.success) throw corruptPosture(stored.elwoodSessionId, parsed.error);
  return parsed.data;
}

function corruptPosture(elwoodSessionId: string, error: z.ZodError): ElwoodError {
  return new ElwoodError(
    "state_corrupt",
    `Session ${elwoodSessionId} has a launch posture this agent does not accept (${describeIssues(error)}); remove the session with teardown and start a new one.`,
    { details: { elwoodSessionId } },
  );
}

// The persona is the first message at first readiness; never persisted, never re-sent.
function queuePersona<Event extends HookEventBase>(
  runtime: SessionRuntime<Event>,
  persona: string | undefined,
): void {
  if (persona === undefined) return;
  runtime.submissions.submit("message", persona).catch(() => {
    // A session that ends before it is ever ready drops the persona silently.
  });
}
