// The loop timing rules as a pure state machine over the session's clock (§5.9,
// C-LOOP-05…09, 12, 13). It holds no session: the service tells it about readiness,
// activity and submissions, and it calls back when a loop is due or expired.
import type { LoopDefinition } from "../../state/loop-sidecar.js";
import type { SessionClock } from "../context/clock.js";
import type { ElwoodLoopState } from "../contract/loops.js";
import { cadenceOf } from "./jitter.js";
import { byDueThenId } from "./snapshot.js";

/** What loops use of the session's clock. */
export type LoopClock = Pick<SessionClock, "now" | "set">;

interface Entry {
  readonly definition: LoopDefinition;
  state: ElwoodLoopState;
  /** scheduled: the next due time; due: the time it became due (scheduledDueAt). */
  dueAt?: number | undefined;
  /** A fixed loop's clock restarted at submission, running while its turn is in flight. */
  nextClockAt?: number | undefined;
  cancelDue?: (() => void) | undefined;
  cancelExpiry?: (() => void) | undefined;
}

interface LoopSchedulerOptions {
  readonly clock: LoopClock;
  /** A loop just became due; the service submits it if the session is ready. */
  readonly onDue: () => void;
  readonly onExpired: (id: string) => void;
  /** Arming a timer threw; the loop stays `waiting` until the next ready. */
  readonly onSchedulingFailed: (id: string, error: unknown) => void;
}

export class LoopScheduler {
  readonly #entries = new Map<string, Entry>();
  readonly #options: LoopSchedulerOptions;

  constructor(options: LoopSchedulerOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  definitions(): LoopDefinition[] {
    return [...this.#entries.values()].map((entry) => entry.definition);
  }

  entry(id: string): Readonly<Entry> | undefined {
    return this.#entries.get(id);
  }

  /** A live creation starts its clock (idle: only on a ready session); a restored one waits. */
  add(definition: LoopDefinition, context: { isLive: boolean; isReady: boolean }): void {
    const entry: Entry = { definition, state: "waiting" };
    this.#entries.set(definition.id, entry);
    if (!context.isLive) return;
    this.#armExpiry(entry);
    // The clock starts at creation itself, not after the sidecar write that preceded this.
    if (definition.mode === "fixed" || context.isReady) this.#schedule(entry, definition.createdAt);
  }

  remove(id: string): boolean {
    const entry = this.#entries.get(id);
    if (entry === undefined) return false;
    this.#disarm(entry);
    entry.cancelExpiry?.();
    this.#entries.delete(id);
    return true;
  }

  /** A ready transition: waiting clocks start fresh, submitted loops rearm. */
  ready(): void {
    const now = this.#now();
    for (const entry of this.#entries.values()) {
      if (entry.cancelExpiry === undefined) this.#armExpiry(entry);
      if (entry.state === "waiting") this.#schedule(entry, now);
      else if (entry.state === "submitted") this.#rearmAfterTurn(entry, now);
    }
  }

  /** Non-loop activity: every idle loop not awaiting its own turn starts over. */
  nonLoopActivity(isReady: boolean): void {
    for (const entry of this.#entries.values()) {
      if (entry.definition.mode === "idle" && entry.state !== "submitted") {
        this.#restart(entry, isReady);
      }
    }
  }

  /** The next due loop: earliest due time, then id. */
  nextDue(): LoopDefinition | undefined {
    const due = [...this.#entries.values()].filter((entry) => entry.state === "due");
    return due.sort(byDueThenId)[0]?.definition;
  }

  /** The loop's message went in at `at`: a fixed clock restarts from the actual submission. */
  submitted(id: string, at: number): void {
    const entry = this.#entries.get(id);
    if (entry === undefined) return;
    this.#disarm(entry);
    this.#setState(entry, "submitted");
    const { definition } = entry;
    if (definition.mode !== "fixed") return;
    const nextClockAt = at + definition.intervalMs + definition.jitterMs;
    entry.nextClockAt = nextClockAt;
    this.#arm(entry, nextClockAt, () => {
      entry.nextClockAt = undefined;
      this.#becomeDue(entry, nextClockAt);
    });
  }

  /** After a live failure: a fresh cadence from now. */
  rearm(id: string, isReady: boolean): void {
    const entry = this.#entries.get(id);
    if (entry !== undefined) this.#restart(entry, isReady);
  }

  /** Stop, exit or closing: timers go, transient due state is discarded. */
  suspend(): void {
    for (const entry of this.#entries.values()) {
      this.#disarm(entry);
      entry.cancelExpiry?.();
      entry.cancelExpiry = undefined;
      this.#setState(entry, "waiting");
    }
  }

  isExpired(id: string): boolean {
    const entry = this.#entries.get(id);
    return entry !== undefined && this.#now() >= entry.definition.expiresAt;
  }

  // A fresh cadence from now; an idle loop off a ready session waits for the next ready.
  #restart(entry: Entry, isReady: boolean): void {
    this.#disarm(entry);
    if (entry.definition.mode === "fixed" || isReady) this.#schedule(entry, this.#now());
    else this.#setState(entry, "waiting");
  }

  #schedule(entry: Entry, from: number): void {
    const dueAt = from + cadenceOf(entry.definition) + entry.definition.jitterMs;
    this.#setState(entry, "scheduled", dueAt);
    this.#arm(entry, dueAt, () => this.#becomeDue(entry, dueAt));
  }

  // A fixed loop whose restarted clock already ran out during its turn is due at once.
  #rearmAfterTurn(entry: Entry, now: number): void {
    const { nextClockAt } = entry;
    if (entry.definition.mode === "idle" || nextClockAt === undefined) {
      this.#schedule(entry, now);
      return;
    }
    this.#setState(entry, "scheduled", nextClockAt);
  }

  // A fixed clock that runs out during the loop's own turn makes it due too: it then
  // submits at the ready transition that ends that turn, never twice.
  #becomeDue(entry: Entry, dueAt: number): void {
    entry.cancelDue = undefined;
    entry.nextClockAt = undefined;
    if (this.#now() >= entry.definition.expiresAt) {
      this.#options.onExpired(entry.definition.id);
      return;
    }
    this.#setState(entry, "due", dueAt);
    this.#options.onDue();
  }

  #arm(entry: Entry, at: number, callback: () => void): void {
    entry.cancelDue = this.#timer(entry, at, callback, () => this.#setState(entry, "waiting"));
  }

  #armExpiry(entry: Entry): void {
    const { id, expiresAt } = entry.definition;
    entry.cancelExpiry = this.#timer(entry, expiresAt, () => this.#options.onExpired(id));
  }

  // Loop timers are unref'd: a pending loop must never keep the parent process alive.
  #timer(entry: Entry, at: number, callback: () => void, onFailure?: () => void) {
    const delay = Math.max(0, at - this.#now());
    try {
      return this.#options.clock.set(callback, delay, { unref: true });
    } catch (error) {
      onFailure?.();
      this.#options.onSchedulingFailed(entry.definition.id, error);
      return undefined;
    }
  }

  #disarm(entry: Entry): void {
    entry.cancelDue?.();
    entry.cancelDue = undefined;
    entry.nextClockAt = undefined;
  }

  #setState(entry: Entry, state: ElwoodLoopState, dueAt?: number): void {
    entry.state = state;
    if (dueAt === undefined) delete entry.dueAt;
    else entry.dueAt = dueAt;
  }

  #now(): number {
    return this.#options.clock.now();
  }
}
