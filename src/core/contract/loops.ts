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

export type ElwoodLoopEvent = {
  [Kind in keyof LoopEventDetails]: { readonly kind: Kind; readonly loopId: string } & Readonly<
    LoopEventDetails[Kind]
  >;
}[keyof LoopEventDetails];

/** What each loop event kind carries besides its loop id. */
interface LoopEventDetails {
  created: { at: number; snapshot: ElwoodLoopEventSnapshot };
  fired: {
    scheduledDueAt: number;
    submittedAt: number;
    snapshot: ElwoodLoopEventSnapshot & { readonly state: "submitted" };
  };
  cancelled: { at: number; reason: "caller" | "kill" | "teardown" };
  expired: { at: number };
  failed: {
    at: number;
    phase: "persistence" | "scheduling" | "submission";
    snapshot?: ElwoodLoopEventSnapshot;
    code: "loop_persistence_failed" | "loop_submission_failed";
    message: string;
  };
}
