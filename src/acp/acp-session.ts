// One ACP session: one Elwood session of the chosen agent, started lazily on the first
// prompt (in the session's cwd), or resumed by its Elwood id. A prompt is one turn whose
// stream becomes session/update notifications; session/cancel rejects open permission
// requests and interrupts the turn; a mode change relaunches the CLI on the same
// conversation with the mode's posture. One prompt at a time: a second is refused.
import type {
  AgentContext,
  ContentBlock,
  PromptResponse,
  SessionModeState,
  SessionUpdate,
} from "@agentclientprotocol/sdk";
import {
  type ElwoodApproval,
  ElwoodApprovals,
  type ElwoodTokenUsage,
  isTerminalStatus,
} from "../index.js";
import {
  type AcpAgentKind,
  type AcpAgentSession,
  type AcpMode,
  modeOfPosture,
} from "./agent-kinds.js";
import { acpError } from "./errors.js";
import { PermissionBridge } from "./permissions.js";
import { promptInput } from "./prompt-content.js";
import { commandOf, filesOf } from "./tool-calls.js";
import { pieceOfStreamEvent, ToolCallTracker } from "./updates.js";

/** An editor's user answers when they can; the CLI's own dialog after this long. */
export const ACP_APPROVAL_EXPIRY_MS = 60 * 60_000;
/** How long a permission request waits for its tool call to show in the transcript. */
const TOOL_CALL_WAIT_MS = 1_500;
/** Escape is sent again when the CLI is not back at its composer this long after one. */
const INTERRUPT_ATTEMPT_MS = 5_000;
const INTERRUPT_ATTEMPTS = 6;
const STOP_TIMEOUT_MS = 10_000;

export interface AcpSessionConfig {
  readonly kind: AcpAgentKind;
  readonly elwoodSessionId: string | undefined;
  readonly cwd: string;
  /** Options every start and resume takes: stateDir, env, autotrust, model… */
  readonly options: Readonly<Record<string, unknown>>;
  readonly posture: Readonly<Record<string, string>>;
}

interface Turn {
  cancelled: boolean;
  readonly cancel: Promise<"cancelled">;
  readonly fireCancel: () => void;
}

export class AcpSession {
  readonly #config: AcpSessionConfig;
  readonly #tracker: ToolCallTracker;
  readonly #toolCallWaiters = new Set<() => void>();
  #approvals: ElwoodApprovals;
  #permissions: PermissionBridge;
  #session: AcpAgentSession;
  #posture: Readonly<Record<string, string>>;
  #resumeId: string | undefined;
  #client: AgentContext | undefined;
  #turn: Turn | undefined;
  #closing: Promise<void> | undefined;
  #releaseLock: (() => Promise<void>) | undefined;

  constructor(config: AcpSessionConfig) {
    this.#config = config;
    this.#posture = config.posture;
    this.#resumeId = config.elwoodSessionId;
    this.#tracker = new ToolCallTracker(config.cwd);
    this.#approvals = new ElwoodApprovals({ expireAfterMs: ACP_APPROVAL_EXPIRY_MS });
    this.#permissions = this.#bridge(this.#approvals);
    this.#session = this.#newSession();
  }

  get id(): string {
    return this.#session.elwoodSessionId;
  }

  get cwd(): string {
    return this.#config.cwd;
  }

  /** Keeps the session's one-owner lock (taken by the caller) until close. */
  holdLock(release: () => Promise<void>): void {
    this.#releaseLock = release;
  }

  /** The modes offered and the current one (a posture no mode names is listed as its own). */
  modeState(): SessionModeState {
    const current = this.#currentMode();
    const listed = this.#config.kind.modes.some((mode) => mode.id === current.id)
      ? this.#config.kind.modes
      : [current, ...this.#config.kind.modes];
    return {
      currentModeId: current.id,
      availableModes: listed.map(({ id, name, description }) => ({ id, name, description })),
    };
  }

  /** Sends the client updates for this session (replay on load, the turn's content). */
  async notify(client: AgentContext, update: SessionUpdate): Promise<void> {
    await client.notify("session/update", { sessionId: this.id, update });
  }

  async prompt(blocks: readonly ContentBlock[], client: AgentContext): Promise<PromptResponse> {
    if (this.#closing !== undefined)
      throw acpError("session_not_found", `Session ${this.id} is closed.`);
    if (this.#turn !== undefined) {
      throw acpError(
        "prompt_in_progress",
        `Session ${this.id} is already running a prompt; wait for its response or send session/cancel.`,
      );
    }
    const input = promptInput(blocks);
    let fireCancel = (): void => undefined;
    const cancel = new Promise<"cancelled">((resolve) => {
      fireCancel = () => resolve("cancelled");
    });
    const turn: Turn = { cancelled: false, cancel, fireCancel };
    this.#turn = turn;
    this.#client = client;
    try {
      return await this.#runTurn(turn, input, client);
    } finally {
      this.#turn = undefined;
    }
  }

  /** session/cancel: rejects open permission requests and interrupts the running turn. */
  cancel(): void {
    const turn = this.#turn;
    if (turn === undefined || turn.cancelled) return;
    turn.cancelled = true;
    this.#permissions.rejectPending();
    turn.fireCancel();
  }

  /** session/set_mode: the mode's posture from the next launch; a live CLI is relaunched. */
  async setMode(modeId: string): Promise<void> {
    const mode = this.#config.kind.modes.find((candidate) => candidate.id === modeId);
    if (mode === undefined) {
      const ids = this.#config.kind.modes.map((candidate) => candidate.id).join(", ");
      throw acpError(
        "invalid_options",
        `Unknown mode ${JSON.stringify(modeId)}; the modes are ${ids}.`,
      );
    }
    if (this.#turn !== undefined) {
      throw acpError(
        "prompt_in_progress",
        "The mode changes between prompts; cancel or wait for the running one.",
      );
    }
    if (mode.id === this.#currentMode().id) return;
    const wasStarted = this.#session.status !== "starting";
    if (wasStarted) {
      await this.#stopSession();
      this.#resumeId = this.id;
    }
    this.#posture = mode.posture;
    this.#replaceSession();
  }

  /** Ends the session: pending approvals cancelled, the CLI stopped (killed if it hangs). */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.cancel();
      this.#permissions.close();
      await this.#stopSession();
      await this.#releaseLock?.();
    })();
    return this.#closing;
  }

  async #runTurn(
    turn: Turn,
    input: ReturnType<typeof promptInput>,
    client: AgentContext,
  ): Promise<PromptResponse> {
    const session = await this.#live();
    const started = await Promise.race([
      session.start().then(() => "started" as const),
      turn.cancel,
    ]);
    if (started === "cancelled") return { stopReason: "cancelled" };
    let ended: { usage?: ElwoodTokenUsage; model?: string } = {};
    const offTurn = session.on("turn", (event) => {
      if (event.kind !== "ended") return;
      ended = {
        ...(event.usage === undefined ? {} : { usage: event.usage }),
        ...(event.model === undefined ? {} : { model: event.model }),
      };
    });
    const iterator = session
      .stream(input.text, input.images.length > 0 ? { images: input.images } : {})
      [Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await Promise.race([iterator.next(), turn.cancel]);
        if (next === "cancelled" || next.done === true) break;
        const piece = pieceOfStreamEvent(next.value);
        for (const update of this.#tracker.updatesFor(piece)) await this.notify(client, update);
        if (piece.kind === "tool_call") for (const wake of this.#toolCallWaiters) wake();
      }
    } catch (error) {
      if (!turn.cancelled) throw error;
    } finally {
      offTurn();
    }
    if (turn.cancelled) {
      // The stream's pending read settles when the interrupted turn ends; nobody waits on it.
      void iterator.return?.().catch(() => undefined);
      await interruptUntilReady(session);
      return { stopReason: "cancelled" };
    }
    const usage = ended.usage ?? undefined;
    return {
      stopReason: "end_turn",
      _meta: {
        elwood: {
          elwoodSessionId: this.id,
          ...(usage && { usage }),
          ...(ended.model && { model: ended.model }),
        },
      },
    };
  }

  // The session to prompt: a CLI that exited is relaunched on the same conversation.
  async #live(): Promise<AcpAgentSession> {
    if (isTerminalStatus(this.#session.status)) {
      await this.#stopSession();
      this.#resumeId = this.id;
      this.#replaceSession();
    }
    return this.#session;
  }

  #currentMode(): AcpMode {
    const kind = this.#config.kind;
    return (
      modeOfPosture(kind, this.#posture) ?? {
        id: "configured",
        name: "Configured",
        description: `As configured: ${kind.postureKeys.map((key) => `${key} ${this.#posture[key] ?? "default"}`).join(", ")}.`,
        posture: this.#posture,
      }
    );
  }

  #newSession(): AcpAgentSession {
    const resume =
      this.#resumeId === undefined ? {} : { elwoodSessionId: this.#resumeId, resumeOnly: true };
    return this.#config.kind.create(
      { ...this.#config.options, ...this.#posture, cwd: this.#config.cwd, ...resume },
      this.#approvals,
    );
  }

  #replaceSession(): void {
    this.#permissions.close();
    this.#approvals = new ElwoodApprovals({ expireAfterMs: ACP_APPROVAL_EXPIRY_MS });
    this.#permissions = this.#bridge(this.#approvals);
    this.#session = this.#newSession();
  }

  async #stopSession(): Promise<void> {
    // Both are no-ops for a session never started (lazy); kill() if stop() hangs.
    const session = this.#session;
    const stopped = session.stop().then(
      () => true,
      () => false,
    );
    const timedOut = new Promise<false>((resolve) => {
      setTimeout(() => resolve(false), STOP_TIMEOUT_MS).unref();
    });
    if (!(await Promise.race([stopped, timedOut]))) await session.kill().catch(() => undefined);
  }

  #bridge(approvals: ElwoodApprovals): PermissionBridge {
    return new PermissionBridge(approvals, {
      sessionId: () => this.id,
      cwd: this.#config.cwd,
      client: () => this.#client,
      toolCallIdFor: (approval) => this.#toolCallIdFor(approval),
      onRejected: (toolCallId) => this.#tracker.markRejected(toolCallId),
    });
  }

  // The permission hook can come before the transcript shows the call: wait briefly for it,
  // then announce the request under an id the call keeps when it shows (ToolCallTracker).
  async #toolCallIdFor(approval: ElwoodApproval): Promise<string> {
    const open = this.#tracker.newestOpen();
    if (open !== undefined) return open.id;
    await new Promise<void>((resolve) => {
      const wake = (): void => {
        this.#toolCallWaiters.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(wake, TOOL_CALL_WAIT_MS);
      this.#toolCallWaiters.add(wake);
    });
    const shown = this.#tracker.newestOpen();
    if (shown !== undefined) return shown.id;
    const id = `elwood-permission-${approval.id}`;
    this.#tracker.reserve(id, approvalMatcher(approval));
    return id;
  }
}

// One Escape can land while the TUI is not listening for it (seen with Claude mid-stream):
// each attempt that times out sends another, up to 30 s in all.
async function interruptUntilReady(session: AcpAgentSession): Promise<void> {
  for (let attempt = 1; attempt <= INTERRUPT_ATTEMPTS; attempt += 1) {
    const done = await session.interrupt({ timeoutMs: INTERRUPT_ATTEMPT_MS }).then(
      () => true,
      () => false,
    );
    if (done || isTerminalStatus(session.status)) return;
  }
}

/** Which tool call an approval is about: the same command line, the same file, or tool. */
function approvalMatcher(approval: ElwoodApproval): (name: string, input: unknown) => boolean {
  const detail = approval.detail;
  if (detail.kind === "command") return (_name, input) => commandOf(input) === detail.command;
  if (detail.kind === "edit" && detail.filePath !== undefined) {
    const file = detail.filePath;
    return (_name, input) => filesOf(input).includes(file);
  }
  return (name) => name === approval.toolName;
}
