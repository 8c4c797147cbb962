// One live session owned by the server: the agent's own session class from the registry
// (handlers attached before it starts, so no startup event is missed; `send` is the same
// turn as any library session's), and every public event it emits recorded in its
// SessionEventLog for SSE clients.
import {
  ELWOOD_AGENTS,
  type ElwoodActivityEvent,
  type ElwoodAgentKind,
  type ElwoodAgentSession,
  type ElwoodAgentSessionEvents,
  type ElwoodApproval,
  type ElwoodApprovalAnswer,
  ElwoodApprovals,
  ElwoodError,
  type ElwoodSessionStatus,
  type ElwoodTerminalSize,
  type ElwoodTerminalView,
  type ElwoodTokenUsage,
  type ElwoodUnsubscribe,
  type ImageInput,
  isTerminalStatus,
} from "../index.js";
import { SessionEventLog } from "./event-log.js";
import { hookOutcomeOf } from "./hook-outcome.js";

export interface SessionRequest {
  readonly agent: ElwoodAgentKind;
  readonly cwd: string;
  readonly autotrust: boolean;
  /** An Elwood session id to resume instead of starting fresh. */
  readonly resume: string | undefined;
  /** Launch posture options for the agent (request-fields.ts POSTURE_FIELDS). */
  readonly posture: Readonly<Record<string, unknown>>;
  /** Whether PermissionRequests become pending approvals (true unless turned off). */
  readonly approvals: boolean;
}

/** What every session the server opens shares (from the command line or the embedder). */
export interface SessionDefaults {
  readonly stateDir: string | undefined;
  /** Environment for the agents; the server's own environment when undefined. */
  readonly env: Readonly<Record<string, string | undefined>> | undefined;
  /** How long a pending approval waits for an answer (ServeOptions.approvalExpiryMs). */
  readonly approvalExpiryMs: number;
}

export interface SessionInfo {
  readonly id: string;
  readonly agent: ElwoodAgentKind;
  readonly cwd: string;
  readonly status: ElwoodSessionStatus;
  readonly resumed: boolean;
  readonly startedAt: number;
  readonly size: ElwoodTerminalSize;
  readonly lastEventId: number;
  /** Approvals waiting for an answer (GET …/approvals lists them). */
  readonly pendingApprovals: number;
  /** The session's token usage so far; absent until the transcript reported some. */
  readonly usage?: ElwoodTokenUsage;
}

/** A `send` answer: the turn's text, and its tokens and model when the transcript had them. */
export interface SendAnswer {
  readonly text: string;
  readonly usage?: ElwoodTokenUsage;
  readonly model?: string;
}

type ServedEvents = ElwoodAgentSessionEvents & { hook: { readonly hook_event_name: string } };

interface ServedEventSource {
  on<E extends keyof ServedEvents>(
    event: E,
    handler: (payload: ServedEvents[E]) => void,
  ): ElwoodUnsubscribe;
}

// Each session is the agent's own session class, composed, not subclassed: handlers are
// attached before it starts, so no startup event is missed.
function newSession(
  request: SessionRequest,
  defaults: SessionDefaults,
  approvals: ElwoodApprovals | undefined,
) {
  const options = {
    ...request.posture,
    cwd: request.cwd,
    autotrust: request.autotrust,
    ...(defaults.stateDir === undefined ? {} : { stateDir: defaults.stateDir }),
    ...(defaults.env === undefined ? {} : { env: defaults.env }),
    ...(request.resume === undefined ? {} : { elwoodSessionId: request.resume, resumeOnly: true }),
  };
  const agent = ELWOOD_AGENTS.get(request.agent);
  return agent.createSession({
    ...options,
    ...(approvals && { hooks: approvals.hooksFor(agent) }),
  });
}

type AnySession = ReturnType<typeof newSession>;

export class ServedSession {
  readonly agent: ElwoodAgentKind;
  readonly log: SessionEventLog;
  readonly #session: AnySession;
  readonly #approvals: ElwoodApprovals | undefined;
  readonly #resumed: boolean;
  readonly #startedAt = Date.now();
  readonly #unsubscribes: ElwoodUnsubscribe[];
  readonly #readiness: { hasBeenReady: boolean };
  #closing: Promise<void> | undefined;

  private constructor(parts: {
    readonly request: SessionRequest;
    readonly session: AnySession;
    readonly approvals: ElwoodApprovals | undefined;
    readonly log: SessionEventLog;
    readonly unsubscribes: ElwoodUnsubscribe[];
    readonly readiness: { hasBeenReady: boolean };
  }) {
    this.#readiness = parts.readiness;
    this.#approvals = parts.approvals;
    this.agent = parts.request.agent;
    this.#resumed = parts.request.resume !== undefined;
    this.#session = parts.session;
    this.log = parts.log;
    this.#unsubscribes = parts.unsubscribes;
  }

  /** Starts (or resumes) the agent; events from its first moment are in the log. */
  static async open(request: SessionRequest, defaults: SessionDefaults): Promise<ServedSession> {
    const approvals = request.approvals
      ? new ElwoodApprovals({ expireAfterMs: defaults.approvalExpiryMs })
      : undefined;
    const session = newSession(request, defaults, approvals);
    const log = new SessionEventLog();
    const unsubscribes = recordEvents(session, log);
    if (approvals !== undefined) {
      unsubscribes.push(approvals.on((event) => log.append("approval", event)));
    }
    // The 201 comes while the CLI still starts (status `running`): until its first ready
    // a person's keys are held (startup-key-hold.ts).
    const readiness = { hasBeenReady: false };
    const agentSession: ElwoodAgentSession = session;
    unsubscribes.push(
      agentSession.on("status", (event) => {
        if (event.status === "ready") readiness.hasBeenReady = true;
      }),
    );
    try {
      await session.start();
      return new ServedSession({ request, session, approvals, log, unsubscribes, readiness });
    } catch (error) {
      approvals?.close();
      for (const unsubscribe of unsubscribes) unsubscribe();
      throw error;
    }
  }

  get id(): string {
    return this.#session.elwoodSessionId;
  }

  get status(): ElwoodSessionStatus {
    return this.#session.status;
  }

  /** Whether the session has been ready once since it started (or resumed). */
  get hasBeenReady(): boolean {
    return this.#readiness.hasBeenReady;
  }

  get terminal(): ElwoodTerminalView {
    return this.#session.terminal;
  }

  info(): SessionInfo {
    return {
      id: this.id,
      agent: this.agent,
      cwd: this.#session.cwd,
      status: this.status,
      resumed: this.#resumed,
      startedAt: this.#startedAt,
      size: this.#session.terminal.size,
      lastEventId: this.log.lastId,
      ...(this.#session.usage === undefined ? {} : { usage: this.#session.usage }),
      pendingApprovals: this.#approvals?.pending().length ?? 0,
    };
  }

  /** The approvals waiting for an answer, oldest first (none when approvals are off). */
  approvals(): readonly ElwoodApproval[] {
    return this.#approvals?.pending() ?? [];
  }

  /** Answers one pending approval: first answer wins (approval_settled after). */
  answerApproval(approvalId: string, answer: ElwoodApprovalAnswer): ElwoodApproval {
    if (this.#approvals === undefined) {
      throw new ElwoodError(
        "approval_not_found",
        `Session ${this.id} was started with approvals off; it has no approval ${JSON.stringify(approvalId)}.`,
        { details: { approvalId } },
      );
    }
    return this.#approvals.answer(approvalId, answer);
  }

  /** One turn: resolves with the assistant's text when the agent's turn really ended. */
  async send(text: string, images: readonly ImageInput[] = []): Promise<SendAnswer> {
    this.#assertRunning("send a prompt");
    // The newest turn to end before send() resolves is this one: a turn's `ended` event
    // comes just before its stream ends, and turns end oldest first.
    let answered: { usage?: ElwoodTokenUsage; model?: string } = {};
    const session: ElwoodAgentSession = this.#session;
    const off = session.on("turn", (event) => {
      if (event.kind !== "ended") return;
      const { usage, model } = event;
      answered = {
        ...(usage === undefined ? {} : { usage }),
        ...(model === undefined ? {} : { model }),
      };
    });
    try {
      const answer = await this.#session.send(text, images.length === 0 ? {} : { images });
      return { text: answer, ...answered };
    } finally {
      off();
    }
  }

  sendKeys(input: string | Uint8Array): Promise<void> {
    this.#assertRunning("type keys");
    return this.#session.sendKeys(input);
  }

  interrupt(): Promise<void> {
    this.#assertRunning("interrupt");
    return this.#session.interrupt();
  }

  resize(size: ElwoodTerminalSize): Promise<void> {
    this.#assertRunning("resize");
    return this.#session.resize(size);
  }

  /** Stops the agent (kill as the fallback) and, with `teardown`, removes its state. */
  close(options: { readonly teardown?: boolean } = {}): Promise<void> {
    this.#closing ??= this.#shutDown(options.teardown === true);
    return this.#closing;
  }

  /** Kills the agent's process group at once (the SIGINT path). */
  async kill(): Promise<void> {
    this.#approvals?.close();
    try {
      await this.#session.kill();
    } finally {
      for (const unsubscribe of this.#unsubscribes.splice(0)) unsubscribe();
      this.log.close();
    }
  }

  async #shutDown(teardown: boolean): Promise<void> {
    // Pending approvals settle with no decision first, so no hook waits on a closing session.
    this.#approvals?.close();
    try {
      if (teardown) await this.#session.teardown();
      else await this.#session.close();
    } finally {
      for (const unsubscribe of this.#unsubscribes.splice(0)) unsubscribe();
      this.log.close();
    }
  }

  #assertRunning(action: string): void {
    if (this.#closing === undefined && !isTerminalStatus(this.status)) return;
    throw new ElwoodError(
      "session_not_running",
      `Cannot ${action}: session ${this.id} is ${this.#closing ? "closing" : this.status}. Start or resume a session first.`,
      { details: { elwoodSessionId: this.id, status: this.status } },
    );
  }
}

const TWIN_KINDS: ReadonlySet<string> = new Set(["hook_error", "status", "warning", "lifecycle"]);

// The `hook` event carries the input before the handler runs; the hook activity carries
// the outcome after. They are paired in arrival order per hook name so the log shows one
// row with both.
function recordEvents(agentSession: ElwoodAgentSession, log: SessionEventLog): ElwoodUnsubscribe[] {
  // Both agents' sessions also carry `hook` (each parsed hook input) in their event maps.
  const session = agentSession as unknown as ServedEventSource;
  const pendingInputs = new Map<string, unknown[]>();
  const onActivity = (event: ElwoodActivityEvent) => {
    // Activity twins of events recorded on their own (hookError, status, warning, exit)
    // would show every such moment twice.
    if (TWIN_KINDS.has(event.kind)) return;
    if (event.kind !== "hook") {
      const { raw: _raw, ...summary } = event;
      log.append("activity", summary);
      return;
    }
    const name = event.hookEventName ?? event.label;
    const failedOpen = event.failedOpen === true;
    log.append("hook", {
      hookEventName: name,
      outcome: hookOutcomeOf(event.raw, failedOpen),
      failedOpen,
      decision: event.raw ?? null,
      input: pendingInputs.get(name)?.shift() ?? null,
    });
  };
  return [
    session.on("status", (event) => log.append("status", event)),
    session.on("activity", onActivity),
    session.on("hook", (hook) => {
      const queue = pendingInputs.get(hook.hook_event_name) ?? [];
      queue.push(hook);
      pendingInputs.set(hook.hook_event_name, queue);
    }),
    session.on("hookError", (event) => {
      const { cause: _cause, ...rest } = event;
      log.append("hookError", rest);
    }),
    session.on("warning", (event) => log.append("warning", event)),
    session.on("loop", (event) => log.append("loop", event)),
    session.on("terminal:exit", (event) => log.append("exit", event)),
    // A turn's tokens and the session's running total, for the page (issue 26).
    session.on("turn", (event) => {
      if (event.kind !== "ended" || event.usage === undefined) return;
      const { turnNumber, usage, model } = event;
      log.append("usage", {
        turnNumber,
        usage,
        ...(model === undefined ? {} : { model }),
        ...(agentSession.usage === undefined ? {} : { session: agentSession.usage }),
      });
    }),
  ];
}
