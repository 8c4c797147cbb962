// The one owner of pending approvals (prd/approvals.md): park, list, answer (first wins),
// expire, close. Every way out settles the waiting hook once; all but an answer with no
// decision, so the CLI falls back to its own dialog and a human there can still answer.

import { randomBytes } from "node:crypto";
import type { HookAbandonReason } from "../../bridge/catalogue.js";
import { ElwoodError } from "../../errors.js";
import { TypedEmitter } from "../../events/emitter.js";
import { SessionClock } from "../context/clock.js";
import type {
  ApprovalRequest,
  ElwoodApproval,
  ElwoodApprovalAnswer,
  ElwoodApprovalCancelReason,
  ElwoodApprovalEvent,
} from "./types.js";

/** How long settled ids are remembered so a late answer is told "already settled". */
const REMEMBERED_SETTLED = 256;

interface Pending {
  readonly approval: ElwoodApproval;
  readonly isStillAnswerable: (() => boolean) | undefined;
  readonly settle: (answer: ElwoodApprovalAnswer | undefined) => void;
  readonly cancelTimer: () => void;
}

type SettledHow = "answered" | "expired" | "cancelled";

interface Settled {
  readonly how: SettledHow;
  readonly reason?: ElwoodApprovalCancelReason;
}

/** The cancel reason of an aborted hook signal (bridge HookAbandonReason). */
function cancelReasonOf(signalReason: unknown): ElwoodApprovalCancelReason {
  const reason = signalReason as HookAbandonReason | undefined;
  if (reason === "bridge_closed") return "session_ended";
  if (reason === "deadline") return "deadline";
  return "request_ended";
}

export class ApprovalBroker {
  readonly #expireAfterMs: number;
  readonly #clock: SessionClock;
  readonly #pending = new Map<string, Pending>();
  readonly #settled = new Map<string, Settled>();
  readonly #events = new TypedEmitter<{ approval: ElwoodApprovalEvent }>();
  #closed = false;

  /** `expireAfterMs` was validated by the caller; the clock runs on the system's time. */
  constructor(expireAfterMs: number, clock = new SessionClock()) {
    this.#expireAfterMs = expireAfterMs;
    this.#clock = clock;
  }

  /**
   * Parks one request until it is answered (resolves the answer) or expires, the broker
   * closes or `abandoned` aborts (resolves undefined: no decision). Never rejects.
   * `isStillAnswerable` is asked right before an answer settles it (an approval answered
   * on screen: is its dialog still there?); false should abort `abandoned`, and the
   * answer then finds it settled.
   */
  park(
    request: ApprovalRequest,
    abandoned?: AbortSignal,
    isStillAnswerable?: () => boolean,
  ): Promise<ElwoodApprovalAnswer | undefined> {
    if (this.#closed || abandoned?.aborted === true) return Promise.resolve(undefined);
    const createdAt = this.#clock.now();
    const approval: ElwoodApproval = Object.freeze({
      ...request,
      id: `apr_${randomBytes(12).toString("base64url")}`,
      createdAt,
      expiresAt: createdAt + this.#expireAfterMs,
    });
    return new Promise((resolve) => {
      const cancelExpiry = this.#clock.set(
        () => this.#finish(approval.id, { how: "expired" }, undefined),
        this.#expireAfterMs,
      );
      // The CLI stopped waiting (interrupted, session ended): nobody can act on an answer.
      const onAbandoned = () =>
        this.#finish(
          approval.id,
          { how: "cancelled", reason: cancelReasonOf(abandoned?.reason) },
          undefined,
        );
      abandoned?.addEventListener("abort", onAbandoned, { once: true });
      this.#pending.set(approval.id, {
        approval,
        isStillAnswerable,
        settle: resolve,
        cancelTimer: () => {
          cancelExpiry();
          abandoned?.removeEventListener("abort", onAbandoned);
        },
      });
      this.#events.emit("approval", { type: "created", approval });
    });
  }

  /** The pending approvals, oldest first. */
  pending(): readonly ElwoodApproval[] {
    return [...this.#pending.values()].map((entry) => entry.approval);
  }

  /**
   * Answers one pending approval; the first answer wins. An id that was pending and no
   * longer is → `approval_settled`; an id never seen → `approval_not_found`.
   */
  answer(id: string, answer: ElwoodApprovalAnswer): ElwoodApproval {
    const entry = this.#pending.get(id);
    if (entry === undefined) throw this.#notPending(id);
    // What it answers may have gone this instant (a dialog answered at the terminal).
    if (entry.isStillAnswerable?.() === false && this.#pending.has(id)) {
      this.#finish(id, { how: "cancelled", reason: "request_ended" }, undefined);
    }
    if (!this.#pending.has(id)) throw this.#notPending(id);
    this.#finish(id, { how: "answered" }, answer);
    return entry.approval;
  }

  on(listener: (event: ElwoodApprovalEvent) => void): () => void {
    return this.#events.on("approval", listener);
  }

  /** Settles every pending approval with no decision (fail open); later parks get none. */
  close(): void {
    this.#closed = true;
    for (const id of [...this.#pending.keys()]) {
      this.#finish(id, { how: "cancelled", reason: "closed" }, undefined);
    }
  }

  #finish(id: string, settled: Settled, answer: ElwoodApprovalAnswer | undefined): void {
    const entry = this.#pending.get(id);
    if (entry === undefined) return;
    this.#pending.delete(id);
    entry.cancelTimer();
    this.#settled.set(id, settled);
    const oldest = this.#settled.keys().next().value;
    if (this.#settled.size > REMEMBERED_SETTLED && oldest !== undefined) {
      this.#settled.delete(oldest);
    }
    entry.settle(answer);
    const { approval } = entry;
    this.#events.emit("approval", settledEvent(approval, settled, answer));
  }

  #notPending(id: string): ElwoodError {
    const settled = this.#settled.get(id);
    if (settled === undefined) {
      return new ElwoodError(
        "approval_not_found",
        `No approval with id ${JSON.stringify(id)}; list the pending ones to find it.`,
        { details: { approvalId: id } },
      );
    }
    const { how, reason } = settled;
    const why = reason === undefined ? "" : ` (${CANCEL_REASON_TEXT[reason]})`;
    return new ElwoodError(
      "approval_settled",
      `Approval ${id} is no longer pending: it was ${how}${why}. The first answer wins.`,
      { details: { approvalId: id, settled: how, ...(reason && { reason }) } },
    );
  }
}

const CANCEL_REASON_TEXT: Readonly<Record<ElwoodApprovalCancelReason, string>> = {
  request_ended: "the agent stopped waiting for it: interrupted, timed out or exited",
  session_ended: "its session ended",
  deadline: "its handler's deadline passed",
  closed: "the approvals were closed",
};

function settledEvent(
  approval: ElwoodApproval,
  { how, reason }: Settled,
  answer: ElwoodApprovalAnswer | undefined,
): ElwoodApprovalEvent {
  if (how === "answered" && answer !== undefined) return { type: "answered", approval, answer };
  if (how === "expired") return { type: "expired", approval };
  return { type: "cancelled", approval, reason: reason ?? "closed" };
}
