// Loop management for one session (§5.9, prd/loops.md): create/list/cancel, the sidecar
// writes, due loops submitted one per ready transition, `loop` events, and which turns
// are loop turns (started by a `loop` queue op; one until the next ready).
import { randomUUID } from "node:crypto";
import { ElwoodError } from "../../errors.js";
import { LOOP_LIFETIME_MS, type LoopDefinition } from "../../state/loop-sidecar.js";
import type { ElwoodLoopEvent, ElwoodLoopRequest, ElwoodLoopSnapshot } from "../contract/loops.js";
import type { ElwoodSessionStatus } from "../contract/status.js";
import { byCreation, cadenceOf, jitterFor, type LoopClock, LoopScheduler } from "./scheduler.js";
import { redactedSnapshotOf, snapshotOf } from "./snapshot.js";
import { loopNotFound } from "./validate.js";

export const MAX_LOOPS_PER_SESSION = 50;
/** The control-queue op kind of a loop submission. */
const LOOP_OPERATION_KIND = "loop";

/** What the launcher gives a runtime: restored definitions and the sidecar writer. */
export type RuntimeLoopOptions = Pick<LoopHost, "writeLoops"> & {
  readonly restored: readonly LoopDefinition[];
};

export interface LoopHost {
  readonly clock: LoopClock;
  /** Replaces the sidecar with exactly these definitions. */
  writeLoops(loops: readonly LoopDefinition[]): Promise<void>;
  emit(event: ElwoodLoopEvent): void;
  /** The session can still run turns (not stopped, exited, killed or torn down). */
  isLive(): boolean;
  /** Ready, with nothing else waiting to use this ready transition. */
  canSubmitNow(): boolean;
  /** Submits through the control queue as a loop op; resolves once it went in. */
  submit(message: string): Promise<void>;
  newId?: () => string;
}

export class LoopService {
  readonly #host: LoopHost;
  readonly #scheduler: LoopScheduler;
  #writes: Promise<unknown> = Promise.resolve();
  #inFlight: string | undefined;
  #isCleared = false;
  #isLoopTurn = false;

  /** `restored` comes from a validated sidecar; expired ones are pruned silently. */
  constructor(host: LoopHost, restored: readonly LoopDefinition[] = []) {
    this.#host = host;
    this.#scheduler = new LoopScheduler({
      clock: host.clock,
      onDue: () => this.dispatch(),
      onExpired: (id) => void this.#expire(id),
      onSchedulingFailed: (id, error) => this.#fail(id, "scheduling", error),
    });
    const now = host.clock.now();
    const alive = restored.filter((loop) => now < loop.expiresAt);
    for (const loop of alive) this.#scheduler.add(loop, { isLive: false, isReady: false });
    if (alive.length !== restored.length) void this.#persist().catch(() => {});
  }

  /** `valid` was checked at the session's boundary (validateLoopRequest). */
  async create(valid: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    if (!this.#host.isLive()) throw notLive();
    return this.#serialized(async () => {
      if (!this.#host.isLive()) throw notLive();
      this.#pruneExpired();
      if (this.#scheduler.size >= MAX_LOOPS_PER_SESSION) {
        throw new ElwoodError(
          "loop_limit_reached",
          `A session holds at most ${MAX_LOOPS_PER_SESSION} unexpired loops; cancel one first.`,
          { details: { limit: MAX_LOOPS_PER_SESSION } },
        );
      }
      const id = this.#host.newId?.() ?? `loop-${randomUUID()}`;
      const createdAt = this.#host.clock.now();
      const definition: LoopDefinition = {
        id,
        ...valid,
        jitterMs: jitterFor(id, cadenceOf(valid)),
        createdAt,
        expiresAt: createdAt + LOOP_LIFETIME_MS,
      };
      await this.#write([...this.#scheduler.definitions(), definition]);
      this.#scheduler.add(definition, { isLive: true, isReady: this.#host.canSubmitNow() });
      const view = this.#view(id);
      this.#host.emit({ kind: "created", loopId: id, at: createdAt, snapshot: view.redacted });
      return view.full;
    });
  }

  async list(): Promise<readonly ElwoodLoopSnapshot[]> {
    await this.#writes.catch(() => undefined);
    this.#pruneExpired();
    const loops = this.#scheduler.definitions().sort(byCreation);
    return Object.freeze(loops.map((loop) => this.#view(loop.id).full));
  }

  cancel(loopId: string): Promise<void> {
    return this.#serialized(async () => {
      this.#pruneExpired();
      if (this.#scheduler.entry(loopId) === undefined) throw loopNotFound(loopId);
      await this.#write(this.#scheduler.definitions().filter((loop) => loop.id !== loopId));
      this.#scheduler.remove(loopId);
      this.#host.emit({ kind: "cancelled", loopId, at: this.#host.clock.now(), reason: "caller" });
    });
  }

  /** Every status change, with the kind of the control-queue op running at that moment. */
  onStatus(status: ElwoodSessionStatus, activeOperationKind: string | undefined): void {
    if (status === "ready") {
      this.onReady();
      this.#isLoopTurn = false;
      return;
    }
    if (status !== "running" && status !== "blocked") return;
    if (activeOperationKind !== undefined) {
      this.#isLoopTurn = activeOperationKind === LOOP_OPERATION_KIND;
    }
    // A turn no loop started (the caller's, or typed into the TUI) is non-loop activity.
    if (!this.#isLoopTurn) this.onNonLoopActivity(false);
  }

  /** Caller input (send*, sendKeys). */
  onCallerInput(): void {
    this.onNonLoopActivity(this.#host.canSubmitNow());
  }

  /** A ready transition: restart waiting clocks and rearm loops whose turn just ended. */
  onReady(): void {
    if (!this.#isCleared) this.#scheduler.ready();
  }

  /** Caller input, or a turn that no loop started: every idle loop starts over. */
  onNonLoopActivity(isReady: boolean): void {
    if (!this.#isCleared) this.#scheduler.nonLoopActivity(isReady);
  }

  /** Submits the earliest due loop when the session can take it now; one at a time. */
  dispatch(): void {
    while (this.#inFlight === undefined && this.#host.isLive() && this.#host.canSubmitNow()) {
      const next = this.#scheduler.nextDue();
      if (next === undefined) return;
      // Expiry observed before submission wins; the next candidate goes at once.
      if (this.#scheduler.isExpired(next.id)) {
        void this.#expire(next.id);
        continue;
      }
      this.#submit(next);
    }
  }

  /** Stop or exit: definitions stay for resume, transient due state goes. */
  suspend(): void {
    this.#scheduler.suspend();
  }

  /** Kill or teardown: waits for pending writes, removes the sidecar, announces each loop. */
  async clear(reason: "kill" | "teardown", removeState: () => Promise<void>): Promise<void> {
    this.#isCleared = true;
    this.#scheduler.suspend();
    await this.#writes.catch(() => undefined);
    await removeState();
    const at = this.#host.clock.now();
    for (const loop of this.#scheduler.definitions().sort(byCreation)) {
      this.#scheduler.remove(loop.id);
      this.#host.emit({ kind: "cancelled", loopId: loop.id, at, reason });
    }
  }

  #submit(loop: LoopDefinition): void {
    const entry = this.#scheduler.entry(loop.id);
    const scheduledDueAt = entry?.dueAt ?? this.#host.clock.now();
    this.#inFlight = loop.id;
    this.#host.submit(loop.message).then(
      () => {
        this.#inFlight = undefined;
        const submittedAt = this.#host.clock.now();
        if (this.#scheduler.entry(loop.id) === undefined) return;
        this.#scheduler.submitted(loop.id, submittedAt);
        const snapshot = { ...this.#view(loop.id).redacted, state: "submitted" as const };
        this.#host.emit({ kind: "fired", loopId: loop.id, scheduledDueAt, submittedAt, snapshot });
      },
      (error: unknown) => {
        this.#inFlight = undefined;
        // A session that went away keeps the definition waiting for resume, silently.
        if (!this.#host.isLive() || this.#scheduler.entry(loop.id) === undefined) return;
        this.#fail(loop.id, "submission", error);
        this.dispatch();
      },
    );
  }

  #fail(id: string, phase: "scheduling" | "submission", error: unknown): void {
    if (phase === "submission") this.#scheduler.rearm(id, this.#host.canSubmitNow());
    const reason = ElwoodError.is(error) ? error.name : "unexpected error";
    this.#host.emit({
      kind: "failed",
      loopId: id,
      at: this.#host.clock.now(),
      phase,
      code: "loop_submission_failed",
      message: `Loop ${id} could not be ${phase === "scheduling" ? "scheduled" : "submitted"} (${reason}); it will try again at its next occurrence.`,
      snapshot: this.#view(id).redacted,
    });
  }

  // Live expiry is announced; pruning on a stopped or exited session is silent.
  async #expire(id: string): Promise<void> {
    if (!this.#scheduler.remove(id)) return;
    const at = this.#host.clock.now();
    if (this.#host.isLive()) this.#host.emit({ kind: "expired", loopId: id, at });
    await this.#persist().catch(() => {
      if (!this.#host.isLive()) return;
      this.#host.emit({
        kind: "failed",
        loopId: id,
        at,
        phase: "persistence",
        code: "loop_persistence_failed",
        message: `Could not remove expired loop ${id} from the sidecar; resume prunes it.`,
      });
    });
  }

  #pruneExpired(): void {
    const now = this.#host.clock.now();
    for (const loop of this.#scheduler.definitions()) {
      if (now >= loop.expiresAt) void this.#expire(loop.id);
    }
  }

  #persist(): Promise<void> {
    return this.#serialized(() => this.#write(this.#scheduler.definitions()));
  }

  async #write(loops: readonly LoopDefinition[]): Promise<void> {
    if (this.#isCleared) throw notLive();
    try {
      await this.#host.writeLoops(loops);
    } catch (error) {
      throw new ElwoodError("loop_persistence_failed", "Could not write the loop sidecar.", {
        cause: error,
        details: { loopCount: loops.length },
      });
    }
  }

  // Sidecar writes run one at a time so each replaces the file with the latest set.
  #serialized<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#writes.then(run);
    this.#writes = result.catch(() => undefined);
    return result;
  }

  #view(id: string) {
    const entry = this.#scheduler.entry(id);
    if (entry === undefined) throw new ElwoodError("loop_not_found", `Loop ${id} is gone.`);
    return { full: snapshotOf(entry), redacted: redactedSnapshotOf(entry) };
  }
}

function notLive(): ElwoodError {
  return new ElwoodError("session_not_running", "Loops can only be created on a live session.");
}
