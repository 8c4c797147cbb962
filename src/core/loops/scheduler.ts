// The loop timing rules as a pure state machine over the session's clock (§5.9,
// C-LOOP-05…09, 12, 13). It holds no session: the service tells it about readiness,
// activity and submissions, and it calls back when a loop is due or expired. Jitter is
// stable and delay-only (C-LOOP-07): derived once from the id at creation, then persisted.
import { createHash } from "node:crypto";
import type { LoopDefinition } from "../../state/loop-sidecar.js";
import type { SessionClock } from "../context/clock.js";
import type { ElwoodLoopState } from "../contract/loops.js";

/** What loops use of the session's clock. */
export type LoopClock = Pick<SessionClock, "now" | "set">;

const IDLE_CADENCE_MS = 300_000;
const MAX_JITTER_MS = 30_000;

export function maxJitterMs(cadenceMs: number): number {
  return Math.min(Math.floor(cadenceMs / 10), MAX_JITTER_MS);
}

/** The same id and cadence always give the same offset. */
export function jitterFor(id: string, cadenceMs: number): number {
  const digest = createHash("sha256").update(id, "utf8").digest();
  return digest.readUInt32BE(0) % (maxJitterMs(cadenceMs) + 1);
}

/** The cadence a loop's jitter and clock use: its interval, or the idle threshold. */
export function cadenceOf(loop: { readonly mode: "fixed" | "idle"; readonly intervalMs?: number }) {
  return loop.mode === "fixed" && loop.intervalMs !== undefined ? loop.intervalMs : IDLE_CADENCE_MS;
}

/** listLoops order: creation time, then id. */
export function byCreation(a: LoopDefinition, b: LoopDefinition): number {
  return a.createdAt - b.createdAt || compareIds(a.id, b.id);
}

function byDueThenId(a: LoopEntry, b: LoopEntry): number {
  return (a.dueAt ?? 0) - (b.dueAt ?? 0) || compareIds(a.definition.id, b.definition.id);
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface LoopEntry {
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
  readonly #entries = new Map<string, LoopEntry>();
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

  entry(id: string): Readonly<LoopEntry> | undefined {
    return this.#entries.get(id);
  }

  /** A live creation starts its clock (idle: only on a ready session); a restored one waits. */
  add(definition: LoopDefinition, context: { isLive: boolean; isReady: boolean }): void {
    const entry: LoopEntry = { definition, state: "waiting" };
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
  #restart(entry: LoopEntry, isReady: boolean): void {
    this.#disarm(entry);
    if (entry.definition.mode === "fixed" || isReady) this.#schedule(entry, this.#now());
    else this.#setState(entry, "waiting");
  }

  #schedule(entry: LoopEntry, from: number): void {
    const dueAt = from + cadenceOf(entry.definition) + entry.definition.jitterMs;
    this.#setState(entry, "scheduled", dueAt);
    this.#arm(entry, dueAt, () => this.#becomeDue(entry, dueAt));
  }

  // A fixed loop whose restarted clock already ran out during its turn is due at once.
  #rearmAfterTurn(entry: LoopEntry, now: number): void {
    const { nextClockAt } = entry;
    if (entry.definition.mode === "idle" || nextClockAt === undefined) {
      this.#schedule(entry, now);
      return;
    }
    this.#setState(entry, "scheduled", nextClockAt);
  }

  // A fixed clock that runs out during the loop's own turn makes it due too: it then
  // submits at the ready transition that ends that turn, never twice.
  #becomeDue(entry: LoopEntry, dueAt: number): void {
    entry.cancelDue = undefined;
    entry.nextClockAt = undefined;
    if (this.#now() >= entry.definition.expiresAt) {
      this.#options.onExpired(entry.definition.id);
      return;
    }
    this.#setState(entry, "due", dueAt);
    this.#options.onDue();
  }

  #arm(entry: LoopEntry, at: number, callback: () => void): void {
    entry.cancelDue = this.#timer(entry, at, callback, () => this.#setState(entry, "waiting"));
  }

  #armExpiry(entry: LoopEntry): void {
    const { id, expiresAt } = entry.definition;
    entry.cancelExpiry = this.#timer(entry, expiresAt, () => this.#options.onExpired(id));
  }

  // Loop timers are unref'd: a pending loop must never keep the parent process alive.
  #timer(entry: LoopEntry, at: number, callback: () => void, onFailure?: () => void) {
    const delay = Math.max(0, at - this.#now());
    try {
      return this.#options.clock.set(callback, delay, { unref: true });
    } catch (error) {
      onFailure?.();
      this.#options.onSchedulingFailed(entry.definition.id, error);
      return undefined;
    }
  }

  #disarm(entry: LoopEntry): void {
    entry.cancelDue?.();
    entry.cancelDue = undefined;
    entry.nextClockAt = undefined;
  }

  #setState(entry: LoopEntry, state: ElwoodLoopState, dueAt?: number): void {
    entry.state = state;
    if (dueAt === undefined) delete entry.dueAt;
    else entry.dueAt = dueAt;
  }

  #now(): number {
    return this.#options.clock.now();
  }
}
