// The turns in flight (seeds §5.8): each change the turn owner makes becomes one `turn`
// event, the end of the stream reading it, and the boundary that frees its slot.
import type { SessionContext } from "../context/session-context.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import { Turn, type TurnChange } from "./turn.js";
import { QUIET_WINDOW_MS, type StreamBinding, TurnProgress } from "./turn-progress.js";

export class OpenTurns {
  readonly #context: SessionContext;
  readonly #open: TurnProgress[] = [];
  /** Failed turns whose slot is held until the agent's real boundary. */
  readonly #awaitingBoundary = new Set<TurnProgress>();
  #newest: TurnProgress | undefined;

  constructor(context: SessionContext) {
    this.#context = context;
  }

  get newest(): TurnProgress | undefined {
    return this.#newest;
  }

  /** A copy: deciding may settle some. */
  get all(): TurnProgress[] {
    return [...this.#open];
  }

  begin(kind: string, text: string, binding: StreamBinding | undefined): TurnProgress {
    const turn = new Turn({ id: (this.#newest?.turn.id ?? 0) + 1, kind, text });
    const progress = new TurnProgress(turn, binding, this.#context.clock);
    turn.onChange((change) => this.#announce(progress, change));
    this.#open.push(progress);
    this.#newest = progress;
    this.#context.events.emit("turn", { kind: "started", turnNumber: turn.id, submission: kind });
    return progress;
  }

  #announce(progress: TurnProgress, change: TurnChange): void {
    const { events, status } = this.#context;
    const turnNumber = change.turn.id;
    switch (change.kind) {
      case "accepted":
        events.emit("turn", { kind: "accepted", turnNumber, evidence: change.evidence });
        return;
      case "ended": {
        this.#close(progress);
        // Usage and model are absent (not zero) when the transcript reported none.
        const { usage, model } = progress.usage;
        events.emit("turn", {
          kind: "ended",
          turnNumber,
          ...(usage === undefined ? {} : { usage }),
          ...(model === undefined ? {} : { model }),
        });
        progress.stream?.end();
        progress.reachBoundary();
        return;
      }
      case "failed": {
        this.#close(progress);
        // Nothing was typed for a prompt a person's keys held back: no agent turn to await.
        const hasNoAgentTurn = status.isTerminal || change.error.name === "composer_occupied";
        // Held before the status below: its ready is the boundary of a prompt never taken.
        if (!hasNoAgentTurn) this.#awaitingBoundary.add(progress);
        // A prompt the agent never took leaves it idle: `running` would be a lie.
        if (change.error.name === "prompt_not_accepted" && this.#newest === progress) {
          status.apply("prompt_not_accepted", String(change.error.details.rule));
        }
        events.emit("turn", { kind: "failed", turnNumber, error: change.error });
        progress.stream?.fail(change.error);
        if (hasNoAgentTurn) progress.reachBoundary();
        else if (status.status === "ready") this.#drainToBoundary(progress);
      }
    }
  }

  /** A failed turn's boundary: a terminal status, or the agent's next ready (drained). */
  onStatus(status: ElwoodSessionStatus): void {
    for (const progress of this.#awaitingBoundary) {
      if (isTerminalStatus(status)) this.#reachBoundary(progress);
      else if (status === "ready") this.#drainToBoundary(progress);
    }
  }

  // Work that starts during the drain (a prompt taken late) holds the slot until the next ready.
  #drainToBoundary(progress: TurnProgress): void {
    const { clock, status } = this.#context;
    clock.set(() => {
      if (status.status === "ready") this.#reachBoundary(progress);
    }, QUIET_WINDOW_MS);
  }

  #reachBoundary(progress: TurnProgress): void {
    this.#awaitingBoundary.delete(progress);
    progress.reachBoundary();
  }

  #close(progress: TurnProgress): void {
    progress.clearTimers();
    const index = this.#open.indexOf(progress);
    if (index !== -1) this.#open.splice(index, 1);
  }
}
