// The session status machine: starting → running ⇄ ready, blocked from screen facts,
// and four terminal statuses that nothing leaves (api.md "Status model", §1.7).
import {
  type ElwoodSessionStatus,
  type ElwoodStatusDecision,
  type ElwoodStatusEvent,
  isTerminalStatus,
} from "../contract/status.js";
import type { SessionClock } from "./clock.js";

export const STATUS_DECISION_LIMIT = 50;

/** Every piece of evidence the machine weighs; prd/runtime.md prints its decisions from it. */
export const STATUS_EVIDENCE = [
  "started",
  "initial_ready",
  "submitted",
  "prompt_accepted",
  "prompt_not_accepted",
  "turn_completed",
  "submission_abandoned",
  "composer_occupied",
  "turn_blocked_by_hook",
  "screen_working",
  "screen_idle",
  "dialog_visible",
  "dialog_cleared_working",
  "dialog_cleared_idle",
  "exited",
  "stopped",
  "killed",
  "torn_down",
] as const;
export type StatusEvidence = (typeof STATUS_EVIDENCE)[number];

export class StatusMachine {
  #status: ElwoodSessionStatus = "starting";
  #hasBeenReady = false;
  readonly #decisions: ElwoodStatusDecision[] = [];
  #routine: ((change: ElwoodStatusEvent) => void) | undefined;
  readonly #clock: Pick<SessionClock, "now">;

  /** Decisions are stamped with the session's clock. */
  constructor(clock: Pick<SessionClock, "now">) {
    this.#clock = clock;
  }

  /** The one routine run on every change (the runtime's); set once, before the first. */
  onChange(routine: (change: ElwoodStatusEvent) => void): void {
    if (this.#routine !== undefined) throw new Error("The status routine is set once.");
    this.#routine = routine;
  }

  get status(): ElwoodSessionStatus {
    return this.#status;
  }

  get hasBeenReady(): boolean {
    return this.#hasBeenReady;
  }

  get isBlocked(): boolean {
    return this.#status === "blocked";
  }

  get isTerminal(): boolean {
    return isTerminalStatus(this.#status);
  }

  decisions(): readonly ElwoodStatusDecision[] {
    return [...this.#decisions];
  }

  /** Applies one piece of evidence; returns the new status or undefined when ignored. */
  apply(evidence: StatusEvidence, reason: string): ElwoodSessionStatus | undefined {
    const from = this.#status;
    const to = this.#decide(evidence);
    this.#record({ at: this.#clock.now(), evidence, from, to, reason });
    if (to === undefined || to === from) return to;
    this.#status = to;
    if (to === "ready") this.#hasBeenReady = true;
    this.#routine?.({ status: to, previous: from });
    return to;
  }

  #decide(evidence: StatusEvidence): ElwoodSessionStatus | undefined {
    const current = this.#status;
    if (isTerminalStatus(current)) {
      // A more final shutdown still wins over a plain exit or stop (teardown after stop).
      return evidence === "torn_down" && current !== "torn_down" ? "torn_down" : undefined;
    }
    switch (evidence) {
      case "started":
        return current === "starting" ? "running" : undefined;
      case "initial_ready":
        if (this.#hasBeenReady || current === "blocked") return undefined;
        return "ready";
      case "submitted":
      case "prompt_accepted":
      case "screen_working":
      case "turn_blocked_by_hook":
        return current === "blocked" ? undefined : "running";
      case "turn_completed":
      case "submission_abandoned":
      // A due prompt waits behind a person's draft: the agent idles meanwhile.
      case "composer_occupied":
      case "screen_idle":
      // A prompt the agent never took leaves the agent idle: `running` would be a lie.
      case "prompt_not_accepted":
        if (!this.#hasBeenReady || current === "blocked") return undefined;
        return "ready";
      case "dialog_visible":
        return "blocked";
      case "dialog_cleared_working":
        return current === "blocked" ? "running" : undefined;
      case "dialog_cleared_idle":
        // Clearing to ready needs a positive idle composer; before first readiness the
        // initial-ready signal still has to decide.
        if (current !== "blocked") return undefined;
        return this.#hasBeenReady ? "ready" : "running";
      case "exited":
      case "stopped":
      case "killed":
      case "torn_down":
        return evidence;
    }
  }

  #record(decision: ElwoodStatusDecision): void {
    this.#decisions.push(decision);
    if (this.#decisions.length > STATUS_DECISION_LIMIT) this.#decisions.shift();
  }
}
