// The turns in flight (seeds §5.8): each change the turn owner makes becomes one `turn`
// event, the end of the stream reading it, and the boundary that frees its slot.
import type { SessionContext } from "../context/session-context.js";
import { type ElwoodSessionStatus, isTerminalStatus } from "../contract/status.js";
import { QUIET_WINDOW_MS, type StreamBinding, Turn, type TurnChange } from "./turn.js";

export class OpenTurns {
  readonly #context: SessionContext;
  readonly #open: Turn[] = [];
  /** Failed turns whose slot is held until the agent's real boundary. */
  readonly #awaitingBoundary = new Set<Turn>();
  #newest: Turn | undefined;

  constructor(context: SessionContext) {
    this.#context = context;
  }

  get newest(): Turn | undefined {
    return this.#newest;
  }

  /** A copy: deciding may settle some. */
  get all(): Turn[] {
    return [...this.#open];
  }

  begin(kind: string, text: string, binding: StreamBinding | undefined): Turn {
    const id = (this.#newest?.id ?? 0) + 1;
    const turn = new Turn({ id, kind, text, binding, clock: this.#context.clock });
    turn.onChange((change) => this.#announce(change));
    this.#open.push(turn);
    this.#newest = turn;
    this.#context.events.emit("turn", { kind: "started", turnNumber: id, submission: kind });
    return turn;
  }

  #announce(change: TurnChange): void {
    const { events, status } = this.#context;
    const { turn } = change;
    const turnNumber = turn.id;
    switch (change.kind) {
      case "accepted":
        events.emit("turn", { kind: "accepted", turnNumber, evidence: change.evidence });
        return;
      case "ended": {
        this.#close(turn);
        // Usage and model are absent (not zero) when the transcript reported none.
        const { usage, model } = turn.usage;
        events.emit("turn", {
          kind: "ended",
          turnNumber,
          ...(usage === undefined ? {} : { usage }),
          ...(model === undefined ? {} : { model }),
        });
        turn.stream?.end();
        turn.reachBoundary();
        return;
      }
      case "failed": {
        this.#close(turn);
        // Nothing was typed for a prompt a person's keys held back: no agent turn to await.
        const hasNoAgentTurn = status.isTerminal || change.error.name === "composer_occupied";
        // Held before the status below: its ready is the boundary of a prompt never taken.
        if (!hasNoAgentTurn) this.#awaitingBoundary.add(turn);
        // A prompt the agent never took leaves it idle: `running` would be a lie.
        if (change.error.name === "prompt_not_accepted" && this.#newest === turn) {
          status.apply("prompt_not_accepted", String(change.error.details.rule));
        }
        events.emit("turn", { kind: "failed", turnNumber, error: change.error });
        turn.stream?.fail(change.error);
        if (hasNoAgentTurn) turn.reachBoundary();
        else if (status.status === "ready") this.#drainToBoundary(turn);
      }
    }
  }

  /** A failed turn's boundary: a terminal status, or the agent's next ready (drained). */
  onStatus(status: ElwoodSessionStatus): void {
    for (const turn of this.#awaitingBoundary) {
      if (isTerminalStatus(status)) this.#reachBoundary(turn);
      else if (status === "ready") this.#drainToBoundary(turn);
    }
  }

  // Work that starts during the drain (a prompt taken late) holds the slot until the next ready.
  #drainToBoundary(turn: Turn): void {
    const { clock, status } = this.#context;
    clock.set(() => {
      if (status.status === "ready") this.#reachBoundary(turn);
    }, QUIET_WINDOW_MS);
  }

  #reachBoundary(turn: Turn): void {
    this.#awaitingBoundary.delete(turn);
    turn.reachBoundary();
  }

  #close(turn: Turn): void {
    turn.clearTimers();
    const index = this.#open.indexOf(turn);
    if (index !== -1) this.#open.splice(index, 1);
  }
}
