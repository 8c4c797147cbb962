// What hooks mean for the session, per the adapter's signal names: the agent's own
// conversation id (persisted for resume), the transcript to follow, first readiness,
// prompt acceptance, and the end of a turn (after the transcript caught up, and only for
// the newest submission: a Stop never completes a submission sent after it).
import type { HookEventBase } from "../../bridge/catalogue.js";
import type { HookOutcome } from "../../bridge/outcome.js";
import { hasConversationOnDisk } from "../../transcript/conversation-evidence.js";
import type { SessionEvents } from "../context/session-events.js";
import type { StatusMachine } from "../context/status-machine.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type { StatePort, TranscriptPort } from "../contract/ports.js";
import type { TurnLedger } from "../turn/ledger.js";
import type { InitialReadiness } from "./readiness.js";
import { errorCodeOf, isBlockingReply } from "./runtime-support.js";

export interface AgentSignalParts<Event extends HookEventBase> {
  readonly adapter: Pick<AgentAdapter<unknown, unknown, Event>, "signals" | "agentSessionIdOf">;
  readonly events: SessionEvents;
  readonly transcript: TranscriptPort;
  readonly state: StatePort;
  readonly status: StatusMachine;
  readonly turn: TurnLedger;
  readonly readiness: () => InitialReadiness;
  /** The turn-end hook's expected final text, for the ergonomic turn in flight. */
  readonly onTurnEndText: (text: string) => void;
}

/** The agent's conversation id as announced, and where its transcript will be. */
interface AnnouncedConversation {
  readonly id: string;
  readonly transcriptPath: string | undefined;
}

export class AgentSignals<Event extends HookEventBase> {
  readonly #parts: AgentSignalParts<Event>;
  #agentSessionId: string | undefined;
  #announced: AnnouncedConversation | undefined;
  #persistedId: string | undefined;
  #inFlight: Promise<void> | undefined;
  #isRecheckWanted = false;

  constructor(parts: AgentSignalParts<Event>) {
    this.#parts = parts;
  }

  get agentSessionId(): string | undefined {
    return this.#agentSessionId;
  }

  /** A validated hook event, before its handler runs. */
  onHook(event: Event): void {
    const { adapter, events, transcript, status, turn } = this.#parts;
    events.emitHook(event.hook_event_name, event);
    const transcriptPath = event.transcript_path;
    if (typeof transcriptPath === "string" && transcriptPath.length > 0)
      transcript.follow(transcriptPath);
    const name = event.hook_event_name;
    const { signals } = adapter;
    if (name === signals.permissionRequestHook) turn.decidedPermission.noteRequested();
    if (name === signals.sessionStartHook) {
      this.#parts.readiness().onSessionStart();
      this.#announce(
        adapter.agentSessionIdOf(event),
        signals.conversationExistsAtSessionStart === true ? undefined : transcriptPath,
      );
    }
    // Every later hook re-checks until the conversation is on disk (a prompt was taken).
    this.#persistOnceConversationExists();
    if (signals.initialReadyHooks.includes(name)) this.#parts.readiness().onReadyHook(name);
    const endsTurn = name === signals.turnEndHook || name === signals.turnFailedHook;
    if (name === signals.promptAcceptedHook || endsTurn) turn.noteTurnHook();
    if (name === signals.promptAcceptedHook) {
      turn.accept(`${name} hook`, signals.acceptedPromptOf(event));
      if (status.hasBeenReady) status.apply("prompt_accepted", `${name} hook`);
    }
    if (endsTurn) {
      // Accepted before the handler runs: a Stop handler that submits a prompt must not
      // wait behind a delivery that only this Stop proves (api.md: no deadlock).
      turn.accept(`${name} hook`);
      // A failed turn has no final text to wait for.
      const expected = name === signals.turnEndHook ? signals.turnEndTextOf(event) : "";
      if (expected !== undefined) this.#parts.onTurnEndText(expected);
    }
  }

  /** Every dispatch outcome, after its handler settled. */
  onOutcome(outcome: HookOutcome): void {
    const { adapter, events, transcript, status, turn } = this.#parts;
    events.emitHookResult(outcome);
    const { permissionRequestHook } = adapter.signals;
    if (outcome.hookEventName === permissionRequestHook && outcome.reply !== undefined) {
      turn.decidedPermission.noteDecided();
    }
    const { turnEndHook, turnFailedHook } = adapter.signals;
    if (outcome.hookEventName !== turnEndHook && outcome.hookEventName !== turnFailedHook) return;
    turn.accept(`${outcome.hookEventName} hook`);
    if (isBlockingReply(outcome.reply)) {
      status.apply("turn_blocked_by_hook", "turn-end hook asked the agent to continue");
      return;
    }
    const generation = turn.generation;
    // The transcript now holds this turn, so the conversation id can be recorded; ready
    // waits for that write, so a parent that dies any time after a completed turn (even
    // inside stop()) leaves a record that resumes (prd/decisions.md).
    void transcript
      .catchUp()
      .then(() => this.settleRecording())
      .finally(() => {
        if (!this.#parts.readiness().isDone || generation !== turn.generation) return;
        turn.endTurn();
        status.apply("turn_completed", "turn-end hook");
      });
  }

  /**
   * A record read from the transcript: the conversation is on disk now. Claude may flush
   * its transcript only after a hook has fired, and the next hook can be a long tool run
   * away, so this look records the id without waiting for it.
   */
  onTranscriptRecord(): void {
    this.#persistOnceConversationExists();
  }

  #announce(id: string | undefined, transcriptPath: unknown): void {
    if (id === undefined) return;
    this.#agentSessionId = id;
    const path =
      typeof transcriptPath === "string" && transcriptPath.length > 0 ? transcriptPath : undefined;
    this.#announced = { id, transcriptPath: path };
  }

  // The id is recorded only once a resume could find the conversation: a record that
  // names a conversation the CLI never wrote could be neither resumed nor replaced by
  // startOrResume* (prd/decisions.md "When a conversation id is recorded").
  #persistOnceConversationExists(): void {
    const announced = this.#announced;
    if (announced === undefined || announced.id === this.#persistedId) return;
    if (this.#inFlight !== undefined) {
      // A hook that arrives mid-check may be the one after the write: look again after.
      this.#isRecheckWanted = true;
      return;
    }
    this.#isRecheckWanted = false;
    const evidence =
      announced.transcriptPath === undefined
        ? Promise.resolve(true)
        : hasConversationOnDisk(announced.transcriptPath);
    this.#inFlight = evidence
      .then(async (exists) => {
        if (exists && this.#announced === announced) await this.#persist(announced.id);
      })
      .finally(() => {
        this.#inFlight = undefined;
        if (this.#isRecheckWanted) this.#persistOnceConversationExists();
      });
  }

  /**
   * One last look, then waits for any check and record write in flight: shutdown awaits
   * this so a caller resuming right after stop() finds the id on disk.
   */
  async settleRecording(): Promise<void> {
    this.#persistOnceConversationExists();
    while (this.#inFlight !== undefined) await this.#inFlight;
  }

  async #persist(id: string): Promise<void> {
    this.#persistedId = id;
    await this.#parts.state.persistAgentSessionId(id).catch((error: unknown) => {
      this.#persistedId = undefined;
      this.#parts.events.emitWarning({
        source: "lifecycle",
        code: "record_update_failed",
        message: "Could not record the agent's conversation id; resume may be unavailable.",
        errorCode: errorCodeOf(error),
      });
    });
  }
}
