// The public loop types of seeds §5.9: requests, snapshots and the live `loop` event
// union. Times are Unix epoch milliseconds; intervals and jitter are integer ms.

export type ElwoodLoopRequest =
  | {
      readonly mode: "fixed";
      readonly intervalMs: number;
      readonly message: string;
    }
  | {
      readonly mode: "idle";
      readonly message: string;
    };

export type ElwoodLoopState = "waiting" | "scheduled" | "due" | "submitted";

export interface ElwoodLoopSnapshot {
  readonly id: string;
  readonly message: string;
  readonly mode: "fixed" | "idle";
  /** Present only for fixed loops. */
  readonly intervalMs?: number;
  readonly jitterMs: number;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly state: ElwoodLoopState;
  /** Present only while a live loop is `scheduled`. */
  readonly nextDueAt?: number;
}

/** Events never carry the stored prompt: a loop is identified only by its id. */
export type ElwoodLoopEventSnapshot = Omit<ElwoodLoopSnapshot, "message">;

export type ElwoodLoopEvent =
  | {
      readonly kind: "created";
      readonly loopId: string;
      readonly at: number;
      readonly snapshot: ElwoodLoopEventSnapshot;
    }
  | {
      readonly kind: "fired";
      readonly loopId: string;
      readonly scheduledDueAt: number;
      readonly submittedAt: number;
      readonly snapshot: ElwoodLoopEventSnapshot & { readonly state: "submitted" };
    }
  | {
      readonly kind: "cancelled";
      readonly loopId: string;
      readonly at: number;
      readonly reason: "caller" | "kill" | "teardown";
    }
  | {
      readonly kind: "expired";
      readonly loopId: string;
      readonly at: number;
    }
  | {
      readonly kind: "failed";
      readonly loopId: string;
      readonly at: number;
      readonly phase: "persistence" | "scheduling" | "submission";
      readonly snapshot?: ElwoodLoopEventSnapshot;
      readonly code: "loop_persistence_failed" | "loop_submission_failed";
      readonly message: string;
    };
