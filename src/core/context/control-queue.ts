// One control queue per session: every write that submits something goes through it,
// so one operation's paste and delayed Enter finish before the next one writes
// (api.md "Control queue": 1,024 operations / 8 MiB, readiness-waiting vs immediate).
import { ElwoodError } from "../../errors.js";

export const QUEUE_MAX_OPERATIONS = 1024;
export const QUEUE_MAX_BYTES = 8 * 1024 * 1024;

/** Readiness-waiting ops need a ready transition; immediate ops only need a safe screen. */
export type OperationClass = "readiness" | "immediate";

export interface QueueOperation {
  readonly kind: string;
  readonly operationClass: OperationClass;
  /**
   * False for commands (compact, model pickers, login): they wait for readiness but
   * leave the ready transition to the next submission, or the session would deadlock.
   */
  readonly consumesReady?: boolean;
  /** UTF-8 bytes of the text this op carries, measured before sanitization. */
  readonly bytes: number;
  /** Performs the writes. Runs alone: nothing else in the queue writes meanwhile. */
  run(): Promise<void>;
  /**
   * Aborted by a caller that gave up (its turn timed out): a still-waiting op leaves the
   * queue, frees its reservation and rejects with the abort reason; a dispatched one
   * finishes, since half a submission is worse than a late one.
   */
  readonly signal?: AbortSignal;
}

interface Pending {
  readonly op: QueueOperation;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export interface ControlQueueOptions {
  /** True while the session is ready for the next readiness-waiting op. */
  readonly isReady: () => boolean;
  /** Called when a readiness-waiting op is dispatched: it consumes the ready transition. */
  readonly consumeReady: () => void;
  readonly maxOperations?: number;
  readonly maxBytes?: number;
}

export class ControlQueue {
  readonly #pending: Pending[] = [];
  readonly #options: ControlQueueOptions;
  #active: Pending | undefined;
  #closedWith: ElwoodError | undefined;
  #bytes = 0;

  constructor(options: ControlQueueOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#pending.length + (this.#active === undefined ? 0 : 1);
  }

  get isIdle(): boolean {
    return this.#active === undefined && this.#pending.length === 0;
  }

  /** The kind of the op writing right now, if any (tells a loop turn from others). */
  get activeKind(): string | undefined {
    return this.#active?.op.kind;
  }

  /** Admits an op or rejects at once with input_queue_full; resolves when its run settles. */
  enqueue(op: QueueOperation): Promise<void> {
    if (this.#closedWith !== undefined) return Promise.reject(this.#closedWith);
    const maxOps = this.#options.maxOperations ?? QUEUE_MAX_OPERATIONS;
    const maxBytes = this.#options.maxBytes ?? QUEUE_MAX_BYTES;
    if (this.size + 1 > maxOps || this.#bytes + op.bytes > maxBytes) {
      return Promise.reject(
        new ElwoodError(
          "input_queue_full",
          `The input queue is full (limits: ${maxOps} operations, ${maxBytes} bytes); wait for queued input to be submitted and try again.`,
          { details: { queuedOperations: this.size, queuedBytes: this.#bytes } },
        ),
      );
    }
    const { signal } = op;
    if (signal?.aborted === true) return Promise.reject(signal.reason);
    this.#bytes += op.bytes;
    return new Promise<void>((resolve, reject) => {
      const pending: Pending = { op, resolve, reject };
      this.#pending.push(pending);
      signal?.addEventListener("abort", () => this.#withdraw(pending, signal.reason), {
        once: true,
      });
      this.pump();
    });
  }

  /** Re-evaluates what may run now; call whenever readiness or screen safety changes. */
  pump(): void {
    if (this.#active !== undefined || this.#closedWith !== undefined) return;
    // A not-ready readiness-waiting head holds the other readiness ops; immediate ops overtake it.
    const ready = this.#options.isReady();
    const index = this.#pending.findIndex(({ op }) => ready || op.operationClass === "immediate");
    if (index === -1) return;
    const [next] = this.#pending.splice(index, 1);
    if (next === undefined) return;
    this.#active = next;
    if (next.op.operationClass === "readiness" && next.op.consumesReady !== false) {
      this.#options.consumeReady();
    }
    void this.#run(next);
  }

  /** Rejects every waiting op; the active one finishes its write but later calls fail. */
  close(error: ElwoodError): void {
    if (this.#closedWith !== undefined) return;
    this.#closedWith = error;
    for (const pending of this.#pending.splice(0)) {
      this.#bytes -= pending.op.bytes;
      pending.reject(error);
    }
  }

  #withdraw(pending: Pending, reason: unknown): void {
    const index = this.#pending.indexOf(pending);
    if (index === -1) return;
    this.#pending.splice(index, 1);
    this.#bytes -= pending.op.bytes;
    pending.reject(reason);
  }

  async #run(pending: Pending): Promise<void> {
    try {
      await pending.op.run();
      pending.resolve();
    } catch (error) {
      pending.reject(error);
    } finally {
      this.#bytes -= pending.op.bytes;
      this.#active = undefined;
      queueMicrotask(() => this.pump());
    }
  }
}
