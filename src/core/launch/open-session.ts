// Start and resume, adapter-neutral (lifecycle §1.1, §1.5): a fresh record for a start;
// for a resume the record must exist, belong to this adapter and hold the agent's own
// conversation id, and the persisted posture is the default that explicit options
// override field by field (then re-persisted). Never a silent fresh conversation.

import type { z } from "zod";
import type { HookEventBase } from "../../bridge/catalogue.js";
import { ElwoodError } from "../../errors.js";
import type { LoopDefinition } from "../../state/loop-sidecar.js";
import { describeIssues } from "../../state/parse-state.js";
import type { SessionRecord } from "../../state/record.js";
import { StateStore } from "../../state/state-store.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type { SessionRuntime } from "../runtime/runtime.js";
import type { NormalizedCommonOptions } from "./common-options.js";
import { launchSession } from "./launcher.js";

export interface OpenSessionRequest<Options, Handlers, Event extends HookEventBase, Posture> {
  readonly adapter: AgentAdapter<Options, Handlers, Event, Posture>;
  readonly common: NormalizedCommonOptions;
  readonly launchOptions: Options;
  readonly postureOverrides: Posture;
  readonly hooks: Handlers | undefined;
  /** The session's Elwood id: fresh for a start (chosen by the caller), stored for a resume. */
  readonly elwoodSessionId: string;
  /** Sees the runtime as soon as it exists, before its first event (early listeners). */
  readonly observe?: (runtime: SessionRuntime<Event>) => void;
}

/** Why a start is standing in for a resume that startOrResume* could not do. */
export interface ReplacedSession {
  readonly elwoodSessionId: string;
  readonly reason: "state_not_found" | "resume_unavailable" | "adapter_mismatch";
}

export async function startAgentSession<Options, Handlers, Event extends HookEventBase, Posture>(
  request: OpenSessionRequest<Options, Handlers, Event, Posture>,
  replacing?: ReplacedSession,
): Promise<SessionRuntime<Event>> {
  const store = await StateStore.open(storeLocation(request.common));
  const record: SessionRecord<Posture> = {
    schemaVersion: 1,
    elwoodSessionId: request.elwoodSessionId,
    adapter: request.adapter.agent,
    cwd: store.cwd,
    resume: { posture: request.postureOverrides },
  };
  const launched = await launch(request, store, record, false).catch(async (error: unknown) => {
    // A failed fresh start leaves nothing behind: its record would resume nothing.
    await store.removeSession(request.adapter.agent, record.elwoodSessionId).catch(() => undefined);
    throw error;
  });
  queuePersona(launched, request.common.persona);
  if (replacing !== undefined)
    warnNewConversation(launched, replacing, request.adapter.displayName);
  return launched;
}

// startOrResume* fell back to a start: say so on the new session, after start resolves
// so a caller subscribing right after `await` sees it (prd/decisions.md).
function warnNewConversation<Event extends HookEventBase>(
  runtime: SessionRuntime<Event>,
  replacing: ReplacedSession,
  displayName: string,
): void {
  const { elwoodSessionId } = runtime;
  const { events } = runtime.context;
  setImmediate(() => {
    events.emitWarning({
      source: "lifecycle",
      code: "started_new_conversation",
      message: `Session ${replacing.elwoodSessionId} could not be resumed (${replacing.reason}), so ${displayName} started a new conversation as session ${elwoodSessionId}.`,
      previousElwoodSessionId: replacing.elwoodSessionId,
      reason: replacing.reason,
    });
  });
}

export async function resumeAgentSession<Options, Handlers, Event extends HookEventBase, Posture>(
  request: OpenSessionRequest<Options, Handlers, Event, Posture>,
): Promise<SessionRuntime<Event>> {
  const store = await StateStore.open(storeLocation(request.common));
  const stored = await store.readRecord(request.elwoodSessionId);
  const agent = request.adapter.agent;
  if (stored.adapter !== agent) {
    throw new ElwoodError(
      "adapter_mismatch",
      `Session ${request.elwoodSessionId} belongs to ${stored.adapter}, not ${agent}; resume it with the ${stored.adapter} entry point.`,
      {
        details: {
          elwoodSessionId: request.elwoodSessionId,
          recordAdapter: stored.adapter,
          requestedAdapter: agent,
        },
      },
    );
  }
  const agentSessionId = stored.resume.agentSessionId;
  if (agentSessionId === undefined) {
    throw new ElwoodError(
      "resume_unavailable",
      `Session ${request.elwoodSessionId} never recorded ${request.adapter.displayName}'s own conversation id, so it cannot be resumed; start a new session instead.`,
      { details: { elwoodSessionId: request.elwoodSessionId } },
    );
  }
  // The sidecar is validated before anything spawns: a corrupt one fails the resume with
  // state_corrupt and no loop is ever restored or submitted (§8.2, C-LOOP-21).
  const loops = await store.readLoops(request.elwoodSessionId);
  const posture = request.adapter.posture.safeParse({
    ...storedPosture(request, stored),
    ...request.postureOverrides,
  });
  if (!posture.success) throw corruptPosture(request.elwoodSessionId, posture.error);
  const record: SessionRecord<Posture> = {
    ...stored,
    resume: { agentSessionId, posture: posture.data },
  };
  return launch(request, store, record, true, loops);
}

// The envelope was read agent-neutrally; the posture is this adapter's to validate.
function storedPosture<Posture>(
  request: { readonly adapter: { readonly posture: z.ZodType<Posture> } },
  stored: SessionRecord,
): Posture {
  const parsed = request.adapter.posture.safeParse(stored.resume.posture);
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

function storeLocation(common: NormalizedCommonOptions) {
  return common.stateDir === undefined
    ? { cwd: common.cwd }
    : { cwd: common.cwd, stateDir: common.stateDir };
}

function launch<Options, Handlers, Event extends HookEventBase, Posture>(
  request: OpenSessionRequest<Options, Handlers, Event, Posture>,
  store: StateStore,
  record: SessionRecord<Posture>,
  isResume: boolean,
  loops: readonly LoopDefinition[] = [],
): Promise<SessionRuntime<Event>> {
  const { common } = request;
  return launchSession({
    adapter: request.adapter,
    options: request.launchOptions,
    getHandlers: () => request.hooks,
    store,
    record,
    isResume,
    autotrust: common.autotrust,
    hookTimeoutMs: common.hookTimeoutMs,
    strictVersionCheck: common.strictVersionCheck,
    autoupdate: common.autoupdate,
    requestedSize: common.initialSize,
    executable: common.executable,
    env: common.env,
    loops,
    ...(request.observe === undefined ? {} : { observe: request.observe }),
  });
}

// The persona is the first message at first readiness; never persisted, never re-sent.
function queuePersona<Event extends HookEventBase>(
  runtime: SessionRuntime<Event>,
  persona: string | undefined,
): void {
  if (persona === undefined) return;
  runtime.turns.submit("message", persona).catch(() => {
    // A session that ends before it is ever ready drops the persona silently.
  });
}
