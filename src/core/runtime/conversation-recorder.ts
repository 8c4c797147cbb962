// The agent's own conversation id, announced by the session-start hook and written to the
// record only once a resume could find it (prd/decisions.md "When a conversation id…").
import type { HookEventBase } from "../../bridge/catalogue.js";
import { hasConversationOnDisk } from "../../transcript/conversation-evidence.js";
import type { SessionEvents } from "../context/session-events.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type { StatePort } from "../contract/ports.js";
import { errorCodeOf } from "./runtime-support.js";

interface RecorderOptions<Event extends HookEventBase> {
  readonly adapter: Pick<AgentAdapter<unknown, unknown, Event>, "signals" | "agentSessionIdOf">;
  readonly events: SessionEvents;
  readonly state: StatePort;
}

export class ConversationRecorder<Event extends HookEventBase> {
  readonly #options: RecorderOptions<Event>;
  #agentSessionId: string | undefined;
  /** The conversation id as announced, and where its transcript will be. */
  #announced: { readonly id: string; readonly transcriptPath: string | undefined } | undefined;
  #persistedId: string | undefined;
  #inFlight: Promise<void> | undefined;
  #isRecheckWanted = false;

  constructor(options: RecorderOptions<Event>) {
    this.#options = options;
  }

  get agentSessionId(): string | undefined {
    return this.#agentSessionId;
  }

  /** Every hook: the session-start hook announces the id; every hook re-checks the disk. */
  onHook(event: Event): void {
    const { signals } = this.#options.adapter;
    if (event.hook_event_name === signals.sessionStartHook) {
      const id = this.#options.adapter.agentSessionIdOf(event);
      const path = event.transcript_path;
      if (id !== undefined) {
        this.#agentSessionId = id;
        const onDisk = signals.conversationExistsAtSessionStart === true;
        this.#announced = {
          id,
          transcriptPath: !onDisk && typeof path === "string" && path.length > 0 ? path : undefined,
        };
      }
    }
    // Every later hook re-checks until the conversation is on disk (a prompt was taken).
    this.#persistOnceConversationExists();
  }

  /**
   * A record read from the transcript: the conversation is on disk now. Claude may flush
   * its transcript only after a hook has fired, and the next hook can be a long tool run
   * away, so this look records the id without waiting for it.
   */
  onTranscriptRecord(): void {
    this.#persistOnceConversationExists();
  }

  /**
   * One last look, then waits for any check and record write in flight: a turn's ready and
   * shutdown await this, so a caller resuming right after finds the id on disk.
   */
  async settle(): Promise<void> {
    this.#persistOnceConversationExists();
    while (this.#inFlight !== undefined) await this.#inFlight;
  }

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
        : hasConversationOnDisk(
            announced.transcriptPath,
            this.#options.adapter.signals.isConversationRecord,
          );
    this.#inFlight = evidence
      .then(async (exists) => {
        if (exists && this.#announced === announced) await this.#persist(announced.id);
      })
      .finally(() => {
        this.#inFlight = undefined;
        if (this.#isRecheckWanted) this.#persistOnceConversationExists();
      });
  }

  async #persist(id: string): Promise<void> {
    this.#persistedId = id;
    await this.#options.state.persistAgentSessionId(id).catch((error: unknown) => {
      this.#persistedId = undefined;
      this.#options.events.emitWarning({
        source: "lifecycle",
        code: "record_update_failed",
        message: "Could not record the agent's conversation id; resume may be unavailable.",
        errorCode: errorCodeOf(error),
      });
    });
  }
}
